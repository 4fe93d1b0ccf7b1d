import {
  getAdminStats,
  LastAdminError,
  listAuditEventsPage,
  listUsersPage,
  recordAuditEvent,
  setPassword,
  setUserActive,
  UniqueViolationError,
  updateUserAsAdmin,
  getUserById,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { userOutput } from '../auth/auth.schema.ts'
import { assertUncommonPassword } from '../auth/common-passwords.ts'
import { CONNECTION_TYPES } from '../connections/connection.schema.ts'
import { adminProcedure, router } from '../trpc.ts'
import { okOutput, pageInput, toPageOutput } from '../common.schema.ts'
import {
  adminSetPasswordInput,
  adminStatsOutput,
  adminUpdateUserInput,
  auditLogPageOutput,
  userPageOutput,
  userIdInput,
} from './admin.schema.ts'

const userNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'User not found.' })
const LAST_ADMIN_MESSAGE = 'There must always be at least one active admin.'

export const adminRouter = router({
  stats: adminProcedure.output(adminStatsOutput).query(async ({ ctx }) => {
    const stats = await getAdminStats(ctx.db, new Date())
    const connectionTypes = Object.fromEntries(
      CONNECTION_TYPES.map((type) => [type, stats.connectionTypes[type] ?? 0]),
    ) as Record<(typeof CONNECTION_TYPES)[number], number>
    return { ...stats, connectionTypes }
  }),

  listUsers: adminProcedure
    .input(pageInput)
    .output(userPageOutput)
    .query(async ({ ctx, input }) =>
      toPageOutput(await listUsersPage(ctx.db, { limit: input.limit, after: input.cursor })),
    ),

  updateUser: adminProcedure
    .input(adminUpdateUserInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input
      const result = await updateUserAsAdmin(ctx.db, id, changes).catch((error: unknown) => {
        if (error instanceof UniqueViolationError) {
          throw new TRPCError({
            code: 'CONFLICT',
            message: 'An account with this email already exists.',
          })
        }
        if (error instanceof LastAdminError) {
          throw new TRPCError({ code: 'BAD_REQUEST', message: LAST_ADMIN_MESSAGE })
        }
        throw error
      })
      if (!result) throw userNotFound()
      const { before, after } = result
      const target = { id, label: after.email }
      if (before.role !== after.role) {
        await recordAuditEvent(ctx.db, {
          actor: ctx.user,
          action: 'user.role_changed',
          target,
          details: { from: before.role, to: after.role },
        })
      }
      const changedFields = (Object.keys(changes) as (keyof typeof changes)[]).filter(
        (field) => field !== 'role' && before[field] !== after[field],
      )
      if (changedFields.length > 0) {
        await recordAuditEvent(ctx.db, {
          actor: ctx.user,
          action: 'user.updated',
          target,
          details: { fields: changedFields },
        })
      }
      return after
    }),

  setUserPassword: adminProcedure
    .input(adminSetPasswordInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      assertUncommonPassword(input.newPassword)
      const passwordHash = await ctx.auth.hashPassword(input.newPassword)
      if (!(await setPassword(ctx.db, { userId: input.id, passwordHash }))) throw userNotFound()
      // A new password set by an admin signs the account out everywhere.
      await ctx.auth.endAllSessions(input.id)
      const user = await getUserById(ctx.db, input.id)
      await recordAuditEvent(ctx.db, {
        actor: ctx.user,
        action: 'user.password_set',
        target: { id: input.id, label: user?.email ?? input.id },
      })
      return { ok: true as const }
    }),

  deactivateUser: adminProcedure
    .input(userIdInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const target = await getUserById(ctx.db, input.id)
      if (!target) throw userNotFound()
      if (target.role === 'admin') {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'Admins cannot be deactivated.' })
      }
      const user = await setUserActive(ctx.db, input.id, false)
      if (!user) throw userNotFound()
      await ctx.auth.endAllSessions(user.id)
      await recordAuditEvent(ctx.db, {
        actor: ctx.user,
        action: 'user.deactivated',
        target: { id: user.id, label: user.email },
      })
      return user
    }),

  reactivateUser: adminProcedure
    .input(userIdInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await setUserActive(ctx.db, input.id, true)
      if (!user) throw userNotFound()
      await recordAuditEvent(ctx.db, {
        actor: ctx.user,
        action: 'user.reactivated',
        target: { id: user.id, label: user.email },
      })
      return user
    }),

  /** The audit log, newest first, a page at a time. */
  auditLog: adminProcedure
    .input(pageInput)
    .output(auditLogPageOutput)
    .query(async ({ ctx, input }) =>
      toPageOutput(await listAuditEventsPage(ctx.db, { limit: input.limit, after: input.cursor })),
    ),
})
