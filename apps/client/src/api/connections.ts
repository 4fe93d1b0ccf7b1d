import { trpc } from '../lib/trpc.ts'
import { firstPage, itemsOf, nextPageOf } from './pages.tsx'

/** The signed-in user's connections, newest first, a page at a time (connections.list). */
export function useConnectionPages() {
  return trpc.connections.list.useInfiniteQuery(firstPage, { getNextPageParam: nextPageOf })
}

/** The connections loaded so far, as one list: the same cache as the Connections screen. */
export function useConnections() {
  return trpc.connections.list.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
}
