import {
  COMPANY_ONLY_MESSAGE,
  importContactInput,
  MAX_IMPORT_PART_CONTACTS,
  NO_NAME_MESSAGE,
  type ImportContactInput,
  type ImportPreview,
} from '@fiveconnect/api/schemas'
import type { ContactFileFormat, FileContact } from '@fiveconnect/api/contact-files'

export const FORMAT_LABELS: Record<ContactFileFormat, string> = {
  vcard: 'vCard file',
  'google-csv': 'Google Contacts export',
  'outlook-csv': 'Outlook contacts export',
  'linkedin-csv': 'LinkedIn connections export',
}

export type SkippedContact = { position: number; name: string; reason: string }

/** A file read, checked and staged: what the preview shows and the commit names. */
export type Reviewed = {
  uploadId: string
  fileName: string
  format: ContactFileFormat
  skipped: SkippedContact[]
  /** Null when no contact of the file could be staged. */
  preview: ImportPreview | null
}

/**
 * The file's contacts the server will take, and those left out with why: the import's own
 * schema checks them here, so a bad row is named in the preview instead of failing the upload.
 */
export function reviewContacts(contacts: FileContact[]) {
  const valid: ImportContactInput[] = []
  const skipped: SkippedContact[] = []
  for (const { position, contact } of contacts) {
    const checked = importContactInput.safeParse({ position, ...contact })
    if (checked.success) {
      valid.push({ position, ...contact })
    } else {
      const reason = checked.error.issues[0]?.message ?? NO_NAME_MESSAGE
      // A company's card: named by its company, so the user sees which one was left out.
      if (reason === NO_NAME_MESSAGE && contact.company) {
        skipped.push({ position, name: contact.company, reason: COMPANY_ONLY_MESSAGE })
        continue
      }
      const name = `${contact.firstName} ${contact.lastName}`.trim() || contact.email
      skipped.push({ position, name, reason })
    }
  }
  return { valid, skipped }
}

// Well under the server's 1 MiB body limit, whatever the characters (JSON of UTF-8 text).
const MAX_PART_BYTES = 512 * 1024
const encoder = new TextEncoder()

/** The contacts in parts small enough for one request each. */
export function partsOf(contacts: ImportContactInput[]): ImportContactInput[][] {
  const parts: ImportContactInput[][] = []
  let part: ImportContactInput[] = []
  let bytes = 0
  for (const contact of contacts) {
    const size = encoder.encode(JSON.stringify(contact)).length
    if (
      part.length === MAX_IMPORT_PART_CONTACTS ||
      (part.length > 0 && bytes + size > MAX_PART_BYTES)
    ) {
      parts.push(part)
      part = []
      bytes = 0
    }
    part.push(contact)
    bytes += size
  }
  if (part.length > 0) parts.push(part)
  return parts
}
