import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core'

const STEPS = [
  {
    title: 'Pick an event',
    text: 'Start with Ideas Fest, our starter event, or any event you are going to.',
  },
  {
    title: 'Add the people you meet',
    text: 'Tag each person with the connection framework: SA, JV, MA, IC or RF.',
  },
  {
    title: 'Follow up later',
    text: 'Your connections become structured data you can filter by event and type.',
  },
]

export const WELCOME_TITLE = 'Welcome to FiveConnect'

/** What the welcome dialog says, in the app's Modal and in the prerendered landing page's dialog. */
export function WelcomeSteps() {
  return (
    <>
      <Text>Networking that pays off, in three steps:</Text>
      <List
        type="ordered"
        spacing="sm"
        icon={null}
        styles={{ itemWrapper: { alignItems: 'flex-start' } }}
      >
        {STEPS.map((step, index) => (
          <List.Item
            key={step.title}
            icon={
              <ThemeIcon size={28} radius="xl" aria-hidden>
                {index + 1}
              </ThemeIcon>
            }
          >
            <Text fw={600}>{step.title}</Text>
            <Text size="sm">{step.text}</Text>
          </List.Item>
        ))}
      </List>
    </>
  )
}

/** The dialog itself; loaded on demand by WelcomeDialogTrigger, so Modal stays out of the first chunk. */
export function WelcomeDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={WELCOME_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <WelcomeSteps />
        <Button onClick={onClose} fullWidth>
          Got it
        </Button>
      </Stack>
    </Modal>
  )
}
