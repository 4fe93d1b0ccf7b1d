import { trpc } from '../lib/trpc.ts'
import { firstPage, itemsOf, nextPageOf, useAllPages } from './pages.tsx'

/** The signed-in user's connections, newest first, a page at a time (connections.list). */
export function useConnectionPages() {
  return trpc.connections.list.useInfiniteQuery(firstPage, { getNextPageParam: nextPageOf })
}

/**
 * Every connection as one list, all pages loaded (the Connections screen's cache): for what counts
 * or searches them all on the device, Home's total and the times met.
 */
export function useConnections() {
  const connections = trpc.connections.list.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
  useAllPages(connections)
  return connections
}
