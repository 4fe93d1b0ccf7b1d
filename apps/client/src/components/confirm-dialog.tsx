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
  /** Its id in an enclosing Modal.Stack, so Escape closes this confirm and not the dialog under it. */
  stackId?: string
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
  stackId,
}: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      // Outside a stack it must sit above the dialog that opened it. A stack orders its dialogs
      // itself, and a raised confirm would lift the whole stack above the toasts (z-index 400).
      zIndex={stackId ? undefined : 400}
      stackId={stackId}
    >
      <Stack gap="md">
        <Text>{message}</Text>
        <Group grow>
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} disabled={isBusy}>
            {isBusy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
