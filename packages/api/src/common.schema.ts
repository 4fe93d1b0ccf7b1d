import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128
/** The most tRPC calls one batched request may carry; the client's batch link splits above it. */
export const MAX_BATCH_CALLS = 20

export const emailAddress = (message = 'Invalid email address') =>
  z.string({ error: message }).trim().max(254, 'Email address is too long').pipe(z.email(message))

export const emailField = emailAddress()

/** An email that may be left blank (stored as null). */
export const optionalEmail = z
  .union([z.literal(''), emailField])
  .nullish()
  .transform((value) => value || null)

/** A new password, as every form that sets one checks it. */
export const newPasswordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters')

export const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Names are limited to 100 characters')

/** An optional free-text field: blank means "not given" and is stored as null. */
export const optionalText = (max = 255) =>
  z
    .string({ error: 'Must be text' })
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
