import {
  createConnection,
  createConnectionWithPerson,
  deleteConnection,
  listConnectionsPage,
  MissingReferenceError,
  searchConnectionsPage,
  updateConnection,
  UniqueViolationError,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { okOutput, toPageOutput } from '../common.schema.ts'
import { protectedProcedure, router } from '../trpc.ts'
import { transcribeConnection } from '../uploads/voice-notes.service.ts'
import {
  connectionIdInput,
  connectionOutput,
  connectionPageOutput,
  connectionSearchPageOutput,
  createConnectionInput,
  createConnectionWithPersonInput,
  listConnectionsInput,
  searchConnectionsInput,
  transcribeConnectionInput,
  transcribeConnectionOutput,
  updateConnectionInput,
} from './connection.schema.ts'
import { filesNoLongerReferenced, filesOf } from './connection-files.ts'
import { toHighlights } from './highlights.ts'
import { memorySearchOf } from './memory-search.ts'

// Another user's connection answers the same as a missing one, so ids reveal nothing.
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Connection not found.' })

const missingMessages = {
  person: 'That person does not exist.',
  event: 'That event does not exist.',
} satisfies Record<MissingReferenceError['missing'], string>

/** The 400 for a person or event that does not exist; any other error as it is. */
function clientErrorOf(error: unknown) {
  return error instanceof MissingReferenceError
    ? new TRPCError({ code: 'BAD_REQUEST', message: missingMessages[error.missing] })
    : error
}

export const connectionRouter = router({
  list: protectedProcedure
    .input(listConnectionsInput)
    .output(connectionPageOutput)
    .query(async ({ ctx, input }) => {
      const { limit, cursor, ...filters } = input
      return toPageOutput(
        await listConnectionsPage(ctx.db, ctx.user.id, { limit, after: cursor }, filters),
      )
    }),

  search: protectedProcedure
    .input(searchConnectionsInput)
    .output(connectionSearchPageOutput)
    .query(async ({ ctx, input }) => {
      const search = memorySearchOf(ctx.user.id, input)
      if (!search) return { items: [], nextCursor: null }
      const page = await searchConnectionsPage(ctx.db, search)
      return toPageOutput({
        items: page.items.map(({ headlines, ...result }) => ({
          ...result,
          highlights: toHighlights(headlines),
        })),
        next: page.next,
      })
    }),

  create: protectedProcedure
    .input(createConnectionInput)
    .output(connectionOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.files.assertOwned(filesOf(input), ctx.user.id)
      return createConnection(ctx.db, { ...input, authorId: ctx.user.id }).catch(
        (error: unknown) => {
          throw clientErrorOf(error)
        },
      )
    }),

  /** A new person and the connection with them, in one transaction (Add Connection, the outbox). */
  createWithPerson: protectedProcedure
    .input(createConnectionWithPersonInput)
    .output(connectionOutput)
    .mutation(async ({ ctx, input }) => {
      const { person, ...connection } = input
      await ctx.files.assertOwned(
        [...filesOf(connection), ...(person.profileImageUrl ? [person.profileImageUrl] : [])],
        ctx.user.id,
      )
      return createConnectionWithPerson(ctx.db, {
        ...connection,
        person,
        authorId: ctx.user.id,
      }).catch((error: unknown) => {
        throw clientErrorOf(error)
      })
    }),

  update: protectedProcedure
    .input(updateConnectionInput)
    .output(connectionOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, email, mobile, company, website, linkedin, ...content } = input
      await ctx.files.assertOwned(
        filesOf({ photos: content.photos ?? [], voiceNoteUrl: content.voiceNoteUrl ?? null }),
        ctx.user.id,
      )
      const person = Object.fromEntries(
        Object.entries({ email, mobile, company, website, linkedin }).filter(
          ([, value]) => value !== undefined,
        ),
      )
      const result = await updateConnection(ctx.db, {
        id,
        authorId: ctx.user.id,
        content,
        person,
      }).catch((error: unknown) => {
        if (error instanceof UniqueViolationError) {
          throw new TRPCError({
            code: 'CONFLICT',
            message: 'Another of your contacts already has this email address.',
          })
        }
        throw clientErrorOf(error)
      })
      if (!result) throw notFound()
      await ctx.files.release(filesNoLongerReferenced(result.before, result.after), ctx.user.id)
      return result.after
    }),

  delete: protectedProcedure
    .input(connectionIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const deleted = await deleteConnection(ctx.db, { id: input.id, authorId: ctx.user.id })
      if (!deleted) throw notFound()
      await ctx.files.release(filesNoLongerReferenced(deleted, null), ctx.user.id)
      return { ok: true as const }
    }),

  /** Asks for the transcript of the connection's saved voice note; see transcribeConnection. */
  transcribe: protectedProcedure
    .input(transcribeConnectionInput)
    .output(transcribeConnectionOutput)
    .mutation(({ ctx, input }) =>
      transcribeConnection(ctx, { authorId: ctx.user.id, id: input.id }),
    ),
})
