import { useQueryClient } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { localDay } from '../lib/follow-ups.ts'
import { trpc } from '../lib/trpc.ts'
import type { HomeSummary } from './router-types.ts'

/** Follow-ups are due by the user's own calendar day, so the summary is asked for today's. */
export const homeSummaryInput = () => ({ today: localDay(new Date()) })

/**
 * What Home shows of the user's connections (home.summary). Until today's answer is in, a summary
 * of an earlier day from the saved cache stands in, so Home still opens offline the next morning.
 */
export function useHomeSummary() {
  const queryClient = useQueryClient()
  return trpc.home.summary.useQuery(homeSummaryInput(), {
    placeholderData: () =>
      queryClient
        .getQueriesData<HomeSummary>({ queryKey: getQueryKey(trpc.home.summary) })
        .map(([, data]) => data)
        .findLast((data) => data !== undefined),
  })
}
