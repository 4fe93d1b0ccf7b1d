// Reads the contact files people export to bring their address book along: a .vcf of any number
// of cards, a Google Contacts CSV and LinkedIn's Connections.csv. Runs in the browser (the file
// never leaves it unread) and in Node for the tests. CSV syntax is papaparse's (ADR 007); the
// exporters' layouts are read here.
import Papa from 'papaparse'
import { decodeByBom, decodeUtf8OrWindows1252, isLinkedinUrl } from '../exports/contact-text.ts'
import { parseVCards, type ImportedContact } from '../exports/vcard-parse.ts'

export type ContactFileFormat = 'vcard' | 'google-csv' | 'linkedin-csv'

/** A contact as an import reads it: a new person's fields and their job title. */
export type ImportContact = ImportedContact & { title: string }

/** A contact and where it is in the file: its card or data row, from 1. */
export type FileContact = { position: number; contact: ImportContact }

export type ContactFile =
  { ok: true; format: ContactFileFormat; contacts: FileContact[] } | { ok: false; message: string }

const emptyContact: ImportContact = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  company: '',
  title: '',
  linkedin: '',
  website: '',
}

const NOT_A_CONTACT_FILE =
  'This file is not a contact file we can read: choose a .vcf, a Google Contacts CSV or a LinkedIn Connections.csv.'

/**
 * The contacts in a file, from its bytes: a vCard file by its BEGIN:VCARD, a CSV by its header
 * row. Every card or row is listed, named or not, so a preview can say what it leaves out.
 */
export function readContactFile(bytes: Uint8Array): ContactFile {
  const text = decodeText(bytes)
  if (/^\s*BEGIN:VCARD/im.test(text.slice(0, 4096))) {
    return { ok: true, format: 'vcard', contacts: vcardContacts(bytes, text) }
  }
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  const headerAt = data.findIndex((row) => formatOfHeader(row) !== null)
  const header = data[headerAt]
  const format = header && formatOfHeader(header)
  if (!header || !format) return { ok: false, message: NOT_A_CONTACT_FILE }
  const columns = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]))
  const read = format === 'linkedin-csv' ? linkedinContact : googleContact
  const contacts = data.slice(headerAt + 1).map((row, i) => ({
    position: i + 1,
    contact: read((name) => (row[columns.get(name.toLowerCase()) ?? -1] ?? '').trim()),
  }))
  return { ok: true, format, contacts }
}

/** By its byte order mark (UTF-16 in Google's older export), else UTF-8, else Windows-1252. */
function decodeText(bytes: Uint8Array): string {
  return decodeByBom(bytes) ?? decodeUtf8OrWindows1252(bytes)
}

function formatOfHeader(row: string[]): ContactFileFormat | null {
  const names = new Set(row.map((name) => name.trim().toLowerCase()))
  const has = (...wanted: string[]) => wanted.every((name) => names.has(name.toLowerCase()))
  if (has('First Name', 'Last Name', 'URL', 'Connected On')) return 'linkedin-csv'
  if (has('First Name', 'Last Name', 'E-mail 1 - Value') || has('Given Name', 'Family Name'))
    return 'google-csv'
  return null
}

/**
 * The named cards as the vCard reader reads them, and one empty contact for each card without a
 * name, so the preview can count them (the reader skips them).
 */
function vcardContacts(bytes: Uint8Array, text: string): FileContact[] {
  const named = parseVCards(bytes)
  const cards = Math.max(named.length, text.match(/^BEGIN:VCARD/gim)?.length ?? 0)
  const unnamed = Array.from({ length: cards - named.length }, () => emptyContact)
  return [...named.map((contact) => ({ ...emptyContact, ...contact })), ...unnamed].map(
    (contact, i) => ({ position: i + 1, contact }),
  )
}

type Cell = (column: string) => string

/** LinkedIn's Connections.csv: one row per connection, the profile in URL, the job in Position. */
function linkedinContact(cell: Cell): ImportContact {
  return {
    ...emptyContact,
    firstName: cell('First Name'),
    lastName: cell('Last Name'),
    email: cell('Email Address'),
    company: cell('Company'),
    title: cell('Position'),
    linkedin: cell('URL'),
  }
}

/** Google writes several values in one cell joined by ' ::: '. */
const valuesOf = (value: string) =>
  value
    .split(' ::: ')
    .map((part) => part.trim())
    .filter(Boolean)

/** The numbered values of a Google column family ('E-mail', 'Phone', 'Website'), with labels. */
function numbered(cell: Cell, family: string): { label: string; value: string }[] {
  const found: { label: string; value: string }[] = []
  for (let n = 1; n <= 20; n++) {
    const value = cell(`${family} ${n} - Value`)
    if (!value) continue
    const label = cell(`${family} ${n} - Label`) || cell(`${family} ${n} - Type`)
    for (const part of valuesOf(value)) found.push({ label, value: part })
  }
  return found
}

/**
 * A Google Contacts row, in the current layout (First Name, Organization Name, 'E-mail 1 - Label')
 * or the older one (Given Name, Organization 1 - Name, 'E-mail 1 - Type'). A label starting with
 * '*' marks the primary value.
 */
function googleContact(cell: Cell): ImportContact {
  const emails = numbered(cell, 'E-mail')
  const phones = numbered(cell, 'Phone')
  const websites = numbered(cell, 'Website').map(({ value }) => value)
  const primary = (values: { label: string; value: string }[]) =>
    (values.find(({ label }) => label.startsWith('*')) ?? values[0])?.value ?? ''

  let firstName = cell('First Name') || cell('Given Name')
  let lastName = cell('Last Name') || cell('Family Name')
  if (!firstName && !lastName) {
    const [first = '', ...rest] = (cell('Name') || cell('File As') || cell('Nickname')).split(/\s+/)
    firstName = first
    lastName = rest.join(' ')
  }
  return {
    firstName,
    lastName,
    email: primary(emails),
    mobile: phones.find(({ label }) => /mobile|cell/i.test(label))?.value ?? primary(phones),
    company: cell('Organization Name') || cell('Organization 1 - Name'),
    title: cell('Organization Title') || cell('Organization 1 - Title'),
    linkedin: websites.find(isLinkedinUrl) ?? '',
    website: websites.find((url) => !isLinkedinUrl(url)) ?? '',
  }
}
