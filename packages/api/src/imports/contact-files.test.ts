import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { emptyContact } from '../exports/vcard-parse.ts'
import { readContactFile, type ImportContact } from './contact-files.ts'

// Sample files written the way the exporters write them: Google Contacts' current 'Google CSV'
// (UTF-8, CRLF, quoted cells with commas and line breaks, ' ::: ' between several values), its
// older layout (UTF-16LE with a byte order mark) and LinkedIn's Connections.csv (a 'Notes:'
// preamble, a blank line, then the header).
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))

// Exports of real programs (see test/corpus/SOURCES.md).
const corpusFile = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../test/corpus/${name}`, import.meta.url)))

const contact = (fields: Partial<ImportContact>): ImportContact => ({ ...emptyContact, ...fields })

const contactsOf = (bytes: Uint8Array) => {
  const file = readContactFile(bytes)
  if (!file.ok) throw new Error(file.message)
  return { format: file.format, contacts: file.contacts.map((entry) => entry.contact) }
}

describe('reading a Google Contacts CSV', () => {
  it('reads the current layout: primary email, the mobile, LinkedIn apart from the website', () => {
    expect(contactsOf(fixture('google-contacts.csv'))).toEqual({
      format: 'google-csv',
      contacts: [
        contact({
          firstName: 'Zoë',
          lastName: "O'Brien",
          email: 'zoe@acme.example',
          mobile: '+44 7700 900123',
          company: 'Acme, Widgets Ltd',
          title: 'Head of Research',
          linkedin: 'https://www.linkedin.com/in/zoe-obrien',
        }),
        contact({
          firstName: 'Rahul',
          lastName: 'Mehta',
          email: 'rahul@mehta.example',
          mobile: '07700 900456',
          website: 'https://mehta.example',
        }),
        // A row with only an email: listed, so the preview can say it has no name.
        contact({ email: 'noreply@shop.example' }),
        contact({ firstName: 'Ana', lastName: 'Lima', mobile: '+55 11 91234 5678' }),
      ],
    })
  })

  it('reads the older layout, exported as UTF-16 with a byte order mark', () => {
    expect(contactsOf(fixture('google-contacts-legacy.csv'))).toEqual({
      format: 'google-csv',
      contacts: [
        contact({
          firstName: 'Jürgen',
          lastName: 'Weiß',
          email: 'juergen@weiss.example',
          mobile: '+49 151 23456789',
          company: 'Weiß & Söhne GmbH',
          title: 'Geschäftsführer',
          website: 'http://weiss.example',
        }),
        contact({ firstName: 'Maria', lastName: 'Garcia', email: 'maria@garcia.example' }),
      ],
    })
  })
  it('takes no person’s name from a company’s own contact, shown as the company', () => {
    const csv = [
      'Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Organization 1 - Name',
      'Fabrikam Inc.,,,* Work,sales@fabrikam.example,Fabrikam Inc.',
      'Jo Bloggs,,,,,Fabrikam Inc.',
    ].join('\r\n')
    expect(contactsOf(new TextEncoder().encode(csv)).contacts).toEqual([
      contact({ email: 'sales@fabrikam.example', company: 'Fabrikam Inc.' }),
      contact({ firstName: 'Jo', lastName: 'Bloggs', company: 'Fabrikam Inc.' }),
    ])
  })
})

describe('reading a LinkedIn Connections.csv', () => {
  const expected = {
    format: 'linkedin-csv',
    contacts: [
      contact({
        firstName: 'Priya',
        lastName: 'Shah',
        company: 'Northwind Traders',
        title: 'Director, Partnerships',
        linkedin: 'https://www.linkedin.com/in/priya-shah-4b1a2c3',
      }),
      contact({
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@navy.example',
        company: 'US Navy',
        title: 'Rear Admiral',
        linkedin: 'https://www.linkedin.com/in/gracehopper',
      }),
      contact({
        firstName: 'Tomás',
        lastName: 'Ruiz',
        linkedin: 'https://www.linkedin.com/in/tomasruiz',
      }),
      contact({ linkedin: 'https://www.linkedin.com/in/private-member' }),
    ],
  }

  it('skips the notes before the header and numbers the rows after it', () => {
    const file = readContactFile(fixture('linkedin-connections.csv'))
    expect(file.ok && file.contacts.map((entry) => entry.position)).toEqual([1, 2, 3, 4])
    expect(contactsOf(fixture('linkedin-connections.csv'))).toEqual(expected)
  })

  it('reads the file the same with a UTF-8 byte order mark and LF line ends', () => {
    const text = new TextDecoder().decode(fixture('linkedin-connections.csv'))
    const withBom = new TextEncoder().encode(`\uFEFF${text.replaceAll('\r\n', '\n')}`)
    expect(contactsOf(withBom)).toEqual(expected)
  })

  it('reads a file saved by Excel in Windows-1252', () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode(
        'First Name,Last Name,URL,Email Address,Company,Position,Connected On\r\nRen',
      ),
      0xe9,
      ...new TextEncoder().encode(',Dupr'),
      0xe9,
      ...new TextEncoder().encode(',https://www.linkedin.com/in/rdupre,,,,01 Jan 2024\r\n'),
    ])
    expect(contactsOf(bytes).contacts[0]).toMatchObject({ firstName: 'René', lastName: 'Dupré' })
  })
})

describe('reading a vCard file and others', () => {
  it('lists every card of a .vcf in file order, nameless ones too', () => {
    const vcf = [
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nTITLE:Analyst\r\nEMAIL:ada@engine.example\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nEMAIL:nobody@example.com\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Alan Turing\r\nORG:Bletchley Park\r\nROLE:Cryptanalyst\r\nEND:VCARD',
    ].join('\r\n')
    expect(contactsOf(new TextEncoder().encode(vcf))).toEqual({
      format: 'vcard',
      contacts: [
        contact({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@engine.example',
          title: 'Analyst',
        }),
        contact({ email: 'nobody@example.com' }),
        contact({
          firstName: 'Alan',
          lastName: 'Turing',
          company: 'Bletchley Park',
          title: 'Cryptanalyst',
        }),
      ],
    })
  })

  it('names a card with only an organisation from FN, unless FN is the organisation', () => {
    const vcf = [
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Hanna Berg\r\nORG:Karolinska Institutet\r\nTEL;TYPE=work:+46 8 524 800 00\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Karolinska  institutet\r\nORG:Karolinska Institutet\r\nEND:VCARD',
    ].join('\r\n')
    expect(contactsOf(new TextEncoder().encode(vcf)).contacts).toEqual([
      contact({
        firstName: 'Hanna',
        lastName: 'Berg',
        company: 'Karolinska Institutet',
        mobile: '+46 8 524 800 00',
      }),
      contact({ company: 'Karolinska Institutet' }),
    ])
  })

  it('says which files it reads when given another CSV or no contacts at all', () => {
    for (const text of ['Date,Amount\r\n2024-01-01,12.50\r\n', '', 'hello']) {
      expect(readContactFile(new TextEncoder().encode(text))).toEqual({
        ok: false,
        message:
          'This file is not a contact file we can read: choose a .vcf, a Google Contacts or Outlook CSV, or a LinkedIn Connections.csv.',
      })
    }
  })
})

describe('reading the exports people bring', () => {
  it('reads an iCloud export: job titles, the mobile over the work number, a company card', () => {
    const file = readContactFile(corpusFile('icloud-export.vcf'))
    expect(file).toEqual({
      ok: true,
      format: 'vcard',
      contacts: [
        {
          position: 1,
          contact: contact({
            firstName: 'Eleni',
            lastName: 'Papadopoulou',
            email: 'eleni@northwind.example',
            mobile: '+44 7700 900321',
            company: 'Northwind Traders',
            title: 'Head of Partnerships',
            linkedin: 'https://www.linkedin.com/in/elenipapadopoulou',
            website: 'https://northwind.example',
          }),
        },
        {
          position: 2,
          // No mobile: the work number is the only one to call.
          contact: contact({
            firstName: 'Jürgen',
            lastName: 'Weiß',
            email: 'j.weiss@weiss-logistik.example',
            mobile: '+49 40 123456 0',
            company: 'Weiß Logistik AG',
            title: 'Chief Operating Officer',
          }),
        },
        {
          position: 3,
          // A company's card: no person's name, so the preview lists it as skipped.
          contact: contact({
            email: 'info@mueller-soehne.example',
            mobile: '+49 89 2180 0',
            company: 'Müller & Söhne GmbH',
          }),
        },
        {
          position: 4,
          contact: contact({
            firstName: 'Chidi',
            lastName: 'Okafor',
            email: 'chidi@okafor.example',
            mobile: '+234 803 123 4567',
            title: 'Founder',
          }),
        },
      ],
    })
  })

  it('reads an Outlook contacts CSV in Windows-1252: the job title, the mobile, LinkedIn', () => {
    expect(contactsOf(corpusFile('outlook-contacts.csv'))).toEqual({
      format: 'outlook-csv',
      contacts: [
        contact({
          firstName: 'Renée',
          lastName: 'Dubois',
          email: 'renee.dubois@chateau.example',
          mobile: '+33 6 12 34 56 78',
          company: 'Château Margaux SA',
          title: 'Directrice commerciale',
          linkedin: 'https://www.linkedin.com/in/reneedubois',
        }),
        contact({
          firstName: 'Tom',
          lastName: "O'Neill",
          email: 'tom.oneill@contoso.example',
          mobile: '+1 425 555 0100',
          company: 'Contoso Ltd.',
          title: 'Purchasing Manager',
          website: 'http://www.contoso.example/',
        }),
        contact({
          email: 'sales@fabrikam.example',
          mobile: '+1 206 555 0199',
          company: 'Fabrikam, Inc.',
        }),
      ],
    })
  })

  it('reads a Greek vCard 2.1 whose one CHARSET, on LABEL, is the names’ charset too', () => {
    expect(contactsOf(corpusFile('outlook-greek-windows-1253.vcf'))).toEqual({
      format: 'vcard',
      contacts: [
        contact({
          firstName: 'Γιώργος',
          lastName: 'Παπαδόπουλος',
          email: 'g.papadopoulos@helpe.example',
          mobile: '+30 697 123 4567',
          company: 'Ελληνικά Πετρέλαια',
          title: 'Διευθυντής Πωλήσεων',
        }),
      ],
    })
  })
})
