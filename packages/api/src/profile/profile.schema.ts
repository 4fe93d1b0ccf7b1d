import { z } from 'zod'
import { optionalObjectPath, optionalText, requiredName } from '../common.schema.ts'

export const updateProfileInput = z.object({
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
  website: optionalText(2048, 'Website'),
  profileImageUrl: optionalObjectPath,
})

export type UpdateProfileInput = z.input<typeof updateProfileInput>
