import { Modal } from '@mantine/core'
import type { ReactNode } from 'react'

/** A centred dialog holding a form; what it holds mounts only while it is open, so it opens fresh. */
export function FormDialog({
  title,
  opened,
  onClose,
  children,
}: {
  title: string
  opened: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {opened && children}
    </Modal>
  )
}
