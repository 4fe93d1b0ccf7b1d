import { createHash, randomBytes } from 'node:crypto'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** 256 random bits, URL-safe: goes into the emailed link and nowhere else. */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
