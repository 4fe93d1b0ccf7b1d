import type { ConnectionFilters } from '@fiveconnect/api/schemas'
import { trpc } from '../lib/trpc.ts'
import { firstPage, itemsOf, nextPageOf, useAllPages } from './pages.tsx'

/**
 * The signed-in user's connections, newest first, a page at a time, only those the filters let
 * through (connections.list, which filters before it pages): each filter is a list of its own.
 */
export function useConnectionPages(filters: ConnectionFilters) {
  return trpc.connections.list.useInfiniteQuery(
    { ...firstPage, ...filters },
    { getNextPageParam: nextPageOf },
  )
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
