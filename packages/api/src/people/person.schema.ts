import type { personColumns } from '@fiveconnect/db'
import { z } from 'zod'
import {
  idempotencyKeyField,
  optionalObjectPath,
  optionalEmail,
  optionalText,
  requiredName,
  storableText,
  uuidParam,
} from '../common.schema.ts'

/** People search starts at this many characters; shorter queries answer an empty list. */
export const PEOPLE_SEARCH_MIN_LENGTH = 3
export const PEOPLE_SEARCH_LIMIT = 20

export const searchPeopleInput = z.object({
  q: storableText('The search text', 'The search text is required').max(
    100,
    'The search text is too long',
  ),
})

export const createPersonInput = z.object({
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  email: optionalEmail,
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
  website: optionalText(2048, 'Website'),
  profileImageUrl: optionalObjectPath,
  idempotencyKey: idempotencyKeyField,
})

export type CreatePersonInput = z.input<typeof createPersonInput>

/** Picking a registered user from search: their id, from a 'profile' search result. */
export const createPersonFromProfileInput = z.object({
  userId: uuidParam,
  idempotencyKey: idempotencyKeyField,
})

/** One of the caller's own people, as the owner reads them. */
export const personOutput = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  linkedin: z.string().nullable(),
  website: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  hasUserProfile: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
} satisfies Record<keyof typeof personColumns, z.ZodType>)

/**
 * A people search result: one of the caller's own people ('person', id is the person's), or a
 * registered user's public profile ('profile', id is the user's; the email only where the user
 * shares it, never the photo).
 */
export const personSearchResultOutput = z.object({
  kind: z.enum(['person', 'profile']),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  hasUserProfile: z.boolean(),
})

export type PersonSearchResult = z.output<typeof personSearchResultOutput>

export const peopleSearchOutput = z.array(personSearchResultOutput)

/** What is typed about a new person so far; each field optional, compared as typed. */
export const listDuplicatesInput = z.object({
  firstName: optionalText(100, 'First name'),
  lastName: optionalText(100, 'Last name'),
  email: optionalText(254, 'Email'),
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
})

export type ListDuplicatesInput = z.input<typeof listDuplicatesInput>

/** One of the caller's people the typed details probably are, with why and how often they met. */
export const metPersonOutput = z.object({
  person: personOutput,
  meetings: z.number().int(),
  lastMetAt: z.date().nullable(),
  // Listed here, not imported: the client imports this file and must not bundle the database.
  reasons: z.array(z.enum(['email', 'mobile', 'linkedin', 'name'])),
})
