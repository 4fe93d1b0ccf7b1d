import { getHomeSummary } from '@fiveconnect/db'
import { protectedProcedure, router } from '../trpc.ts'
import { homeSummaryOf } from './home-summary.ts'
import { homeSummaryInput, homeSummaryOutput } from './home.schema.ts'

export const homeRouter = router({
  /** Everything Home shows of the caller's connections, in one call instead of the whole list. */
  summary: protectedProcedure
    .input(homeSummaryInput)
    .output(homeSummaryOutput)
    .query(({ ctx, input }) => getHomeSummary(ctx.db, homeSummaryOf(ctx.user.id, input))),
})
