import { z } from 'zod'

export const deleteAccountInput = z.object({
  password: z
    .string({ error: 'Enter your password to confirm' })
    .min(1, 'Enter your password to confirm'),
})

export type DeleteAccountInput = z.input<typeof deleteAccountInput>
