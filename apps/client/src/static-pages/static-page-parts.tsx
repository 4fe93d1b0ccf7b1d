import { Button, CloseButton, Group, Notification, Stack, Title } from '@mantine/core'
import { TOAST_AFTER_RELOAD_KEY } from '../lib/toast.ts'
import { WELCOME_TITLE, WelcomeSteps } from '../routes/-landing/welcome-dialog.tsx'
import { WELCOME_DELAY_MS, WELCOME_STORAGE_KEY } from '../routes/-landing/welcome-trigger.tsx'
import { TOAST_DURATION_MS } from '../components/toast-region.tsx'

/**
 * What the app shows with JavaScript that a prerendered page needs as markup: the first-visit
 * welcome dialog and the toast carried across a reload ('Goodbye!' after logout). Both stay hidden
 * until static-page-script.ts opens them, with the app's own keys and timings from the data
 * attributes.
 */
export function StaticPageParts({ withWelcome }: { withWelcome: boolean }) {
  return (
    <>
      {withWelcome && (
        <dialog
          id="welcome-dialog"
          className="static-dialog"
          aria-labelledby="welcome-dialog-title"
          data-storage-key={WELCOME_STORAGE_KEY}
          data-delay-ms={WELCOME_DELAY_MS}
        >
          <form method="dialog">
            <Stack gap="md">
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} size="h4" id="welcome-dialog-title">
                  {WELCOME_TITLE}
                </Title>
                <CloseButton type="submit" aria-label="Close dialog" />
              </Group>
              <WelcomeSteps />
              <Button type="submit" fullWidth>
                Got it
              </Button>
            </Stack>
          </form>
        </dialog>
      )}
      <div
        id="toast-after-reload"
        className="static-toast"
        role="region"
        aria-label="Notifications (F8)"
        data-storage-key={TOAST_AFTER_RELOAD_KEY}
        data-duration-ms={TOAST_DURATION_MS}
        hidden
      >
        <Notification
          color="teal"
          title=" "
          role="status"
          closeButtonProps={{ 'aria-label': 'Close notification' }}
        >
          {' '}
        </Notification>
      </div>
    </>
  )
}
