import { z } from 'zod'
import { optionalObjectPath, optionalText, requiredName } from '../common.schema.ts'

/** What a user may show other attendees in people search, beside their name. */
export const SHAREABLE_PROFILE_FIELDS = [
  'company',
  'email',
  'mobile',
  'linkedin',
  'website',
] as const

export type SharedProfileField = (typeof SHAREABLE_PROFILE_FIELDS)[number]

export const sharedProfileFieldsField = z
  .array(
    z.enum(SHAREABLE_PROFILE_FIELDS, {
      error: 'Choose among company, email, mobile, LinkedIn and website',
    }),
  )
  .refine((fields) => new Set(fields).size === fields.length, 'Each field can be chosen once')

export const updateProfileInput = z.object({
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
  website: optionalText(2048, 'Website'),
  profileImageUrl: optionalObjectPath,
  /** Left out, the fields shared so far stay as they are. */
  sharedProfileFields: sharedProfileFieldsField.optional(),
})

export type UpdateProfileInput = z.input<typeof updateProfileInput>
