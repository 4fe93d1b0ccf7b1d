import { z } from 'zod'
import { MAX_PAGE_SIZE, PAGE_SIZE } from './page-size.ts'

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

// Postgres refuses NUL (SQLSTATE 22021) and quietly turns a lone UTF-16 surrogate into U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

export const unstorableTextMessage = (label: string) =>
  `${label} contains a character that cannot be stored.`

/**
 * Every text input starts here: a string the database can store. `label` names the field in the
 * message a person reads; `typeMessage` answers a value that is not a string at all.
 */
export const storableText = (label: string, typeMessage = `${label} must be text`) =>
  z.string({ error: typeMessage }).refine(isStorableText, unstorableTextMessage(label))

const emailText = (message: string) =>
  storableText('Email', message).trim().max(254, 'Email address is too long')

export const emailAddress = (message = 'Invalid email address') =>
  emailText(message).pipe(z.email(message))

export const emailField = emailAddress()

/** An email that may be left blank (stored as null). */
export const optionalEmail = emailText('Invalid email address')
  .pipe(z.union([z.literal(''), z.email('Invalid email address')]))
  .nullish()
  .transform((value) => value || null)

/** A new password, as every form that sets one checks it. */
export const newPasswordField = storableText('Password', 'Password must be at least 6 characters')
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters')

/** `label` names the field when its text cannot be stored ('First name contains ...'). */
export const requiredName = (message: string, label: string) =>
  storableText(label, message)
    .trim()
    .min(1, message)
    .max(100, 'Names are limited to 100 characters')

/** An optional free-text field: blank means "not given" and is stored as null. */
export const optionalText = (max: number, label: string) =>
  storableText(label, 'Must be text')
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

export const uuidParam = z.uuid('Not a valid id')

/** Where a stored file is served: the path that finalising an upload answers. */
export const objectPathField = z
  .string({ error: 'Must be a stored file path' })
  .max(512, 'Must be a stored file path')
  .regex(/^\/objects\/[\w./-]+$/, 'Must be a stored file path')
  .refine((path) => !path.split('/').includes('..'), 'Must be a stored file path')

/** A stored file that may be left out: blank, like null, means none. */
export const optionalObjectPath = z
  .union([z.literal(''), objectPathField])
  .nullish()
  .transform((value) => value || null)

/**
 * A key the client makes once per thing it creates, so a retry after a lost answer finds the
 * first result instead of creating a second (the offline outbox replays with it).
 */
export const idempotencyKeyField = z.uuid('The idempotency key must be a UUID').optional()

/** What a call that only acts answers. */
export const okOutput = z.object({ ok: z.literal(true) })

export const BAD_CURSOR_MESSAGE = 'The cursor is not valid: start again from the first page.'

// A timestamp to the microsecond, as @fiveconnect/db's exactTimestamp writes it.
const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

const exactTimestampText = z
  .string()
  .regex(EXACT_TIMESTAMP)
  .refine((text) => {
    // A day or time that does not exist (Feb 30, 25:00) comes back as another.
    const milliseconds = `${text.slice(0, 23)}Z`
    const date = new Date(milliseconds)
    return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds
  })

/** Where a list's page starts: after the row with this sort key and id (db's PagePosition). */
export const pagePosition = z.object({ key: exactTimestampText, id: z.uuid() })

/** Where a page of search results starts: db's SearchPosition. */
export const searchPosition = pagePosition.extend({ rank: z.number() })

// Cursors are opaque to clients: base64url of the position's JSON (ASCII only, so btoa serves).
export function encodeCursor(position: object): string {
  return btoa(JSON.stringify(position)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')))
  } catch {
    return undefined
  }
}

/** An opaque cursor, read back into its position; blank means the first page; 400 otherwise. */
export function cursorField<Position>(position: z.ZodType<Position>) {
  return z
    .string({ error: BAD_CURSOR_MESSAGE })
    .max(1000, BAD_CURSOR_MESSAGE)
    .transform((cursor, context): Position | undefined => {
      if (cursor === '') return undefined
      const parsed = position.safeParse(decodeCursor(cursor))
      if (parsed.success) return parsed.data
      context.addIssue({ code: 'custom', message: BAD_CURSOR_MESSAGE })
      return z.NEVER
    })
    .nullish()
    .transform((value) => value ?? undefined)
}

/** A filter left blank ("" or null) is no filter; `message` answers anything else it refuses. */
export const blankAsAbsent = <Schema extends z.ZodType>(schema: Schema, message: string) =>
  z
    .union([z.literal(''), schema], { error: message })
    .nullish()
    .transform((value) => value || undefined)

const LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`

/** What every paged list takes: `limit` (PAGE_SIZE when absent) and the `cursor` a page answered. */
export const pageInputFields = {
  cursor: cursorField(pagePosition),
  limit: z
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .nullish()
    .transform((value) => value ?? PAGE_SIZE),
}

export const pageInput = z.object(pageInputFields).default({ cursor: undefined, limit: PAGE_SIZE })

/** A page: its items, and the cursor of the next page (null on the last). */
export function pageOutput<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() })
}

/** A database page as the API answers it. */
export function toPageOutput<Item>(page: { items: Item[]; next: object | null }) {
  return { items: page.items, nextCursor: page.next && encodeCursor(page.next) }
}
