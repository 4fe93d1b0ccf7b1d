import { parseMeCard, parseVCard, type ImportedContact } from '@fiveconnect/api/vcard'

const LINKEDIN_PROFILE =
  /^(?:https?:\/\/)?(?:[\w-]+\.)?linkedin\.com\/in\/[^\s/?#]+\/?(?:[?#]\S*)?$/i

/**
 * What a scanned QR code says about a new person: a contact card (vCard or MECARD) fills every
 * field it has; a LinkedIn profile link fills LinkedIn only (a profile's address does not reliably
 * spell the name). null for anything else.
 */
export function contactFromScan(text: string): Partial<ImportedContact> | null {
  const card = parseVCard(text) ?? parseMeCard(text)
  if (card) return card
  const trimmed = text.trim()
  return LINKEDIN_PROFILE.test(trimmed) ? { linkedin: trimmed } : null
}
