import type { AppInstance } from '../app/create-app.ts'
import { firstPage } from '../api/pages.tsx'
import { isOnline, reportingFetch, subscribeConnectivity } from '../lib/connectivity.ts'
import { whenIdle } from '../lib/when-idle.ts'
import { startOutbox } from './outbox.ts'
import { persistQueryCache, restoreQueryCache } from './query-persistence.ts'

const PROBE_EVERY_MS = 10_000

const probeServer = () =>
  reportingFetch('/api/health').then(
    () => true,
    () => false,
  )

/** Before the first render: the signed-in user's saved answers, so the app opens with no network. */
export async function restoreSavedData({ queryClient }: AppInstance) {
  await restoreQueryCache(queryClient)
  // Shown at once, without waiting for the server; refreshed only once it answers, so a dead
  // network keeps them on screen.
  void probeServer().then((isUp) => {
    if (isUp) void queryClient.invalidateQueries()
  })
}

/** Refreshes every answer when the server can be reached again, asking it every 10 s meanwhile. */
function refreshWhenBackOnline({ queryClient }: AppInstance) {
  let wasOnline = isOnline()
  let probe: ReturnType<typeof setInterval> | undefined
  const watchForReturn = () => {
    clearInterval(probe)
    // Wifi without internet: the browser will not say when it is back, so ask.
    if (!isOnline() && navigator.onLine) {
      probe = setInterval(() => void probeServer(), PROBE_EVERY_MS)
    }
  }
  subscribeConnectivity(() => {
    const isOnlineNow = isOnline()
    if (isOnlineNow && !wasOnline) void queryClient.invalidateQueries()
    wasOnline = isOnlineNow
    watchForReturn()
  })
  watchForReturn()
}

/**
 * The newest page of the user's connections, in the cache that is saved on the device; the pages the
 * Connections screen loads are saved with it. One page only: all of them in one fetch would keep the
 * Connections screen, which reads the same query, waiting for the last.
 */
export function keepConnectionsForOffline({ trpcUtils }: Pick<AppInstance, 'trpcUtils'>) {
  return trpcUtils.connections.list.prefetchInfinite(firstPage)
}

/**
 * Once someone is signed in: the service worker (the app becomes installable and opens offline),
 * saving the cache, refreshing it when back online, the user's connections kept for offline use,
 * and the outbox. Visitors of the landing page get none of it: precaching the whole app would slow
 * their first visit.
 */
export async function startOffline(app: AppInstance) {
  const { queryClient, trpcClient, trpcUtils } = app
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void navigator.serviceWorker.register('/sw.js').catch(() => {})
  }
  persistQueryCache(queryClient)
  refreshWhenBackOnline(app)
  // Offline, Add Connection finds people among them and the status says how old they are. Home
  // asks only for its summary, so they come once the first screen is up.
  void whenIdle().then(() => keepConnectionsForOffline(app))
  await startOutbox({
    client: trpcClient,
    currentUserId: () => trpcUtils.auth.me.getData()?.id ?? null,
    onSaved: () =>
      void Promise.all([
        trpcUtils.connections.list.invalidate(),
        trpcUtils.connections.search.invalidate(),
        trpcUtils.home.summary.invalidate(),
        trpcUtils.events.list.invalidate(),
      ]),
  })
}
