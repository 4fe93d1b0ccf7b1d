import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: the feed link's secret, shown to its owner once. */
export function generateFeedToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What generateFeedToken makes: 43 base64url characters. */
export const FEED_TOKEN_PATTERN = /^[\w-]{43}$/

/** SHA-256, as the reset token is kept: a leaked database hands out no working feed link. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
