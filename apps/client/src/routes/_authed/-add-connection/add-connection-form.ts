import { createPersonInput, type ConnectionType } from '@fiveconnect/api/schemas'

export type AddConnectionValues = {
  eventId: string
  firstName: string
  lastName: string
  email: string
  mobile: string
  company: string
  linkedin: string
  website: string
  connectionTypes: ConnectionType[]
  connectionFocus: string
  notes: string
  photos: string[]
  voiceNoteUrl: string | null
  voiceNoteTranscription: string | null
  /** YYYY-MM-DD, or '' for none */
  followUpOn: string
}

export const emptyConnection = (eventId: string): AddConnectionValues => ({
  eventId,
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  company: '',
  linkedin: '',
  website: '',
  connectionTypes: [],
  connectionFocus: '',
  notes: '',
  photos: [],
  voiceNoteUrl: null,
  voiceNoteTranscription: null,
  followUpOn: '',
})

export const hasBothNames = (values: AddConnectionValues) =>
  values.firstName.trim() !== '' && values.lastName.trim() !== ''

/** The new person's details, checked as the server will check them; field errors by name. */
export function parseNewPerson(values: AddConnectionValues) {
  return createPersonInput.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    mobile: values.mobile,
    company: values.company,
    linkedin: values.linkedin,
    website: values.website,
  })
}
