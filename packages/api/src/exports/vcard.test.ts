import { describe, expect, it } from 'vitest'
import { toVCard, type VCardContact } from './vcard.ts'
import { parseVCard } from './vcard-parse.ts'

const contact: VCardContact = {
  firstName: 'Zoë Ann',
  lastName: "O'Brien-Núñez",
  email: 'zoe@acme.example',
  mobile: '+44 7700 900123',
  company: 'Acme; Widgets, Ltd\\Research',
  title: 'Head of Partnerships',
  website: 'https://acme.example/team?who=zoe&lang=en',
  linkedin: 'https://www.linkedin.com/in/zoe-obrien-1234567890-a-very-long-profile-slug',
  note: 'Met at Ideas Fest\nFocus: fintech, payments; Europe',
}

describe('a contact card written by the app and read back by the import', () => {
  it('keeps every field the import fills in, escaped and folded on the way', () => {
    const card = toVCard(contact)
    expect(card.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    )
    expect(parseVCard(card)).toEqual({
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      mobile: contact.mobile,
      company: contact.company,
      linkedin: contact.linkedin,
      website: contact.website,
    })
  })

  it('keeps a card with only a name as a name, with every other field empty', () => {
    const nameOnly = toVCard({
      ...contact,
      email: null,
      mobile: null,
      company: null,
      title: null,
      website: null,
      linkedin: null,
      note: null,
    })
    expect(parseVCard(nameOnly)).toEqual({
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: '',
      mobile: '',
      company: '',
      linkedin: '',
      website: '',
    })
  })
})
