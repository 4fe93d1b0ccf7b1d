import { escape, fold } from './content-lines.ts'

export type VCardContact = {
  firstName: string
  lastName: string
  email: string | null
  mobile: string | null
  company: string | null
  title: string | null
  website: string | null
  linkedin: string | null
  note: string | null
}

function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`
}

/** One vCard 3.0 card, as phones' address books import it. */
export function toVCard(contact: VCardContact): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escape(contact.lastName)};${escape(contact.firstName)};;;`,
    `FN:${escape(`${contact.firstName} ${contact.lastName}`.trim())}`,
    contact.company && `ORG:${escape(contact.company)}`,
    contact.title && `TITLE:${escape(contact.title)}`,
    contact.email && `EMAIL;TYPE=INTERNET:${escape(contact.email)}`,
    contact.mobile && `TEL;TYPE=CELL:${escape(contact.mobile)}`,
    contact.website && `URL:${escape(withScheme(contact.website))}`,
    contact.linkedin && `X-SOCIALPROFILE;TYPE=linkedin:${escape(withScheme(contact.linkedin))}`,
    contact.note && `NOTE:${escape(contact.note)}`,
    'END:VCARD',
  ]
  return lines
    .filter((line): line is string => Boolean(line))
    .map(fold)
    .join('\r\n')
}
