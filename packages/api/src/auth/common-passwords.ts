import { TRPCError } from '@trpc/server'
import { COMMON_PASSWORDS_LIST } from './common-passwords.data.ts'

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easy to guess. Please choose another.'

let commonPasswords: Set<string> | undefined

/** Case-insensitive: 'Password1' is guessed as early as 'password1'. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_LIST.split('\n'))
  return commonPasswords.has(password.toLowerCase())
}

/** Checked on the server only, so the list never ships to the browser. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: COMMON_PASSWORD_MESSAGE })
  }
}
