import { PAGE_SIZE } from '@fiveconnect/api/schemas'
import { Group, Loader, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

/** What every paged list asks for: the first page's size; later pages follow nextCursor. */
export const firstPage = { limit: PAGE_SIZE }

export const nextPageOf = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined

/** Every item of the pages loaded so far, in order. */
export function itemsOf<Item>(data: { pages: { items: Item[] }[] } | undefined): Item[] {
  return data?.pages.flatMap((page) => page.items) ?? []
}

type PagedQuery = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isError: boolean
  fetchNextPage: () => unknown
}

/**
 * Infinite scroll: a sentinel element after the list that asks for the next page whenever it is in
 * sight, again after each page while it still is (a tall screen may show a whole page).
 */
function useNextPageSentinel(query: PagedQuery) {
  const sentinel = useRef<HTMLDivElement | null>(null)
  const [isInSight, setInSight] = useState(false)
  useEffect(() => {
    const element = sentinel.current
    // Without it (jsdom), the pages loaded so far are what is shown.
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => setInSight(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query
  useEffect(() => {
    if (isInSight && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage()
  }, [isInSight, hasNextPage, isFetchingNextPage, isError, fetchNextPage])
  return sentinel
}

/** Loads every page in turn: for the short lists a picker offers whole (events, joined events). */
export function useAllPages(query: PagedQuery) {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage])
}

/** After a paged list: the sentinel (useNextPageSentinel), and a status row while the next page loads. */
export function LoadingMoreRow({ query }: { query: PagedQuery }) {
  const sentinel = useNextPageSentinel(query)
  return (
    <div ref={sentinel}>
      {query.isFetchingNextPage && (
        <Group justify="center" gap="xs" py="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading more…</Text>
        </Group>
      )}
    </div>
  )
}
