import { z } from 'zod'
import { publicProcedure, router } from '../trpc.ts'

const supportContactOutput = z.object({ email: z.string().nullable() })

export const supportRouter = router({
  /** Where Help & Support sends people: SUPPORT_EMAIL, or none when it is not configured. */
  contact: publicProcedure
    .output(supportContactOutput)
    .query(({ ctx }) => ({ email: ctx.supportEmail })),
})
