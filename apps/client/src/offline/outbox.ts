import { useSyncExternalStore } from 'react'
import { useCurrentUser } from '../api/auth.ts'
import type { TrpcClient } from '../lib/trpc.ts'
import { isOnline, subscribeConnectivity } from '../lib/connectivity.ts'
import { createOutboxApi } from './outbox-api.ts'
import type { QueuedConnection } from './outbox-item.ts'
import { createOutboxStore } from './outbox-store.ts'
import { createOutboxSync } from './outbox-sync.ts'

const store = createOutboxStore()
let outbox: ReturnType<typeof createOutboxSync> | undefined
let retryTimer: ReturnType<typeof setTimeout> | undefined

function syncWhenOnline() {
  if (outbox && isOnline()) void outbox.sync()
}

/**
 * Loads what earlier visits queued and keeps it syncing: now, whenever the server can be reached
 * again, and when a back-off ends.
 */
export async function startOutbox({
  client,
  ...options
}: {
  client: TrpcClient
  currentUserId: () => string | null
  onSaved: () => void
}) {
  outbox = createOutboxSync({
    storage: store,
    api: createOutboxApi(client),
    ...options,
    onRetryAt: (time) => {
      clearTimeout(retryTimer)
      retryTimer = setTimeout(syncWhenOnline, Math.max(0, time - Date.now()))
    },
  })
  subscribeConnectivity(syncWhenOnline)
  await store.load()
  syncWhenOnline()
}

/** Saves a connection on the device; it syncs at once when there is a network. */
export async function enqueueConnection(item: QueuedConnection) {
  await store.put(item)
  syncWhenOnline()
}

/** Tries a refused item again (after the server or the data changed). */
export async function retryQueued(item: QueuedConnection) {
  await store.put({ ...item, failure: null, retryAt: null })
  syncWhenOnline()
}

export function discardQueued(item: QueuedConnection) {
  return store.remove(item.id)
}

/** The signed-in user's connections waiting on this device to reach the server, oldest first. */
export function useWaitingConnections(): QueuedConnection[] {
  const { user } = useCurrentUser()
  return useSyncExternalStore(store.subscribe, store.list).filter(
    (item) => item.userId === user?.id,
  )
}
