import { createStore, del, set, values } from 'idb-keyval'
import type { QueuedConnection } from './outbox-item.ts'
import type { OutboxStorage } from './outbox-sync.ts'

/**
 * The outbox: queued connections in IndexedDB (blobs and all, so a reload or a closed tab loses
 * nothing), mirrored in memory so screens can read it synchronously and hear of every change.
 */
export function createOutboxStore(database = 'fiveconnect-outbox') {
  const idb = createStore(database, 'connections')
  let items = new Map<string, QueuedConnection>()
  let snapshot: QueuedConnection[] = []
  const listeners = new Set<() => void>()

  const changed = () => {
    snapshot = [...items.values()].sort((a, b) => a.queuedAt - b.queuedAt)
    listeners.forEach((listener) => listener())
  }

  const storage: OutboxStorage = {
    list: () => snapshot,
    get: (id) => items.get(id),
    put: async (item) => {
      await set(item.id, item, idb)
      items.set(item.id, item)
      changed()
    },
    remove: async (id) => {
      await del(id, idb)
      items.delete(id)
      changed()
    },
  }

  return {
    ...storage,
    /** Reads what earlier visits left in the outbox. */
    async load() {
      const stored = await values<QueuedConnection>(idb)
      items = new Map([...stored, ...items.values()].map((item) => [item.id, item]))
      changed()
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type OutboxStore = ReturnType<typeof createOutboxStore>
