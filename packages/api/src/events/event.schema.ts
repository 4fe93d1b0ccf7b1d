import type { eventColumns } from '@fiveconnect/db'
import { z } from 'zod'
import {
  blankAsAbsent,
  optionalObjectPath,
  optionalText,
  pageInputFields,
  pageOutput,
  storableText,
  uuidParam,
} from '../common.schema.ts'

/** A date and time: a Date over tRPC, an ISO string (or the form's local date-time) over REST. */
const dateTimeField = (message: string) =>
  z
    .union([z.date(), z.string().trim().min(1, message)], { error: message })
    .pipe(z.coerce.date({ error: message }))

export const eventInput = z
  .object({
    title: storableText('Event name', 'Event name is required')
      .trim()
      .min(1, 'Event name is required')
      .max(200, 'Event names are limited to 200 characters'),
    description: optionalText(5000, 'Description'),
    location: optionalText(255, 'Location'),
    logoUrl: optionalObjectPath,
    startDateTime: dateTimeField('Start date and time is required'),
    endDateTime: z
      .union([z.literal(''), dateTimeField('Invalid end date and time')])
      .nullish()
      .transform((value) => value || null),
  })
  .refine((event) => !event.endDateTime || event.endDateTime >= event.startDateTime, {
    message: 'The end must not be before the start',
    path: ['endDateTime'],
  })

export const updateEventInput = z.intersection(eventInput, z.object({ id: uuidParam }))

export const eventIdInput = z.object({ id: uuidParam })

export type EventInput = z.input<typeof eventInput>

/** The Events screen's filter buttons (SPEC section 2): 'all' narrows nothing. */
export const EVENT_FILTERS = ['all', 'upcoming', 'attended'] as const
export type EventFilter = (typeof EVENT_FILTERS)[number]

/**
 * What the events list narrows to: `search` in the title, description or location, ignoring case,
 * and `filter` (upcoming: starting after now; attended: joined by the caller). Blank is absent.
 */
export const eventFilterFields = {
  search: storableText('The search text')
    .trim()
    .max(200, 'The search text is too long')
    .nullish()
    .transform((value) => value || undefined),
  filter: blankAsAbsent(z.enum(EVENT_FILTERS), 'Filter must be all, upcoming or attended'),
}

export const eventFiltersInput = z.object(eventFilterFields)
export type EventFilters = z.input<typeof eventFiltersInput>

// No input at all asks for the first page of every event.
export const listEventsInput = z.object({ ...pageInputFields, ...eventFilterFields }).prefault({})

/** An event as anyone signed in reads it; its keys are @fiveconnect/db's `eventColumns`. */
export const eventOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  startDateTime: z.date(),
  endDateTime: z.date().nullable(),
  location: z.string().nullable(),
  logoUrl: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
} satisfies Record<keyof typeof eventColumns, z.ZodType>)

/** An event with the caller's own facts about it. */
export const eventForUserOutput = eventOutput.extend({
  isJoined: z.boolean(),
  connectionCount: z.number().int(),
})

/** A page of every event, the latest first. */
export const eventForUserPageOutput = pageOutput(eventForUserOutput)

/** A page of the events the caller joined, the soonest first. */
export const eventPageOutput = pageOutput(eventOutput)
