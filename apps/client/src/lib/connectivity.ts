import { useSyncExternalStore } from 'react'

// The browser's online flag is sure only when it says no: venue wifi often connects without
// reaching the internet. So every request also reports whether the server answered.
let isServerReachable = true
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())

function reportReachable(isReachable: boolean) {
  if (isReachable === isServerReachable) return
  isServerReachable = isReachable
  notify()
}

/** Whether requests can be expected to reach the server now. */
export const isOnline = () => navigator.onLine && isServerReachable

export function subscribeConnectivity(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// There is no window when the signed-out pages are prerendered at build time.
if (typeof window !== 'undefined') {
  window.addEventListener('offline', notify)
  // The browser says it is back: worth trying again, and the next request will tell.
  window.addEventListener('online', () => {
    isServerReachable = true
    notify()
  })
}

/** fetch, reporting whether the server answered (any status) or could not be reached. */
export const reportingFetch: typeof fetch = (input, init) =>
  fetch(input, init).then(
    (response) => {
      reportReachable(true)
      return response
    },
    (error: unknown) => {
      // A request the app cancelled says nothing about the network.
      const isCancelled = (error as { name?: unknown } | null)?.name === 'AbortError'
      if (!isCancelled) reportReachable(false)
      throw error
    },
  )

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline)
}
