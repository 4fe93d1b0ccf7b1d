import { updateProfileInput, type SharedProfileField } from '@fiveconnect/api/schemas'

// The Edit Profile fields: the server's own rules, less the photo, which is saved on its own.
export const profileForm = updateProfileInput.omit({ profileImageUrl: true })

export type ProfileFormValues = {
  firstName: string
  lastName: string
  mobile: string
  company: string
  linkedin: string
  website: string
  sharedProfileFields: SharedProfileField[]
}
