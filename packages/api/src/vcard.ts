// A runtime entry for the client: reading and writing contact cards, with no server code.
export { toVCard, type VCardContact } from './exports/vcard.ts'
export { parseVCard, type ImportedContact } from './exports/vcard-parse.ts'
export { parseMeCard } from './exports/mecard-parse.ts'
