import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser believes it has a network (it is sure only when it says no). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine)
}
