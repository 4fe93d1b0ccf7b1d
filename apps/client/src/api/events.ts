import type { EventFilters } from '@fiveconnect/api/schemas'
import { trpc } from '../lib/trpc.ts'
import { firstPage, itemsOf, nextPageOf, useAllPages } from './pages.tsx'

/**
 * Every event with isJoined and the caller's connectionCount, a page at a time, only those the
 * filters let through (events.list, which filters before it pages): each filter is a list of its own.
 */
export function useEventPages(filters: EventFilters) {
  return trpc.events.list.useInfiniteQuery(
    { ...firstPage, ...filters },
    { getNextPageParam: nextPageOf },
  )
}

/** Every event as one list, all pages loaded: for pickers, which offer them all. */
export function useEvents() {
  const events = trpc.events.list.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
  useAllPages(events)
  return events
}

/** The events the signed-in user has joined, all pages loaded (events.listJoined). */
export function useJoinedEvents() {
  const events = trpc.events.listJoined.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
  useAllPages(events)
  return events
}

/** Join and Leave both refresh the event lists (SPEC section 4). */
function useRefreshEvents() {
  const utils = trpc.useUtils()
  return () => Promise.all([utils.events.list.invalidate(), utils.events.listJoined.invalidate()])
}

export function useJoinEvent() {
  const refresh = useRefreshEvents()
  return trpc.events.join.useMutation({ onSuccess: refresh })
}

export function useLeaveEvent() {
  const refresh = useRefreshEvents()
  return trpc.events.leave.useMutation({ onSuccess: refresh })
}
