import { notifications } from '@mantine/notifications'

export const TOAST_AFTER_RELOAD_KEY = 'toastAfterReload'

export const toast = {
  success(title: string, message: string) {
    notifications.show({ title, message, color: 'teal' })
  },
  /**
   * A success toast now and again after the full page load that follows (a hard redirect wipes
   * the one on screen within moments). Kept for this tab only, and shown once.
   */
  successAcrossReload(title: string, message: string) {
    toast.success(title, message)
    sessionStorage.setItem(TOAST_AFTER_RELOAD_KEY, JSON.stringify({ title, message }))
  },
  error(title: string, message: string) {
    notifications.show({ title, message, color: 'red' })
  },
}

/** Shows the toast saved by `successAcrossReload` before this page load, if any, and forgets it. */
export function showToastFromBeforeReload() {
  const saved = sessionStorage.getItem(TOAST_AFTER_RELOAD_KEY)
  if (saved === null) return
  sessionStorage.removeItem(TOAST_AFTER_RELOAD_KEY)
  try {
    const { title, message } = JSON.parse(saved) as { title: string; message: string }
    toast.success(title, message)
  } catch {
    // Not written by this code: nothing to show.
  }
}
