import {
  createEvent,
  deleteEvent,
  getEvent,
  joinEvent,
  leaveEvent,
  listEventsForUserPage,
  listJoinedEventsPage,
  recordAuditEvent,
  UniqueViolationError,
  updateEvent,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { adminProcedure, protectedProcedure, router } from '../trpc.ts'
import { okOutput, pageInput, toPageOutput } from '../common.schema.ts'
import {
  eventForUserPageOutput,
  eventIdInput,
  eventInput,
  eventOutput,
  eventPageOutput,
  listEventsInput,
  updateEventInput,
} from './event.schema.ts'

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Event not found.' })

export const eventRouter = router({
  list: protectedProcedure
    .input(listEventsInput)
    .output(eventForUserPageOutput)
    .query(async ({ ctx, input: { limit, cursor, ...filters } }) =>
      toPageOutput(
        await listEventsForUserPage(ctx.db, ctx.user.id, { limit, after: cursor }, filters),
      ),
    ),

  listJoined: protectedProcedure
    .input(pageInput)
    .output(eventPageOutput)
    .query(async ({ ctx, input }) =>
      toPageOutput(
        await listJoinedEventsPage(ctx.db, ctx.user.id, {
          limit: input.limit,
          after: input.cursor,
        }),
      ),
    ),

  join: protectedProcedure
    .input(eventIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await getEvent(ctx.db, input.id))) throw notFound()
      await joinEvent(ctx.db, { eventId: input.id, userId: ctx.user.id }).catch(
        (error: unknown) => {
          if (error instanceof UniqueViolationError) {
            throw new TRPCError({
              code: 'CONFLICT',
              message: 'You have already joined this event.',
            })
          }
          throw error
        },
      )
      return { ok: true as const }
    }),

  leave: protectedProcedure
    .input(eventIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await getEvent(ctx.db, input.id))) throw notFound()
      if (!(await leaveEvent(ctx.db, { eventId: input.id, userId: ctx.user.id }))) {
        throw new TRPCError({ code: 'CONFLICT', message: 'You have not joined this event.' })
      }
      return { ok: true as const }
    }),

  create: adminProcedure
    .input(eventInput)
    .output(eventOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.logoUrl) await ctx.files.assertOwned([input.logoUrl], ctx.user.id)
      return createEvent(ctx.db, { ...input, createdBy: ctx.user.id })
    }),

  update: adminProcedure
    .input(updateEventInput)
    .output(eventOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...details } = input
      const before = await getEvent(ctx.db, id)
      if (!before) throw notFound()
      const logoChanged = details.logoUrl !== before.logoUrl
      if (logoChanged && details.logoUrl) {
        await ctx.files.assertOwned([details.logoUrl], ctx.user.id)
      }
      const event = await updateEvent(ctx.db, id, details)
      if (!event) throw notFound()
      if (logoChanged && before.logoUrl) await ctx.files.release([before.logoUrl], ctx.user.id)
      return event
    }),

  delete: adminProcedure
    .input(eventIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const event = await deleteEvent(ctx.db, input.id)
      if (!event) throw notFound()
      await recordAuditEvent(ctx.db, {
        actor: ctx.user,
        action: 'event.deleted',
        target: { id: event.id, label: event.title },
      })
      if (event.logoUrl) await ctx.files.release([event.logoUrl], event.createdBy)
      return { ok: true as const }
    }),
})
