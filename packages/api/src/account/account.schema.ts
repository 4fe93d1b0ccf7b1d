import { z } from 'zod'
import { storableText } from '../common.schema.ts'

export const deleteAccountInput = z.object({
  password: storableText('Password', 'Enter your password to confirm').min(
    1,
    'Enter your password to confirm',
  ),
})

export type DeleteAccountInput = z.input<typeof deleteAccountInput>
