import { z } from 'zod'
import { SHAREABLE_PROFILE_FIELDS } from '../profile/profile.schema.ts'
import {
  emailField,
  newPasswordField,
  optionalText,
  PASSWORD_MAX_LENGTH,
  requiredName,
  storableText,
} from '../common.schema.ts'

export const loginInput = z.object({
  email: emailField,
  password: storableText('Password', 'Password is required')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
})

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword

export const registerInput = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: storableText('Password confirmation', "Passwords don't match"),
    firstName: requiredName('First name is required', 'First name'),
    lastName: requiredName('Last name is required', 'Last name'),
    mobile: optionalText(40, 'Mobile'),
    company: optionalText(255, 'Company'),
    website: optionalText(2048, 'Website'),
    referredBy: optionalText(255, 'Referred by'),
  })
  .refine(passwordsMatch, { message: "Passwords don't match", path: ['confirmPassword'] })

export const forgotPasswordInput = z.object({ email: emailField })

export const resetPasswordInput = z.object({
  token: z.string({ error: 'This password reset link is invalid or has expired.' }).min(1).max(200),
  password: newPasswordField,
})

/** The reset form also asks for the password twice; the server only needs it once. */
export const resetPasswordForm = z
  .object({ password: newPasswordField, confirmPassword: newPasswordField })
  .refine(passwordsMatch, { message: "Passwords don't match", path: ['confirmPassword'] })

/** Change Password (Profile): the current password, and the new one twice under the registration rules. */
export const changePasswordInput = z
  .object({
    currentPassword: storableText('Current password', 'Current password is required')
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
    password: newPasswordField,
    confirmPassword: storableText('Password confirmation', "Passwords don't match"),
  })
  .refine(passwordsMatch, { message: "Passwords don't match", path: ['confirmPassword'] })
  .refine((value) => value.password !== value.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['password'],
  })

export const roleSchema = z.enum(['attendee', 'admin'], { error: 'Role must be attendee or admin' })

export const userOutput = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  mobile: z.string().nullable(),
  company: z.string().nullable(),
  referredBy: z.string().nullable(),
  linkedin: z.string().nullable(),
  website: z.string().nullable(),
  sharedProfileFields: z.array(z.enum(SHAREABLE_PROFILE_FIELDS)),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

export type LoginInput = z.input<typeof loginInput>
export type RegisterInput = z.input<typeof registerInput>
export type User = z.output<typeof userOutput>
