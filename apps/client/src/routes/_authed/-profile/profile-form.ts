import { optionalText, requiredName } from '@fiveconnect/api/schemas'
import { z } from 'zod'

// The Edit Profile fields, built from the same field rules the server uses.
export const profileForm = z.object({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  mobile: optionalText(40),
  company: optionalText(),
  linkedin: optionalText(2048),
  website: optionalText(2048),
})

export type ProfileFormValues = {
  firstName: string
  lastName: string
  mobile: string
  company: string
  linkedin: string
  website: string
}
