import { z } from 'zod'
import { roleSchema } from '../auth/auth.schema.ts'
import {
  emailAddress,
  newPasswordField,
  optionalText,
  requiredName,
  storableText,
  uuidParam,
} from '../common.schema.ts'

export const adminUpdateUserInput = z.object({
  id: uuidParam,
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  email: emailAddress('Valid email is required'),
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
  website: optionalText(2048, 'Website'),
  role: roleSchema,
})

export const adminSetPasswordInput = z.object({ id: uuidParam, newPassword: newPasswordField })

/** The admin's password form asks twice; the server needs it once. */
export const adminPasswordForm = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: storableText('Password confirmation', 'Please confirm password').min(
      6,
      'Please confirm password',
    ),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })

export const userIdInput = z.object({ id: uuidParam })

export type AdminUpdateUserInput = z.input<typeof adminUpdateUserInput>
