import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Email address is too long')
  .pipe(z.email('Invalid email address'))

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
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

export const uuidParam = z.uuid('Not a valid id')
