import { z } from 'zod'
import { storableText, uuidParam } from '../common.schema.ts'

export const MAX_APP_PASSWORDS = 20

export const appPasswordOutput = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
})

export const createAppPasswordInput = z.object({
  name: storableText('Device name', 'Please name the device')
    .trim()
    .min(1, 'Please name the device')
    .max(60, 'Device names are limited to 60 characters'),
})

/** Answered once, when the password is made: only its hash is kept. */
export const createdAppPasswordOutput = z.object({
  appPassword: appPasswordOutput,
  password: z.string(),
  /** What the device asks for: the account's email as user name, and the server's address. */
  username: z.string(),
  serverUrl: z.string(),
})

export const revokeAppPasswordInput = z.object({ id: uuidParam })

export type AppPasswordSummary = z.output<typeof appPasswordOutput>
export type CreatedAppPassword = z.output<typeof createdAppPasswordOutput>
