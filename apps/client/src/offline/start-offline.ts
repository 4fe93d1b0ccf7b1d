import type { AppInstance } from '../app/create-app.ts'
import { startOutbox } from './outbox.ts'
import { persistQueryCache, restoreQueryCache } from './query-persistence.ts'

/** Before the first render: the signed-in user's saved answers, so the app opens with no network. */
export async function restoreSavedData({ queryClient }: AppInstance) {
  await restoreQueryCache(queryClient)
  // Shown at once, refreshed as soon as each screen asks for them online.
  if (navigator.onLine) void queryClient.invalidateQueries()
}

/** After the first render: the service worker, saving the cache, and the outbox. */
export async function startOffline({ queryClient, trpcUtils }: AppInstance) {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void navigator.serviceWorker.register('/sw.js').catch(() => {})
  }
  persistQueryCache(queryClient)
  window.addEventListener('online', () => void queryClient.invalidateQueries())
  await startOutbox({
    currentUserId: () => trpcUtils.auth.me.getData()?.id ?? null,
    onSaved: () =>
      void Promise.all([
        trpcUtils.connections.list.invalidate(),
        trpcUtils.connections.search.invalidate(),
        trpcUtils.events.list.invalidate(),
      ]),
  })
}
