import { notifications } from '@mantine/notifications'
import { TRPCClientError } from '@trpc/client'

export const toast = {
  success(title: string, message: string) {
    notifications.show({ title, message, color: 'teal' })
  },
  error(title: string, message: string) {
    notifications.show({ title, message, color: 'red' })
  },
}

/** The server's message when the server sent one, otherwise the screen's default text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data && error.message) return error.message
  return fallback
}
