// Reads the contact files people export to bring their address book along: a .vcf of any number
// of cards, a Google Contacts CSV, Outlook's contacts CSV and LinkedIn's Connections.csv. Runs in the browser (the file
// never leaves it unread) and in Node for the tests. CSV syntax is papaparse's (ADR 007); the
// exporters' layouts are read here.
import Papa from 'papaparse'
import { decodeByBom, decodeUtf8OrWindows1252, isLinkedinUrl } from '../exports/contact-text.ts'
import { emptyContact, readVCards, sameText, type ImportedContact } from '../exports/vcard-parse.ts'

type CsvFormat = 'google-csv' | 'outlook-csv' | 'linkedin-csv'
export type ContactFileFormat = 'vcard' | CsvFormat

/** A contact as an import reads it: a new person's fields. */
export type ImportContact = ImportedContact

/** A contact and where it is in the file: its card or data row, from 1. */
export type FileContact = { position: number; contact: ImportContact }

export type ContactFile =
  { ok: true; format: ContactFileFormat; contacts: FileContact[] } | { ok: false; message: string }

const NOT_A_CONTACT_FILE =
  'This file is not a contact file we can read: choose a .vcf, a Google Contacts or Outlook CSV, or a LinkedIn Connections.csv.'

/**
 * The contacts in a file, from its bytes: a vCard file by its BEGIN:VCARD, a CSV by its header
 * row. Every card or row is listed, named or not, so a preview can say what it leaves out.
 */
export function readContactFile(bytes: Uint8Array): ContactFile {
  const text = decodeText(bytes)
  if (/^\s*BEGIN:VCARD/im.test(text.slice(0, 4096))) {
    const contacts = readVCards(bytes).map((contact, i) => ({ position: i + 1, contact }))
    return { ok: true, format: 'vcard', contacts }
  }
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  const headerAt = data.findIndex((row) => formatOfHeader(row) !== null)
  const header = data[headerAt]
  const format = header && formatOfHeader(header)
  if (!header || !format) return { ok: false, message: NOT_A_CONTACT_FILE }
  const columns = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]))
  const read = readers[format]
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

function formatOfHeader(row: string[]): CsvFormat | null {
  const names = new Set(row.map((name) => name.trim().toLowerCase()))
  const has = (...wanted: string[]) => wanted.every((name) => names.has(name.toLowerCase()))
  if (has('First Name', 'Last Name', 'URL', 'Connected On')) return 'linkedin-csv'
  if (has('First Name', 'Last Name', 'E-mail 1 - Value') || has('Given Name', 'Family Name'))
    return 'google-csv'
  if (has('First Name', 'Last Name', 'E-mail Address', 'Job Title')) return 'outlook-csv'
  return null
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

  const company = cell('Organization Name') || cell('Organization 1 - Name')
  let firstName = cell('First Name') || cell('Given Name')
  let lastName = cell('Last Name') || cell('Family Name')
  const shownAs = cell('Name') || cell('File As') || cell('Nickname')
  // A company's own contact is shown as the company: no person's name to take from it.
  if (!firstName && !lastName && !sameText(shownAs, company)) {
    const [first = '', ...rest] = shownAs.split(/\s+/)
    firstName = first
    lastName = rest.join(' ')
  }
  return {
    firstName,
    lastName,
    email: primary(emails),
    mobile: phones.find(({ label }) => /mobile|cell/i.test(label))?.value ?? primary(phones),
    company,
    title: cell('Organization Title') || cell('Organization 1 - Title'),
    linkedin: websites.find(isLinkedinUrl) ?? '',
    website: websites.find((url) => !isLinkedinUrl(url)) ?? '',
  }
}

/** Outlook's phone columns, the mobile first; faxes and pagers are not a number to call. */
const OUTLOOK_PHONES = [
  'Mobile Phone',
  'Primary Phone',
  'Business Phone',
  'Business Phone 2',
  'Home Phone',
  'Home Phone 2',
  'Other Phone',
  'Company Main Phone',
]

/**
 * Outlook's 'Export to a file' CSV (and Outlook.com's): 'Title' is the courtesy title (Mr.), the
 * job is in 'Job Title', LinkedIn may be the 'Web Page'.
 */
function outlookContact(cell: Cell): ImportContact {
  const webPage = cell('Web Page')
  const mobile = OUTLOOK_PHONES.map(cell).find(Boolean) ?? ''
  return {
    firstName: cell('First Name'),
    lastName: cell('Last Name'),
    email: cell('E-mail Address') || cell('E-mail 2 Address') || cell('E-mail 3 Address'),
    mobile,
    company: cell('Company'),
    title: cell('Job Title'),
    linkedin: isLinkedinUrl(webPage) ? webPage : '',
    website: isLinkedinUrl(webPage) ? '' : webPage,
  }
}

const readers: Record<CsvFormat, (cell: Cell) => ImportContact> = {
  'google-csv': googleContact,
  'outlook-csv': outlookContact,
  'linkedin-csv': linkedinContact,
}
