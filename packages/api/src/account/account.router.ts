import {
  deleteUserAccount,
  findUserCredentials,
  getReminderSettings,
  listConnections,
  listContactImports,
  listJoinedEvents,
  listOwnPeople,
  listUsers,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { protectedProcedure, router } from '../trpc.ts'
import { okOutput } from '../common.schema.ts'
import { accountExportOutput, deleteAccountInput } from './account.schema.ts'

/** The Privacy Policy's promises: a copy of everything about you, and deletion of your account. */
export const accountRouter = router({
  exportData: protectedProcedure.output(accountExportOutput).query(async ({ ctx }) => {
    const [connections, joinedEvents, people, contactImports, reminders] = await Promise.all([
      listConnections(ctx.db, ctx.user.id),
      listJoinedEvents(ctx.db, ctx.user.id),
      // Imported people are the user's too, though nothing connects them yet.
      listOwnPeople(ctx.db, ctx.user.id),
      listContactImports(ctx.db, { ownerId: ctx.user.id, limit: 10_000 }),
      getReminderSettings(ctx.db, ctx.user.id),
    ])
    return {
      exportedAt: new Date(),
      profile: ctx.user,
      reminders,
      joinedEvents,
      connections,
      people,
      contactImports,
    }
  }),

  delete: protectedProcedure
    .input(deleteAccountInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const account = await findUserCredentials(ctx.db, ctx.user.email)
      if (!account || !(await ctx.auth.verifyPassword(account.passwordHash, input.password))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'That password is not correct.' })
      }
      if (account.role === 'admin') {
        const otherAdmins = (await listUsers(ctx.db)).filter(
          (user) => user.role === 'admin' && user.isActive && user.id !== account.id,
        )
        if (otherAdmins.length === 0) {
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message:
              'The last admin cannot delete their account. Make someone else an admin first.',
          })
        }
      }
      await ctx.auth.signOut()
      const { fileUrls } = await deleteUserAccount(ctx.db, account.id)
      await ctx.files.release(fileUrls, account.id)
      return { ok: true as const }
    }),
})
