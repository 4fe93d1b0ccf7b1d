import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toVCard, type VCardContact } from './vcard.ts'
import { emptyContact, parseVCard } from './vcard-parse.ts'

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
      title: contact.title,
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
      ...emptyContact,
      firstName: contact.firstName,
      lastName: contact.lastName,
    })
  })

  it('reads back any text it wrote, backslashes and line breaks included', () => {
    // Text with the characters that need escaping or folding mixed in.
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\\', '\r', '\n', ';', ',', ':', '"', ' ', '='),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 120,
    })
    const field = fc.option(text, { nil: null })
    const url = fc.webUrl({ withQueryParameters: true, withFragments: true })
    // The formats have one line break, so CRLF and CR are read back as LF; padding is trimmed.
    const asRead = (value: string | null) => (value ?? '').replace(/\r\n?/g, '\n').trim()
    fc.assert(
      fc.property(
        fc.record({
          firstName: text.filter((name) => asRead(name) !== ''),
          lastName: text,
          email: field,
          mobile: field,
          company: field,
          title: field,
          website: fc.option(
            url.filter((website) => !/linkedin\.com/i.test(website)),
            { nil: null },
          ),
          linkedin: fc.option(url, { nil: null }),
          note: field,
        }),
        (written) => {
          const read = parseVCard(toVCard(written))
          expect(read).toEqual({
            firstName: asRead(written.firstName),
            lastName: asRead(written.lastName),
            email: asRead(written.email),
            mobile: asRead(written.mobile),
            company: asRead(written.company),
            title: asRead(written.title),
            linkedin: written.linkedin ?? '',
            website: written.website ?? '',
          })
        },
      ),
    )
  })
})
