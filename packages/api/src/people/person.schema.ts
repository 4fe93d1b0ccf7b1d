import { z } from 'zod'
import {
  idempotencyKeyField,
  objectPathField,
  optionalEmail,
  optionalText,
  requiredName,
} from '../common.schema.ts'

/** People search starts at this many characters; shorter queries answer an empty list. */
export const PEOPLE_SEARCH_MIN_LENGTH = 3
export const PEOPLE_SEARCH_LIMIT = 20

export const searchPeopleInput = z.object({
  q: z.string({ error: 'The search text is required' }).max(100, 'The search text is too long'),
})

export const createPersonInput = z.object({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: optionalEmail,
  mobile: optionalText(40),
  company: optionalText(),
  linkedin: optionalText(2048),
  website: optionalText(2048),
  profileImageUrl: objectPathField.nullish().transform((value) => value ?? null),
  idempotencyKey: idempotencyKeyField,
})

export type CreatePersonInput = z.input<typeof createPersonInput>

/** What is typed about a new person so far; each field optional, compared as typed. */
export const listDuplicatesInput = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: optionalText(254),
  mobile: optionalText(40),
  company: optionalText(),
  linkedin: optionalText(2048),
})

export type ListDuplicatesInput = z.input<typeof listDuplicatesInput>
