import { z } from 'zod'
import { objectPathField, optionalText, requiredName } from '../common.schema.ts'

export const updateProfileInput = z.object({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  mobile: optionalText(40),
  company: optionalText(),
  linkedin: optionalText(2048),
  website: optionalText(2048),
  profileImageUrl: objectPathField.nullish().transform((value) => value ?? null),
})

export type UpdateProfileInput = z.input<typeof updateProfileInput>
