import {
  commitContactImport,
  findStagedDuplicates,
  ImportTooLargeError,
  listContactImports,
  listStagedContacts,
  ownedPeopleIds,
  stageContacts,
  undoContactImport,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { protectedProcedure, router } from '../trpc.ts'
import {
  contactImportOutput,
  createImportInput,
  createImportOutput,
  IMPORT_LIST_LIMIT,
  importPreviewOutput,
  MAX_IMPORT_CONTACTS,
  stageImportInput,
  stageImportOutput,
  STRONG_REASONS,
  undoImportInput,
  undoImportOutput,
  uploadInput,
  type ImportPreview,
} from './import.schema.ts'

const UPLOAD_NOT_FOUND_MESSAGE = 'This import was not found. Please choose the file again.'
const IMPORT_NOT_FOUND_MESSAGE = 'This import was not found.'
const MERGE_TARGET_NOT_FOUND_MESSAGE = 'A person to merge into was not found.'
const MATCHES_PER_CONTACT = 3

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message })

/**
 * Bulk import of a contact file: its contacts are staged in parts (the client shows the progress),
 * previewed, then committed as the caller's people in one transaction; an import can be undone.
 */
export const importRouter = router({
  list: protectedProcedure
    .output(z.array(contactImportOutput))
    .query(({ ctx }) =>
      listContactImports(ctx.db, { ownerId: ctx.user.id, limit: IMPORT_LIST_LIMIT }),
    ),

  /** Keeps one part of the file; sending a part again keeps it once. */
  stage: protectedProcedure
    .input(stageImportInput)
    .output(stageImportOutput)
    .mutation(async ({ ctx, input }) => {
      try {
        const staged = await stageContacts(ctx.db, {
          ownerId: ctx.user.id,
          uploadId: input.uploadId,
          contacts: input.contacts,
          maxContacts: MAX_IMPORT_CONTACTS,
        })
        return { staged }
      } catch (error) {
        if (!(error instanceof ImportTooLargeError)) throw error
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `An import holds at most ${MAX_IMPORT_CONTACTS.toLocaleString('en-GB')} contacts. Please split the file.`,
        })
      }
    }),

  /** What committing the staged file would do: how many people, and the duplicates left out. */
  preview: protectedProcedure
    .input(uploadInput)
    .output(importPreviewOutput)
    .query(async ({ ctx, input }): Promise<ImportPreview> => {
      await ctx.rateLimit({ 'contact-import:user': ctx.user.id })
      const upload = { ownerId: ctx.user.id, uploadId: input.uploadId }
      const contacts = await listStagedContacts(ctx.db, upload)
      if (contacts.length === 0) throw notFound(UPLOAD_NOT_FOUND_MESSAGE)
      const byPosition = new Map(contacts.map((contact) => [contact.position, contact]))
      const duplicates = new Map<number, ImportPreview['duplicates'][number]>()
      for (const { position, ...match } of await findStagedDuplicates(ctx.db, upload)) {
        const contact = byPosition.get(position)
        if (!contact) continue
        const entry = duplicates.get(position) ?? {
          ...contact,
          strength: 'weak' as const,
          matches: [],
        }
        if (match.reasons.some((reason) => STRONG_REASONS.some((strong) => strong === reason))) {
          entry.strength = 'strong'
        }
        if (entry.matches.length < MATCHES_PER_CONTACT) {
          const earlier = match.kind === 'row' ? byPosition.get(match.ofPosition) : undefined
          entry.matches.push(
            match.kind === 'row'
              ? { ...match, firstName: earlier?.firstName ?? '', lastName: earlier?.lastName ?? '' }
              : match,
          )
        }
        duplicates.set(position, entry)
      }
      return {
        total: contacts.length,
        toImport: contacts.length - duplicates.size,
        duplicates: [...duplicates.values()],
      }
    }),

  /**
   * Makes the staged contacts the caller's people, all of them or none: a flagged duplicate is
   * skipped, imported anyway or merged into one of the caller's people, as chosen.
   */
  create: protectedProcedure
    .input(createImportInput)
    .output(createImportOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit({ 'contact-import:user': ctx.user.id })
      const targets = [
        ...new Set(input.choices.flatMap((c) => (c.action === 'merge' ? [c.personId] : []))),
      ]
      const owned = await ownedPeopleIds(ctx.db, { ownerId: ctx.user.id, personIds: targets })
      if (targets.some((id) => !owned.has(id))) throw notFound(MERGE_TARGET_NOT_FOUND_MESSAGE)
      const result = await commitContactImport(ctx.db, { ownerId: ctx.user.id, ...input })
      if (!result) throw notFound(UPLOAD_NOT_FOUND_MESSAGE)
      return result
    }),

  /** Deletes the import's people the caller has not connected to since; keeps the others. */
  undo: protectedProcedure
    .input(undoImportInput)
    .output(undoImportOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await undoContactImport(ctx.db, { ownerId: ctx.user.id, importId: input.id })
      if (result.outcome === 'not-found') throw notFound(IMPORT_NOT_FOUND_MESSAGE)
      if (result.outcome === 'already-undone') {
        throw new TRPCError({ code: 'CONFLICT', message: 'This import has already been undone.' })
      }
      return { contactImport: result.contactImport, removed: result.removed, kept: result.kept }
    }),
})
