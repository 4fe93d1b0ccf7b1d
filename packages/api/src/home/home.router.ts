import { getHomeSummary } from '@fiveconnect/db'
import { protectedProcedure, router } from '../trpc.ts'
import {
  DUE_SOON_DAYS,
  homeSummaryInput,
  homeSummaryOutput,
  RECENT_CONNECTIONS_SHOWN,
  SHARED_WITH_YOU_DAYS,
} from './home.schema.ts'

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

export const homeRouter = router({
  /** Everything Home shows of the caller's connections, in one call instead of the whole list. */
  summary: protectedProcedure
    .input(homeSummaryInput)
    .output(homeSummaryOutput)
    .query(({ ctx, input }) =>
      getHomeSummary(ctx.db, {
        authorId: ctx.user.id,
        recentCount: RECENT_CONNECTIONS_SHOWN,
        dueBy: addDays(input.today, DUE_SOON_DAYS),
        sharedSince: new Date(Date.now() - SHARED_WITH_YOU_DAYS * 24 * 60 * 60 * 1000),
      }),
    ),
})
