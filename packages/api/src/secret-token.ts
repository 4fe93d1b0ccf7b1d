import { createHash, randomBytes } from 'node:crypto'

// The secrets in links the app hands out (password reset, calendar feed): the link is the only
// credential, so the database keeps only a hash, and a leaked database hands out no working link.

/** 256 random bits, URL-safe. */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What generateSecretToken makes: 43 base64url characters. */
export const SECRET_TOKEN_PATTERN = /^[\w-]{43}$/

/** SHA-256, in hex: what the database keeps of a token. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
