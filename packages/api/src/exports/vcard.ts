import type { ContactDetails } from '@fiveconnect/db'
import { escape, fold } from './content-lines.ts'

export type VCardContact = ContactDetails & {
  website: string | null
  linkedin: string | null
  note: string | null
}

function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`
}

/** What an address-book card carries beyond the contact itself. */
export type VCardExtras = {
  /** A stable id, so a synced card is updated in place. */
  uid?: string
  categories?: readonly string[]
  photo?: { type: string; base64: string }
}

/** One vCard 3.0 card, as phones' address books import it. */
export function toVCard(contact: VCardContact, extras: VCardExtras = {}): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    extras.uid && `UID:${escape(extras.uid)}`,
    `N:${escape(contact.lastName)};${escape(contact.firstName)};;;`,
    `FN:${escape(`${contact.firstName} ${contact.lastName}`.trim())}`,
    contact.company && `ORG:${escape(contact.company)}`,
    contact.title && `TITLE:${escape(contact.title)}`,
    contact.email && `EMAIL;TYPE=INTERNET:${escape(contact.email)}`,
    contact.mobile && `TEL;TYPE=CELL:${escape(contact.mobile)}`,
    contact.website && `URL:${escape(withScheme(contact.website))}`,
    contact.linkedin && `X-SOCIALPROFILE;TYPE=linkedin:${escape(withScheme(contact.linkedin))}`,
    contact.note && `NOTE:${escape(contact.note)}`,
    extras.categories?.length && `CATEGORIES:${extras.categories.map(escape).join(',')}`,
    extras.photo && `PHOTO;ENCODING=b;TYPE=${extras.photo.type}:${extras.photo.base64}`,
    'END:VCARD',
  ]
  return lines
    .filter((line): line is string => Boolean(line))
    .map(fold)
    .join('\r\n')
}
