import { describe, expect, it } from 'vitest'
import { parseVCard, parseVCards } from './vcard-parse.ts'

describe('parseVCard', () => {
  it('reads a vCard 3.0 card as phones export it: escaped, folded, grouped', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      "N:O'Brien;Zoë;;;",
      "FN:Zoë O'Brien",
      'ORG:Acme\\; Widgets\\, Ltd;Research',
      'item1.EMAIL;TYPE=INTERNET:zoe@acme.example',
      'TEL;TYPE=WORK:+44 20 7946 0000',
      'TEL;TYPE=CELL:+44 7700 ',
      ' 900123',
      'URL:https://acme.example',
      'X-SOCIALPROFILE;TYPE=linkedin:https://linkedin.com/in/zoe',
      'END:VCARD',
      '',
    ].join('\r\n')
    expect(parseVCard(card)).toEqual({
      firstName: 'Zoë',
      lastName: "O'Brien",
      email: 'zoe@acme.example',
      mobile: '+44 7700 900123',
      company: 'Acme; Widgets, Ltd',
      title: '',
      linkedin: 'https://linkedin.com/in/zoe',
      website: 'https://acme.example',
    })
  })

  it('reads a vCard 4.0 card with only FN, a tel: URI and LinkedIn as a URL', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Ada King Lovelace',
      'TEL;VALUE=uri;TYPE=cell:tel:+1-555-0100',
      'URL:https://www.linkedin.com/in/ada',
      'END:VCARD',
    ].join('\n')
    expect(parseVCard(card)).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      mobile: '+1-555-0100',
      linkedin: 'https://www.linkedin.com/in/ada',
      website: '',
    })
  })

  it('takes the first card with a name, and refuses files without one', () => {
    const two = 'BEGIN:VCARD\nEMAIL:x@y.example\nEND:VCARD\nBEGIN:VCARD\nN:Two;Second\nEND:VCARD'
    expect(parseVCard(two)?.lastName).toBe('Two')
    expect(parseVCard('hello')).toBeNull()
    expect(parseVCard('BEGIN:VCARD\nVERSION:3.0\nEMAIL:x@y.example\nEND:VCARD')).toBeNull()
  })

  it('reads every card of a file', () => {
    const file = 'BEGIN:VCARD\nN:One;Ann\nEND:VCARD\nBEGIN:VCARD\nFN:Bo Two\nEND:VCARD\n'
    expect(parseVCards(file).map((person) => person.firstName)).toEqual(['Ann', 'Bo'])
  })

  it('reads vCard 2.1 quoted-printable values across soft line breaks', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Mu=C3=B1oz;Jos=C3=A9 Mar=',
      '=C3=ADa;;;',
      'ORG;QUOTED-PRINTABLE:Caf=E9 du Monde',
      'END:VCARD',
    ].join('\r\n')
    expect(parseVCard(bytes(card))).toMatchObject({
      firstName: 'José María',
      lastName: 'Muñoz',
      // No CHARSET and not UTF-8: a legacy encoding.
      company: 'Café du Monde',
    })
  })

  it('decodes each value per its CHARSET, the byte order mark, or else UTF-8', () => {
    const file = concat(
      'BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=Windows-1252:M',
      [0xfc],
      'ller;J',
      [0xfc, 0x72, 0x67, 0x65, 0x6e],
      '\r\nORG;CHARSET=SHIFT_JIS:',
      // 株式会社ソニー: ソ is 0x83 0x5C, a backslash as its second byte.
      [0x8a, 0x94, 0x8e, 0xae, 0x89, 0xef, 0x8e, 0xd0, 0x83, 0x5c, 0x83, 0x6a, 0x81, 0x5b],
      '\r\nEND:VCARD\r\n',
    )
    expect(parseVCard(file)).toMatchObject({
      firstName: 'Jürgen',
      lastName: 'Müller',
      company: '株式会社ソニー',
    })
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(
        Uint16Array.from('BEGIN:VCARD\nN:Σωκράτης;Ζωή\nEND:VCARD', (char) => char.charCodeAt(0))
          .buffer,
      ),
    ])
    expect(parseVCard(utf16)).toMatchObject({ firstName: 'Ζωή', lastName: 'Σωκράτης' })
    const windows1252 = concat('BEGIN:VCARD\nN:Gr', [0xe4], 'f;Stef\nEND:VCARD')
    expect(parseVCard(windows1252)).toMatchObject({ firstName: 'Stef', lastName: 'Gräf' })
  })

  it('unescapes per version: URLs as Apple and Google write them, 2.1 backslashes as text', () => {
    const v3 = 'BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jo\nURL:http\\://www.ibm.com\nEND:VCARD'
    expect(parseVCard(v3)?.website).toBe('http://www.ibm.com')
    const v21 = 'BEGIN:VCARD\nVERSION:2.1\nN:Doe\\;Roe;Jo\nORG:C:\\new\\temp\nEND:VCARD'
    expect(parseVCard(v21)).toMatchObject({ lastName: 'Doe;Roe', company: 'C:\\new\\temp' })
  })

  it('splits a line at the first colon outside a quoted parameter value', () => {
    const card =
      'BEGIN:VCARD\nVERSION:4.0\nN:Doe;Jo\nEMAIL;X-LABEL="home: main":jo@doe.example\nEND:VCARD'
    expect(parseVCard(card)?.email).toBe('jo@doe.example')
  })

  it('leaves the missing half of N empty instead of copying it from FN', () => {
    const givenOnly = 'BEGIN:VCARD\nN:;Madonna;;;\nFN:Madonna Louise Ciccone\nEND:VCARD'
    expect(parseVCard(givenOnly)).toMatchObject({ firstName: 'Madonna', lastName: '' })
    const familyOnly = 'BEGIN:VCARD\nN:Ñ Ñ;;;;\nFN:Ñ Ñ Ñ\nEND:VCARD'
    expect(parseVCard(familyOnly)).toMatchObject({ firstName: '', lastName: 'Ñ Ñ' })
  })

  describe('on hostile input of the import limit', () => {
    const MiB = 1024 * 1024
    const repeat = (line: string, size: number) => bytes(line.repeat(Math.ceil(size / line.length)))
    /** Bytes the parser decodes: each line's name, parameters and values. */
    function bytesDecoded(input: Uint8Array) {
      const prototype = TextDecoder.prototype
      const decode = Object.getOwnPropertyDescriptor(prototype, 'decode')
        ?.value as typeof prototype.decode
      let total = 0
      prototype.decode = function (this: typeof prototype, part, options) {
        total += part?.byteLength ?? 0
        return decode.call(this, part, options)
      }
      try {
        parseVCards(input)
        return total
      } finally {
        prototype.decode = decode
      }
    }

    it.each([
      ['BEGIN:VCARD lines', 'BEGIN:VCARD\r\n'],
      ['cards that never end', 'BEGIN:VCARD\r\nN:Doe;Jo\r\n'],
      ['quoted-printable soft line breaks', 'BEGIN:VCARD\r\nNOTE;QUOTED-PRINTABLE:=\r\n'],
      ['unbalanced quotes', 'N;X="a:b;c\r\n'],
    ])('reads %s in time proportional to their size', (_, line) => {
      const once = bytesDecoded(repeat(line, MiB))
      const twice = bytesDecoded(repeat(line, 2 * MiB))
      expect(once).toBeLessThanOrEqual(3 * MiB)
      expect(twice).toBeLessThanOrEqual(2.1 * once)
      expect(parseVCards(repeat(line, MiB))).toEqual([])
    })
  })
})

const bytes = (text: string) => new TextEncoder().encode(text)

function concat(...parts: (string | number[])[]): Uint8Array {
  return new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...bytes(part)] : part)),
  )
}
