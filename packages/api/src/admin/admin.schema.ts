import { z } from 'zod'
import { roleSchema } from '../auth/auth.schema.ts'
import {
  emailAddress,
  newPasswordField,
  optionalText,
  requiredName,
  uuidParam,
} from '../common.schema.ts'

export const adminUpdateUserInput = z.object({
  id: uuidParam,
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: emailAddress('Valid email is required'),
  mobile: optionalText(40),
  company: optionalText(),
  linkedin: optionalText(2048),
  website: optionalText(2048),
  role: roleSchema,
})

export const adminSetPasswordInput = z.object({ id: uuidParam, newPassword: newPasswordField })

/** The admin's password form asks twice; the server needs it once. */
export const adminPasswordForm = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: 'Please confirm password' })
      .min(6, 'Please confirm password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })

export const userIdInput = z.object({ id: uuidParam })

export type AdminUpdateUserInput = z.input<typeof adminUpdateUserInput>
