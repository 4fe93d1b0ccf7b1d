// A runtime entry for the client: reading and writing contact cards and contact files, with no
// server code.
export { toVCard, type VCardContact } from './exports/vcard.ts'
export { parseVCard, type ImportedContact } from './exports/vcard-parse.ts'
export { parseMeCard } from './exports/mecard-parse.ts'
export {
  readContactFile,
  type ContactFile,
  type ContactFileFormat,
  type FileContact,
  type ImportContact,
} from './imports/contact-files.ts'
