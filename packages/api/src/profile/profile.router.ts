import { updateProfile } from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { userOutput } from '../auth/auth.schema.ts'
import { protectedProcedure, router } from '../trpc.ts'
import { updateProfileInput } from './profile.schema.ts'

export const profileRouter = router({
  update: protectedProcedure
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.profileImageUrl && input.profileImageUrl !== ctx.user.profileImageUrl) {
        await ctx.files.assertOwned([input.profileImageUrl], ctx.user.id)
      }
      const user = await updateProfile(ctx.db, ctx.user.id, input)
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
      if (ctx.user.profileImageUrl && ctx.user.profileImageUrl !== user.profileImageUrl) {
        await ctx.files.release([ctx.user.profileImageUrl], ctx.user.id)
      }
      return user
    }),
})
