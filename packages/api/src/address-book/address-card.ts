import { createHash } from 'node:crypto'
import type { AddressCardRow } from '@fiveconnect/db'
import { CONNECTION_TYPE_LABELS, type ConnectionType } from '../connections/connection-types.ts'
import { toVCard, type VCardExtras } from '../exports/vcard.ts'

/** Every card's category, so a contact app can show the people met through FiveConnect together. */
export const ADDRESS_BOOK_CATEGORY = 'FiveConnect'

/** 'Met at Web Summit on 2026-11-10 (Strategic Alliance, Joint Venture)', one line a meeting. */
function meetingsNote(card: AddressCardRow): string | null {
  const lines = card.meetings.map((meeting) => {
    const where = meeting.eventTitle ? `Met at ${meeting.eventTitle}` : 'Met'
    const types = meeting.types.map(
      (type) => CONNECTION_TYPE_LABELS[type as ConnectionType] ?? type,
    )
    const kinds = types.length > 0 ? ` (${types.join(', ')})` : ''
    return `${where} on ${meeting.metAt.slice(0, 10)}${kinds}`
  })
  return lines.length > 0 ? lines.join('\n') : null
}

function categoriesOf(card: AddressCardRow): string[] {
  const categories = [ADDRESS_BOOK_CATEGORY]
  for (const meeting of card.meetings) {
    if (meeting.eventTitle) categories.push(meeting.eventTitle)
    for (const type of meeting.types) {
      categories.push(CONNECTION_TYPE_LABELS[type as ConnectionType] ?? type)
    }
  }
  return [...new Set(categories)]
}

/** A person as their address-book card: the vCard a contact app stores, and its ETag. */
export function toAddressCard(card: AddressCardRow, photo?: VCardExtras['photo']) {
  const contact = { ...card, note: meetingsNote(card) }
  const withoutPhoto = toVCard(contact, { uid: card.id, categories: categoriesOf(card) })
  // The photo is named by its URL (a new photo is a new object), so its bytes need not be read
  // to know whether the card changed.
  const etag = createHash('sha256')
    .update(withoutPhoto)
    .update(card.profileImageUrl ?? '')
    .digest('base64url')
    .slice(0, 27)
  const vcard = photo
    ? toVCard(contact, { uid: card.id, categories: categoriesOf(card), photo })
    : withoutPhoto
  return { vcard: `${vcard}\r\n`, etag: `"${etag}"` }
}
