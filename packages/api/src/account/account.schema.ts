import { z } from 'zod'
import { userOutput } from '../auth/auth.schema.ts'
import { storableText } from '../common.schema.ts'
import { connectionOutput } from '../connections/connection.schema.ts'
import { eventOutput } from '../events/event.schema.ts'
import { contactImportOutput } from '../imports/import.schema.ts'
import { personOutput } from '../people/person.schema.ts'
import { reminderSettingsOutput } from '../reminders/reminders.schema.ts'

export const deleteAccountInput = z.object({
  password: storableText('Password', 'Enter your password to confirm').min(
    1,
    'Enter your password to confirm',
  ),
})

export type DeleteAccountInput = z.input<typeof deleteAccountInput>

/** A copy of everything the app keeps about the signed-in user (the Privacy Policy's promise). */
export const accountExportOutput = z.object({
  exportedAt: z.date(),
  profile: userOutput,
  reminders: reminderSettingsOutput.optional(),
  joinedEvents: z.array(eventOutput),
  connections: z.array(connectionOutput),
  people: z.array(personOutput),
  contactImports: z.array(contactImportOutput),
})
