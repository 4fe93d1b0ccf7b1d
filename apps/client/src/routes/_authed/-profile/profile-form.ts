import { optionalText, requiredName } from '@fiveconnect/api/schemas'
import { z } from 'zod'

// The Edit Profile fields, built from the same field rules the server uses.
export const profileForm = z.object({
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
  website: optionalText(2048, 'Website'),
})

export type ProfileFormValues = {
  firstName: string
  lastName: string
  mobile: string
  company: string
  linkedin: string
  website: string
}
