import { z } from 'zod'
import { optionalObjectPath, optionalText, requiredName } from '../common.schema.ts'

export const updateProfileInput = z.object({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  mobile: optionalText(40),
  company: optionalText(),
  linkedin: optionalText(2048),
  website: optionalText(2048),
  profileImageUrl: optionalObjectPath,
})

export type UpdateProfileInput = z.input<typeof updateProfileInput>
