import { z } from 'zod'
import { optionalEmail, optionalText, storableText, uuidParam } from '../common.schema.ts'

/** The most contacts one import holds; a bigger file is imported in parts. */
export const MAX_IMPORT_CONTACTS = 5000
/** The most contacts one staged part holds (the client also keeps each part's JSON small). */
export const MAX_IMPORT_PART_CONTACTS = 500
/** The largest contact file the browser reads for an import (a .vcf with photos is big). */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024
/** How many past imports the list shows. */
export const IMPORT_LIST_LIMIT = 20

export const NO_NAME_MESSAGE = 'No name'
/** Why a card with a company and no person's name (a company's own card) is not imported. */
export const COMPANY_ONLY_MESSAGE = 'A company, not a person: no name to import'

const namePart = (label: string) =>
  storableText(label, `${label} must be text`)
    .trim()
    .max(100, 'Names are limited to 100 characters')
    .default('')

/**
 * One contact of a file, as a new person: a first or a last name (a one-word name is kept as
 * the first name), the rest optional. `position` is its card or row in the file, from 1.
 */
export const importContactInput = z
  .object({
    position: z.number().int().min(1).max(1_000_000),
    firstName: namePart('First name'),
    lastName: namePart('Last name'),
    email: optionalEmail,
    mobile: optionalText(40, 'Mobile'),
    company: optionalText(255, 'Company'),
    title: optionalText(255, 'Title'),
    linkedin: optionalText(2048, 'LinkedIn'),
    website: optionalText(2048, 'Website'),
  })
  .refine((contact) => contact.firstName || contact.lastName, NO_NAME_MESSAGE)

export type ImportContactInput = z.input<typeof importContactInput>

export const contactImportSourceField = z.enum(
  ['vcard', 'google-csv', 'outlook-csv', 'linkedin-csv'],
  {
    error: 'Unknown kind of contact file',
  },
)

/** A part of a file being imported; `uploadId` is chosen by the client once per import. */
export const stageImportInput = z.object({
  uploadId: uuidParam,
  contacts: z
    .array(importContactInput, { error: 'Contacts must be a list' })
    .min(1, 'A part holds at least one contact')
    .max(MAX_IMPORT_PART_CONTACTS, `A part holds at most ${MAX_IMPORT_PART_CONTACTS} contacts`),
})

export const stageImportOutput = z.object({
  /** How many contacts the upload holds so far. */
  staged: z.number().int(),
})

export const uploadInput = z.object({ uploadId: uuidParam })

const reasons = z.array(z.enum(['email', 'mobile', 'linkedin', 'name']))

/** The same email, mobile or LinkedIn is a strong match; only a similar name at the company, weak. */
export const STRONG_REASONS = ['email', 'mobile', 'linkedin'] as const

/** Someone a contact probably is: one of the caller's people, or an earlier contact of the file. */
export const importMatchOutput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('person'),
    personId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    reasons,
  }),
  z.object({
    kind: z.literal('row'),
    ofPosition: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    reasons,
  }),
])

export const importPreviewOutput = z.object({
  /** Contacts staged. */
  total: z.number().int(),
  /** Contacts that will become people: all but the duplicates. */
  toImport: z.number().int(),
  duplicates: z.array(
    z.object({
      position: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      company: z.string().nullable(),
      strength: z.enum(['strong', 'weak']),
      matches: z.array(importMatchOutput),
    }),
  ),
})

export type ImportPreview = z.output<typeof importPreviewOutput>

const choicePosition = z.number().int().min(1).max(1_000_000)

/** What to do with a flagged contact; a flagged contact without a choice is skipped. */
export const importChoiceInput = z.discriminatedUnion(
  'action',
  [
    z.object({ position: choicePosition, action: z.literal('skip') }),
    z.object({ position: choicePosition, action: z.literal('import') }),
    z.object({ position: choicePosition, action: z.literal('merge'), personId: uuidParam }),
  ],
  { error: 'Choose to skip, import or merge' },
)

export type ImportChoice = z.infer<typeof importChoiceInput>

export const createImportInput = z.object({
  uploadId: uuidParam,
  choices: z
    .array(importChoiceInput, { error: 'Choices must be a list' })
    .max(MAX_IMPORT_CONTACTS, `An import holds at most ${MAX_IMPORT_CONTACTS} contacts`)
    .refine(
      (choices) => new Set(choices.map((choice) => choice.position)).size === choices.length,
      'Each contact has one choice',
    )
    .default([]),
  source: contactImportSourceField,
  fileName: storableText('The file name', 'The file name is required')
    .trim()
    .min(1, 'The file name is required')
    .max(255, 'The file name is too long'),
})

export const contactImportOutput = z.object({
  id: z.string(),
  source: contactImportSourceField,
  fileName: z.string(),
  peopleCount: z.number().int(),
  createdAt: z.date(),
  undoneAt: z.date().nullable(),
})

export type ContactImportSummary = z.output<typeof contactImportOutput>

export const createImportOutput = z.object({
  contactImport: contactImportOutput,
  /** Contacts left out at commit: duplicates, including any that appeared since the preview. */
  skipped: z.number().int(),
  /** Contacts merged into one of the caller's people. */
  merged: z.number().int(),
})

export const undoImportInput = z.object({ id: uuidParam })

export const undoImportOutput = z.object({
  contactImport: contactImportOutput,
  /** People deleted: those of the import the caller had not connected to. */
  removed: z.number().int(),
  /** People kept because the caller has connected to them since. */
  kept: z.number().int(),
})
