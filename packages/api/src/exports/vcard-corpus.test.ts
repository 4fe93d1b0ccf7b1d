import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { emptyContact, type ImportedContact, parseVCard, parseVCards } from './vcard-parse.ts'

// Real files exported by phones and mail programs (the ez-vcard test corpus; origin and licence
// in test/corpus/vcards/SOURCES). The expected values were written by reading each file.
const corpus = new URL('../../test/corpus/vcards/', import.meta.url)
const read = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)))

const person = (fields: Partial<ImportedContact>): ImportedContact => ({
  ...emptyContact,
  ...fields,
})

const johnDoeAtIbm = {
  firstName: 'John',
  lastName: 'Doe',
  email: 'john.doe@ibm.com',
  company: 'IBM',
  title: 'Money Counter',
}
const Ñ = (count: number, separator = '') => Array<string>(count).fill('Ñ').join(separator)

const expected: Record<string, ImportedContact[]> = {
  // vCard 2.1, names in quoted-printable UTF-8 across soft line breaks; the first two cards have
  // only an email address, so no name to import.
  'ezvcard__John_Doe_ANDROID.vcf': [
    person({ lastName: Ñ(4, ' '), mobile: '123456789' }),
    person({ lastName: Ñ(11, ' '), mobile: '123456' }),
    person({
      firstName: Ñ(3, ' '),
      lastName: Ñ(2, ' '),
      email: 'bob@company.com',
      mobile: '123456',
      company: Ñ(12),
      website: 'www.company.com',
    }),
    person({
      lastName: Ñ(4),
      email: 'henry@company.com',
      mobile: '55556666',
      company: Ñ(44),
    }),
  ],
  'ezvcard__John_Doe_BLACK_BERRY.vcf': [
    person({
      firstName: 'john',
      lastName: 'Doe',
      company: 'Acme Solutions',
      mobile: '+96123456789',
    }),
  ],
  'ezvcard__John_Doe_EVOLUTION.vcf': [
    person({ ...johnDoeAtIbm, mobile: '905-666-1234', website: 'http://www.ibm.com' }),
  ],
  'ezvcard__John_Doe_GMAIL.vcf': [
    person({ ...johnDoeAtIbm, mobile: '905-555-1234', website: 'http://www.ibm.com' }),
  ],
  // Lines end in CR CR LF.
  'ezvcard__John_Doe_IPHONE.vcf': [
    person({ ...johnDoeAtIbm, mobile: '905-555-1234', website: 'http://www.ibm.com' }),
  ],
  'ezvcard__John_Doe_LOTUS_NOTES.vcf': [
    person({
      ...johnDoeAtIbm,
      title: 'Generic Accountant',
      mobile: '+1 (212) 204-34456',
      website: 'http://www.sun.com',
    }),
  ],
  'ezvcard__John_Doe_MAC_ADDRESS_BOOK.vcf': [
    person({ ...johnDoeAtIbm, mobile: '905-555-1234', website: 'http://www.ibm.com' }),
  ],
  // No mobile number: the first telephone number stands in.
  'ezvcard__John_Doe_MS_OUTLOOK.vcf': [
    person({
      ...johnDoeAtIbm,
      email: 'john.doe@ibm.cm',
      mobile: '(905) 555-1234',
      website: 'http://www.ibm.com',
    }),
  ],
  'ezvcard__fullcontact.vcf': [
    person({
      title: 'Title1',
      firstName: 'FirstName',
      lastName: 'LastName',
      email: 'home@example.com',
      mobile: '555-555-1113',
      company: 'Organization1',
      website: 'http://www.homepage.com',
    }),
  ],
  'ezvcard__gmail-list.vcf': [
    person({ firstName: 'Arnold', lastName: 'Smith', email: 'asmithk@gmail.com' }),
    person({ firstName: 'Chris', lastName: 'Beatle', email: 'chrisy55d@yahoo.com' }),
    person({ firstName: 'Doug', lastName: 'White', email: 'dwhite@gmail.com' }),
  ],
  'ezvcard__gmail-single.vcf': [
    person({
      title: 'TheJobTitle',
      firstName: 'Greg',
      lastName: 'Dartmouth',
      email: 'gdartmouth@hotmail.com',
      mobile: '555 555 1111',
      company: 'TheCompany',
      website: 'http://TheProfile.com',
    }),
  ],
  'ezvcard__gmail-single2.vcf': [
    person({
      title: 'TheJobTitle',
      firstName: 'VCard',
      lastName: 'Test',
      email: 'email@example.com',
      mobile: '5555551115',
      company: 'TheCompany',
      website: 'http://www.example1.com',
    }),
  ],
  // vCard 2.1: the comma in the company's name is not an escape.
  'ezvcard__outlook-2003.vcf': [
    person({
      title: 'The Job Title',
      firstName: 'John',
      lastName: 'Doe',
      email: 'jdoe@hotmail.com',
      mobile: 'MobilePhone',
      company: 'Company, The',
      website: 'http://web-page-address.com',
    }),
  ],
  'ezvcard__outlook-2007.vcf': [
    person({
      title: 'TheJobTitle',
      firstName: 'Michael',
      lastName: 'Angstadt',
      email: 'mike.angstadt@gmail.com',
      mobile: '(111) 555-4444',
      company: 'TheCompany',
      website: 'http://mikeangstadt.name',
    }),
  ],
  // No N: the name comes from FN.
  'ezvcard__rfc2426-example.vcf': [
    person({
      firstName: 'Frank',
      lastName: 'Dawson',
      email: 'Frank_Dawson@Lotus.com',
      mobile: '+1-919-676-9515',
      company: 'Lotus Development Corporation',
      website: 'http://home.earthlink.net/~fdawson',
    }),
    person({
      firstName: 'Tim',
      lastName: 'Howes',
      email: 'howes@netscape.com',
      mobile: '+1-415-937-3419',
      company: 'Netscape Communications Corp.',
    }),
  ],
  'ezvcard__rfc6350-example.vcf': [
    person({
      firstName: 'Simon',
      lastName: 'Perreault',
      email: 'simon.perreault@viagenie.ca',
      mobile: '+1-418-262-6501',
      company: 'Viagenie',
      website: 'http://nomis80.org',
    }),
  ],
  'ezvcard__thunderbird-MoreFunctionsForAddressBook-extension.vcf': [
    person({
      title: 'TheTitle',
      firstName: 'John',
      lastName: 'Doe',
      email: 'doe.john@hotmail.com',
      mobile: '555-555-5555',
      company: 'TheOrganization',
      website: 'http://www.private-webpage.com',
    }),
  ],
}

describe('importing the contact files of real programs', () => {
  it('has an expectation for every file in the corpus', () => {
    const files = readdirSync(corpus).filter((name) => name.endsWith('.vcf'))
    expect(files.sort()).toEqual(Object.keys(expected).sort())
  })

  it.each(Object.entries(expected))('%s', (name, people) => {
    expect(parseVCards(read(name))).toEqual(people)
    expect(parseVCard(read(name))).toEqual(people[0])
  })
})
