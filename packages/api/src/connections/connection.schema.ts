import type { connectionColumns, eventSummaryColumns, HighlightedField } from '@fiveconnect/db'
import { z } from 'zod'
import { CONNECTION_TYPES } from './connection-types.ts'
import {
  blankAsAbsent,
  cursorField,
  idempotencyKeyField,
  objectPathField,
  optionalEmail,
  optionalObjectPath,
  optionalText,
  pageInputFields,
  pageOutput,
  searchPosition,
  storableText,
  uuidParam,
} from '../common.schema.ts'
import { PAGE_SIZE } from '../page-size.ts'
import { createPersonInput, personOutput } from '../people/person.schema.ts'
import { voiceNoteTranscriptionOutput } from '../uploads/uploads.schema.ts'

export {
  CONNECTION_TYPE_LABELS,
  CONNECTION_TYPES,
  type ConnectionType,
} from './connection-types.ts'

export const MAX_PHOTOS_PER_CONNECTION = 10

export const connectionTypesField = z
  .array(z.enum(CONNECTION_TYPES, { error: 'Connection types must be SA, JV, MA, IC or RF' }), {
    error: 'Connection types must be a list',
  })
  .refine(
    (types) => new Set(types).size === types.length,
    'Each connection type can be chosen once',
  )

const photosField = z
  .array(objectPathField, { error: 'Photos must be a list of stored files' })
  .max(MAX_PHOTOS_PER_CONNECTION, `At most ${MAX_PHOTOS_PER_CONNECTION} photos per connection`)

/** A calendar day, YYYY-MM-DD; blank or null means none. */
const followUpOnField = z
  .union([z.literal(''), z.iso.date({ error: 'Follow-up date must be a date (YYYY-MM-DD)' })], {
    error: 'Follow-up date must be a date (YYYY-MM-DD)',
  })
  .nullish()
  .transform((value) => value || null)

/** An instant (ISO 8601 with its offset, or a Date through tRPC); blank or null means unknown. */
const recordedAtField = z
  .union(
    [
      z.literal(''),
      z.date({ error: 'Recording time must be a date and time' }),
      z.iso.datetime({ offset: true, error: 'Recording time must be a date and time' }),
    ],
    { error: 'Recording time must be a date and time' },
  )
  .nullish()
  .transform((value) => (value ? new Date(value) : null))

const followUpDoneField = z.boolean({ error: 'Follow-up done must be true or false' })

const connectionContent = {
  eventId: uuidParam.nullish().transform((value) => value ?? null),
  connectionTypes: connectionTypesField,
  connectionFocus: optionalText(2000, 'Connection focus'),
  notes: optionalText(10_000, 'Notes'),
  photos: photosField,
  voiceNoteUrl: optionalObjectPath,
  voiceNoteTranscription: optionalText(20_000, 'Transcription'),
  voiceNoteRecordedAt: recordedAtField,
  followUpOn: followUpOnField,
  followUpDone: followUpDoneField,
}

export const createConnectionInput = z.object({
  ...connectionContent,
  connectionTypes: connectionTypesField.default([]),
  photos: photosField.default([]),
  followUpDone: followUpDoneField.default(false),
  personId: uuidParam,
  idempotencyKey: idempotencyKeyField,
})

/**
 * The SPEC's PUT body: the connection's fields, plus contact details of its person. Fields left
 * out stay as they are (no defaults here: zod 4 would fill them in and wipe types and photos).
 */
export const updateConnectionInput = z
  .object({
    ...connectionContent,
    email: optionalEmail,
    mobile: optionalText(40, 'Mobile'),
    company: optionalText(255, 'Company'),
    website: optionalText(2048, 'Website'),
    linkedin: optionalText(2048, 'LinkedIn'),
  })
  .partial()
  .extend({ id: uuidParam })

export const connectionIdInput = z.object({ id: uuidParam })

export type CreateConnectionInput = z.input<typeof createConnectionInput>
export type UpdateConnectionInput = z.input<typeof updateConnectionInput>

/** Memory search starts at this many characters; shorter text answers an empty list. */
export const CONNECTION_SEARCH_MIN_LENGTH = 2
/** REST memory search answers the best this many when no page is asked for: a first page. */
export const CONNECTION_SEARCH_LIMIT = PAGE_SIZE

/**
 * What the connections list and memory search narrow to: one event, one type, open follow-ups.
 * Another user's connections are never in either, so any event id only narrows the caller's own.
 */
export const connectionFilterFields = {
  eventId: blankAsAbsent(uuidParam, 'Not a valid id'),
  type: blankAsAbsent(z.enum(CONNECTION_TYPES), 'Connection type must be SA, JV, MA, IC or RF'),
  needsFollowUp: blankAsAbsent(z.boolean(), 'needsFollowUp must be true or false'),
}

export const connectionFiltersInput = z.object(connectionFilterFields)
export type ConnectionFilters = z.input<typeof connectionFiltersInput>

// No input at all asks for the first page of everything.
export const listConnectionsInput = z
  .object({ ...pageInputFields, ...connectionFilterFields })
  .prefault({})

export const searchConnectionsInput = z.object({
  ...pageInputFields,
  ...connectionFilterFields,
  cursor: cursorField(searchPosition),
  q: storableText('The search text', 'The search text is required').max(
    200,
    'The search text is too long',
  ),
})

export type SearchConnectionsInput = z.input<typeof searchConnectionsInput>

/**
 * connections.transcribe takes any text as the id: one that names none of the caller's connections,
 * well-formed or not, is not found (404), as POST /api/connections/{id}/transcribe always answered.
 */
export const transcribeConnectionInput = z.object({
  id: z.string({ error: 'The connection id must be text' }),
})

/**
 * Where the transcript of a connection's voice note stands once asked for: 'pending' while its job
 * runs. POST /api/connections/{id}/transcribe answers it without `state`, with 202 while pending.
 */
export const transcribeConnectionOutput = voiceNoteTranscriptionOutput.extend({
  state: voiceNoteTranscriptionOutput.shape.state.exclude(['none']),
})
export type TranscribeConnectionOutput = z.infer<typeof transcribeConnectionOutput>

/**
 * connections.createWithPerson: a new person (as people.create takes them) and the connection with
 * them, made together; the idempotency key covers both.
 */
export const createConnectionWithPersonInput = createConnectionInput
  .omit({ personId: true })
  .extend({ person: createPersonInput.omit({ idempotencyKey: true }) })

export type CreateConnectionWithPersonInput = z.input<typeof createConnectionWithPersonInput>

/** The event a connection was made at, as its connections show it. */
export const eventSummaryOutput = z.object({
  id: z.string(),
  title: z.string(),
  startDateTime: z.date(),
  endDateTime: z.date().nullable(),
  location: z.string().nullable(),
  logoUrl: z.string().nullable(),
} satisfies Record<keyof typeof eventSummaryColumns, z.ZodType>)

/**
 * A connection as its author reads it, with its person and event; its own keys are
 * @fiveconnect/db's `connectionColumns`.
 */
export const connectionOutput = z.object({
  ...({
    id: z.string(),
    eventId: z.string().nullable(),
    personId: z.string(),
    authorId: z.string(),
    /** Of SA, JV, MA, IC and RF (CONNECTION_TYPES). */
    connectionTypes: z.array(z.string()),
    connectionFocus: z.string().nullable(),
    notes: z.string().nullable(),
    photos: z.array(z.string()),
    voiceNoteUrl: z.string().nullable(),
    voiceNoteTranscription: z.string().nullable(),
    voiceNoteRecordedAt: z.date().nullable(),
    /** A calendar day, YYYY-MM-DD. */
    followUpOn: z.string().nullable(),
    followUpDone: z.boolean(),
    createdAt: z.date(),
    updatedAt: z.date(),
  } satisfies Record<keyof typeof connectionColumns, z.ZodType>),
  person: personOutput,
  event: eventSummaryOutput.nullable(),
})

export type ConnectionOutput = z.output<typeof connectionOutput>

export const connectionListOutput = z.array(connectionOutput)

/** A run of found text; the runs with isMatch are the searched words, to show highlighted. */
export const textSegmentOutput = z.object({ text: z.string(), isMatch: z.boolean() })

/** A memory search result: the connection, how well it matched, and where the words were found. */
export const connectionSearchResultOutput = connectionOutput.extend({
  rank: z.number(),
  highlights: z.object({
    name: z.array(textSegmentOutput).optional(),
    company: z.array(textSegmentOutput).optional(),
    focus: z.array(textSegmentOutput).optional(),
    notes: z.array(textSegmentOutput).optional(),
    transcription: z.array(textSegmentOutput).optional(),
    event: z.array(textSegmentOutput).optional(),
  } satisfies Record<HighlightedField, z.ZodType>),
})

/** A page of the caller's connections, newest first. */
export const connectionPageOutput = pageOutput(connectionOutput)

/** A page of memory search results, best first. */
export const connectionSearchPageOutput = pageOutput(connectionSearchResultOutput)
