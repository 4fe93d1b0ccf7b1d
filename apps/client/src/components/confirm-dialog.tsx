import { Button, Group, Modal, Stack, Text } from '@mantine/core'

type Props = {
  opened: boolean
  title: string
  message: string
  confirmLabel: string
  busyLabel?: string
  isBusy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** An in-app confirm for destructive actions: touch-sized buttons, Cancel first and focused. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  busyLabel,
  isBusy = false,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={400}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group grow>
          <Button variant="default" onClick={onCancel} h={44} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} disabled={isBusy} h={44}>
            {isBusy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
