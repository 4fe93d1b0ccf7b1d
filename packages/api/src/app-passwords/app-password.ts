import { randomInt } from 'node:crypto'

// No 0/o, 1/l/i: a person may have to type it into a phone's settings.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Four groups of five, about 99 random bits: `k7m2q-x9rtp-…`. */
export function generateAppPassword(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return [group(), group(), group(), group()].join('-')
}

export const APP_PASSWORD_PATTERN = /^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/
