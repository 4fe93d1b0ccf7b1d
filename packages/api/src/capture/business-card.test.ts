import { describe, expect, it } from 'vitest'
import {
  EMPTY_CARD,
  parseBusinessCard,
  readBusinessCard,
  textLines,
  type BusinessCard,
} from './business-card.ts'

const card = (fields: Partial<BusinessCard>): BusinessCard => ({ ...EMPTY_CARD, ...fields })

describe('reading the text of a business card', () => {
  it('finds every field of a classic card, whatever order the lines come in', () => {
    const text = [
      'ACME ROBOTICS',
      'Ada Lovelace',
      'Head of Research',
      'M: +44 7911 123456',
      'ada.lovelace@acme-robotics.example',
      'www.acme-robotics.example',
      'linkedin.com/in/ada-lovelace',
      '12 Harbour Street, London',
    ]
    const expected = card({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'ACME ROBOTICS',
      title: 'Head of Research',
      email: 'ada.lovelace@acme-robotics.example',
      phone: '+44 7911 123456',
      website: 'www.acme-robotics.example',
      linkedin: 'https://www.linkedin.com/in/ada-lovelace',
    })
    expect(parseBusinessCard(text.join('\n'))).toEqual(expected)
    expect(parseBusinessCard([...text].reverse().join('\n'))).toEqual(expected)
  })

  it('keeps family-name particles and hyphens, and writes a name in capitals as a name', () => {
    const text = 'JEAN-LUC VAN DER BERG\nChief Technology Officer\nNorthwind Research Labs'
    expect(parseBusinessCard(text)).toMatchObject({
      firstName: 'Jean-Luc',
      lastName: 'van der Berg',
      title: 'Chief Technology Officer',
      company: 'Northwind Research Labs',
    })
  })

  it('reads a phone in the national format of the given country, and prefers the mobile', () => {
    const text = [
      'Grace Hopper',
      'Office (212) 736-5000',
      'Fax (212) 736-5001',
      'Mobile (415) 555-2671',
    ].join('\n')
    expect(parseBusinessCard(text, { country: 'US' }).phone).toBe('+1 415 555 2671')
    expect(parseBusinessCard('Grace Hopper\nTel. 030 901820', { country: 'DE' }).phone).toBe(
      '+49 30 901820',
    )
  })

  it('ignores a country libphonenumber-js does not know', () => {
    expect(parseBusinessCard('Grace Hopper\n+1 212 736 5000', { country: 'XX' }).phone).toBe(
      '+1 212 736 5000',
    )
  })

  it('repairs what OCR does to emails and numbers: spaces around dots, a dot read as a space, O for 0', () => {
    const text = 'Linus Pauling\nlinus @ caltech . example\nT +1 212 736 5OOO\nwww.caltech example'
    expect(parseBusinessCard(text)).toMatchObject({
      email: 'linus@caltech.example',
      phone: '+1 212 736 5000',
      website: 'www.caltech.example',
    })
    expect(parseBusinessCard('ada@acme example').email).toBe('ada@acme.example')
    expect(parseBusinessCard('jl.picard@starfleet-logistics, example').email).toBe(
      'jl.picard@starfleet-logistics.example',
    )
    expect(parseBusinessCard('hana kim@maple.example').email).toBe('hana.kim@maple.example')
    expect(parseBusinessCard('www. maple. example').website).toBe('www.maple.example')
    expect(parseBusinessCard('noah@ekeystone.example\nkeystone.example').email).toBe(
      'noah@keystone.example',
    )
    // A different domain, not a misread one, is kept.
    expect(parseBusinessCard('noah@mail.example\nkeystone.example').email).toBe('noah@mail.example')
    expect(parseBusinessCard('Jinkedin.com/in/hana-kim').linkedin).toBe(
      'https://www.linkedin.com/in/hana-kim',
    )
  })

  it('names the person after the email when several lines look like names', () => {
    const text = 'Blue Harbor\nMarie Curie\nmarie.curie@blueharbor.example'
    expect(parseBusinessCard(text)).toMatchObject({
      firstName: 'Marie',
      lastName: 'Curie',
      company: 'Blue Harbor',
    })
  })

  it('takes an email and a number on one line apart', () => {
    const text = 'Chidi Okafor\nT +1 (415) 555-0132 | chidi@ledger.example\nledger.example'
    expect(parseBusinessCard(text, { country: 'US' })).toMatchObject({
      email: 'chidi@ledger.example',
      phone: '+1 415 555 0132',
      website: 'ledger.example',
    })
  })

  it('answers every field empty for text that is not a card', () => {
    expect(parseBusinessCard('')).toEqual(card({}))
    expect(parseBusinessCard('~~ ,, ..\n|')).toEqual(card({}))
  })

  it('reads names with accents, apostrophes, prefixes and suffixes', () => {
    expect(parseBusinessCard("Zoë O'Brien\nHarbourlight")).toMatchObject({
      firstName: 'Zoë',
      lastName: "O'Brien",
    })
    expect(parseBusinessCard('Dr. Rajesh Patel, PhD\nCardiologist')).toMatchObject({
      firstName: 'Rajesh',
      lastName: 'Patel',
      title: 'Cardiologist',
    })
    expect(parseBusinessCard("SIOBHÁN MCCARTHY\nZOË O'BRIEN JR.").lastName).toBe('McCarthy')
  })

  it("reads an O' that OCR took for a zero as part of the name", () => {
    const card = parseBusinessCard("Zoë 0'Brien\nSolicitor\nzoe.obrien@harbourlight.co.uk")
    expect([card.firstName, card.lastName]).toEqual(['Zoë', "O'Brien"])
  })

  it('finds a title by its place under the name, whatever the word', () => {
    for (const title of [
      'Solicitor',
      'Sommelier',
      'Illustrator',
      'Cardiologist',
      'Geschäftsführerin',
      'Rechtsanwältin',
      'Keeper of Bees',
    ]) {
      const text = `Maple & Finch LLP\nAnna van der Berg\n${title}\nanna@maplefinch.co.uk`
      expect(parseBusinessCard(text)).toMatchObject({ title, company: 'Maple & Finch LLP' })
    }
  })

  it('takes websites on any public suffix, and a phone only when it is a valid number', () => {
    expect(parseBusinessCard('www.finchrobotics.tech').website).toBe('www.finchrobotics.tech')
    expect(parseBusinessCard('W: austintexas.gov').website).toBe('austintexas.gov')
    expect(parseBusinessCard('zoe@harbourlight.co.uk').email).toBe('zoe@harbourlight.co.uk')
    expect(parseBusinessCard('W: www.acme.notasuffix').website).toBe('')
    const short = readBusinessCard(textLines('Grace Hopper\nT: +44 20 7946 095'))
    expect(short.card.phone).toBe('')
    expect(short.unread.phone).toBe('T: +44 20 7946 095')
  })

  it("repairs an '@' read as 'e', 'a', '©' or '®' where the rest of the line is an address", () => {
    const card = (email: string) =>
      readBusinessCard(textLines(`Noah Williams\nKeystone\n${email}\nwww.keystone.co.uk`))
    expect(card('noah.williamsekeystone.co.uk').card.email).toBe('noah.williams@keystone.co.uk')
    expect(card('noah.williamsakeystone.co.uk').card.email).toBe('noah.williams@keystone.co.uk')
    expect(card('noah.williams©keystone.co.uk').card.email).toBe('noah.williams@keystone.co.uk')
    expect(card('noah williams®keystone.co.uk').card.email).toBe('noah.williams@keystone.co.uk')
    expect(card('noah.williamsekeystone.co.uk').unsure).toContain('email')
    // Nothing on the card says where the '@' was: left for the user, with the line.
    const unsure = readBusinessCard(textLines('E: xyzeqrs.example'))
    expect(unsure.card.email).toBe('')
    expect(unsure.unread.email).toBe('E: xyzeqrs.example')
  })

  it('leaves an email empty rather than fill it in wrong, offering its line', () => {
    const text = "Zoë O'Brien\nHarbourlight\nzoe.obrien@harbourlight.co\nwww.harbourlight.co.uk"
    expect(parseBusinessCard(text).email).toBe('zoe.obrien@harbourlight.co.uk')
    const misread = readBusinessCard(textLines('Ada Lovelace\nAcme Robotics\nada@acrne.example'))
    expect(misread.card.email).toBe('ada@acme.example')
    // Part of the website's domain, as OCR read it on a photographed card: not another domain.
    const part = readBusinessCard(
      textLines('Ingrid Larsen\nPolar Networks\ningrid@pol network\nwww.polarnetworks example'),
    )
    expect(part.card.email).toBe('')
    expect(part.unread.email).toBe('ingrid@pol.network')
    // The email and the website misread alike, a letter off the company's name: not guessed.
    const alike = readBusinessCard(
      textLines('Nordlicht GmbH\nHans Becker\nh.becker@nordiicht.example\nwww.nordiicht.example'),
    )
    expect(alike.card).toMatchObject({ email: '', website: '', company: 'Nordlicht GmbH' })
    expect(alike.unread).toMatchObject({
      email: 'h.becker@nordiicht.example',
      website: 'www.nordiicht.example',
    })
    const unknown = readBusinessCard(textLines('Ada Lovelace\nada@acrne1.example\nAcme'))
    expect(unknown.card.email).toBe('')
    expect(unknown.unread.email).toBe('ada@acrne1.example')
  })

  it("puts back the dot OCR read as a space in an email's local part, where the name spells it", () => {
    const read = (email: string, name = 'Rahul Mehta') =>
      readBusinessCard(textLines(`${name}\nLedger Works\n${email}\nwww.ledger.example`))
    const labelled = read('E: rahul mehta@ledger.example')
    expect(labelled.card.email).toBe('rahul.mehta@ledger.example')
    expect(labelled.unsure).toContain('email')
    expect(read('T +1 415 555 0132 rahul mehta@ledger.example').card.email).toBe(
      'rahul.mehta@ledger.example',
    )
    // A dot followed by a space is still a dot; a capital OCR gave the first word is not.
    expect(read('emma. johansson@ledger.example', 'Emma Johansson').card.email).toBe(
      'emma.johansson@ledger.example',
    )
    expect(read('Jose garcia@ledger.example', 'JOSE GARCIA-LOPEZ').card.email).toBe(
      'jose.garcia@ledger.example',
    )
    expect(read('E: jean-luc fontaine@ledger.example', 'Jean-Luc Fontaine').card.email).toBe(
      'jean-luc.fontaine@ledger.example',
    )
    // The card's LinkedIn profile spells the name where OCR misread it ('Ł' as 't', 'l' as '\\').
    const profiled = (profile: string) =>
      readBusinessCard(
        textLines(
          `tukasz Wojcik\nVistula Software\n\\ukasz wojcik@vistula.pl\nlinkedin.com/in/${profile}`,
        ),
      )
    expect(profiled('lukasz-wojcik').card.email).toBe('lukasz.wojcik@vistula.pl')
    expect(profiled('lukasz-wojcik').unsure).toContain('email')
    expect(profiled('anna-wojcik').card.email).toBe('')
    expect(profiled('anna-wojcik').unread.email).toBe('\\ukasz wojcik@vistula.pl')
    // A word before the address that the name does not explain: not guessed, and not cut short.
    const unsure = read('E: raul mehta@ledger.example')
    expect(unsure.card.email).toBe('')
    expect(unsure.unread.email).toBe('E: raul mehta@ledger.example')
    expect(read('Email: mehta@ledger.example').card.email).toBe('mehta@ledger.example')
    // A part of it a letter or two off the name is the name misread ('ri' read as 'n'): not guessed.
    const misread = readBusinessCard(
      textLines("Zoë O'Brien\nHarbourlight\nzoe. obnen@harbourlight. co uk"),
    )
    expect(misread.card.email).toBe('')
    expect(misread.unread.email).toBe('zoe. obnen@harbourlight.co.uk')
  })

  it('puts right a name in an email or profile misread where OCR was surer of the name', () => {
    const words = (text: string, confidence: number) =>
      text.split(' ').map((word) => ({ text: word, confidence }))
    const read = (name: string, nameConfidence: number, line: string, lineConfidence: number) =>
      readBusinessCard([
        words(name, nameConfidence),
        words('Harbourlight Media', 95),
        words(line, lineConfidence),
      ])
    const misread = read("Zoë O'Brien", 95, 'zoe. obnen@harbourlight.co.uk', 50)
    expect(misread.card.email).toBe('zoe.obrien@harbourlight.co.uk')
    expect(misread.unsure).toContain('email')
    const profile = read('Priya Raman', 96, 'linkedin.com/in/priva-raman', 46)
    expect(profile.card.linkedin).toBe('https://www.linkedin.com/in/priya-raman')
    expect(profile.unsure).toContain('linkedin')
    // Read as surely as the name, the address may be another spelling: offered, not changed.
    expect(read("Zoë O'Brien", 95, 'zoe. obnen@harbourlight.co.uk', 95).card.email).toBe('')
    // A name word OCR was unsure of judges nothing: the address is taken as printed.
    expect(read('Jurgen Grol', 14, 'j.gross@harbourlight.co.uk', 84).card.email).toBe(
      'j.gross@harbourlight.co.uk',
    )
    // Two parts of the name run together in an address OCR was unsure of: the dot may be lost.
    const run = read('Jean-Luc Picard', 96, 'jlpicard@harbourlight.co.uk', 61)
    expect(run.card.email).toBe('')
    expect(run.unread.email).toBe('jlpicard@harbourlight.co.uk')
  })

  it("takes a domain's spelling from the company's line where OCR misread the address", () => {
    const words = (text: string, confidence: number) =>
      text.split(' ').map((word) => ({ text: word, confidence }))
    const nordlicht = readBusinessCard([
      words('Nordlicht GmbH', 90),
      words('Hans Becker', 96),
      words('h.becker@nordiicht. example', 75),
      words('www.nordiicht. example', 45),
    ])
    expect(nordlicht.card.email).toBe('h.becker@nordlicht.example')
    expect(nordlicht.card.website).toBe('www.nordlicht.example')
    expect(nordlicht.unsure).toEqual(expect.arrayContaining(['email', 'website']))
    // The company read less surely than the address: which is right is not known.
    const unsure = readBusinessCard([
      words('Nordlicht GmbH', 60),
      words('Hans Becker', 96),
      words('h.becker@nordiicht.example', 75),
    ])
    expect(unsure.card.email).toBe('')
    // 'li' read as 'h' in the website, the email and the company's line spelling it right.
    const harbour = parseBusinessCard(
      "Harbourlight Media\nZoë O'Brien\nzoe.obrien@harbourlight.co.uk\nwww harbourhght. co.uk",
    )
    expect(harbour.website).toBe('www.harbourlight.co.uk')
  })

  it("repairs an '@' read as 'd' where the website and the name confirm the split", () => {
    const card = parseBusinessCard(
      'Diego Torres\nAndes Logistics\ndiegodandeslogistics.example\nandeslogistics. example',
    )
    expect(card.email).toBe('diego@andeslogistics.example')
    expect(card.website).toBe('andeslogistics.example')
    // The dot before the suffix read as a space too, on both lines.
    const spaced = parseBusinessCard(
      'Diego Torres\nAndes Logistics\ndiegodandeslogistics example\nandeslogistics example',
    )
    expect(spaced.email).toBe('diego@andeslogistics.example')
    expect(spaced.website).toBe('andeslogistics.example')
    // Nothing confirms a split of two words ending in a suffix: no email is made of them.
    expect(parseBusinessCard('Diego Torres\nsolar energy').email).toBe('')
  })

  it("leaves an email empty whose domain is a letter off the company's line", () => {
    const reading = readBusinessCard(
      textLines('Jean-Luc Picard\nStarfleet Logistics\nil.picard@starflect-logistics.example'),
    )
    expect(reading.card.email).toBe('')
    expect(reading.unread.email).toBe('il.picard@starflect-logistics.example')
  })

  it('offers, not fills, what OCR bent just enough to look like another valid value', () => {
    // A website the email does not confirm, a letter off the company's name.
    const site = readBusinessCard(
      textLines('Amara Nwosu\nGreenfield Capital\nwww.greenfleld.example'),
    )
    expect(site.card.website).toBe('')
    expect(site.unread.website).toBe('www.greenfleld.example')
    // A word OCR bent before the address ('\\ukasz wojcik@'): the address may have lost it.
    const local = readBusinessCard(textLines('Vistula Software\n\\ukasz wojcik@vistula pl'))
    expect(local.card.email).toBe('')
    // A LinkedIn address whose profile lost a letter of the name is not a website, nor filled.
    const bent = parseBusinessCard('Lukasz Wojcik\nfinkedin.com/ in/ukasz-wojcik')
    expect([bent.website, bent.linkedin]).toEqual(['', ''])
    // A letter OCR added before a name in the profile.
    expect(parseBusinessCard('Emma Johansson\nlinkedin.com/in/femma-johansson').linkedin).toBe('')
    // 'www' misread with an 'a'.
    expect(
      parseBusinessCard('Hana Kim\nhana.kim@mapletech.example\nvavw.mapletech.example').website,
    ).toBe('www.mapletech.example')
  })

  it('offers a phone with a doubtful group of digits, and a doubtful profile no name spells', () => {
    const words = (text: string, ...confidences: number[]) =>
      text.split(' ').map((word, index) => ({ text: word, confidence: confidences[index] ?? 95 }))
    const phone = (...confidences: number[]) =>
      readBusinessCard([words('Jean-Luc Picard'), words('+33 6 12 34 57 78', ...confidences)], {
        country: 'US',
      })
    const doubtful = phone(74, 89, 82, 94, 40, 71)
    expect(doubtful.card.phone).toBe('')
    expect(doubtful.unread.phone).toBe('+33 6 12 34 57 78')
    // Unsure of the '+' and the country code only, as Tesseract often is: read.
    expect(phone(13, 13, 90, 90, 90, 90).card.phone).toBe('+33 6 12 34 57 78')
    const profile = (line: string) =>
      readBusinessCard([words('Senior Developer'), words(line, 22)]).card.linkedin
    expect(profile('linkedin.com/in/ukasz-wojcik')).toBe('')
    expect(
      readBusinessCard([words('Lukasz Wojcik'), words('linkedin.com/in/lukasz-wojcik', 22)]).card
        .linkedin,
    ).toBe('https://www.linkedin.com/in/lukasz-wojcik')
  })

  it('offers, not fills, a company or title from a line OCR barely made out', () => {
    const words = (text: string, confidence: number) =>
      text.split(' ').map((word) => ({ text: word, confidence }))
    const reading = readBusinessCard([
      words('a est ea', 16),
      words('Rahul Mehta', 96),
      words('Chef Tow Ammbogy', 32),
      words('rahul.mehta@saffronfoods.example', 90),
    ])
    expect([reading.card.company, reading.card.title]).toEqual(['', ''])
    expect(reading.unread).toMatchObject({ company: 'a est ea', title: 'Chef Tow Ammbogy' })
  })

  it("reads a LinkedIn profile through what OCR makes of 'linkedin.com/in/'", () => {
    for (const line of [
      'linkedin.com/in/emma- johansson',
      'Iinkedin com/irvemma-johansson',
      'linkedin.conVin/emma-johansson',
      'in: linkedin.comvin/emma-johansson',
      'linkedin.com/in‘emma-johansson',
      'finkedin.com/in/emma-johansson',
    ])
      expect(parseBusinessCard(`Emma Johansson\n${line}`).linkedin, line).toBe(
        'https://www.linkedin.com/in/emma-johansson',
      )
    // A profile that spells the name misread is offered, not filled in.
    const misread = readBusinessCard(textLines('Priya Raman\nlinkedin.com/in/priva-raman'))
    expect(misread.card.linkedin).toBe('')
    expect(misread.unread.linkedin).toBe('linkedin.com/in/priva-raman')
  })

  it("reads a '+' OCR took for '4' or '«' where the number is valid only with it", () => {
    expect(parseBusinessCard('Marie Curie\nT: 433142685300', { country: 'US' }).phone).toBe(
      '+33 1 42 68 53 00',
    )
    expect(parseBusinessCard('Soren Kristensen\nT: «4532123456', { country: 'US' }).phone).toBe(
      '+45 32 12 34 56',
    )
    // A number valid as it is dialled keeps its 4.
    expect(parseBusinessCard('Ada Lovelace\n415 555 0132', { country: 'US' }).phone).toBe(
      '+1 415 555 0132',
    )
  })

  it("reads a website whose dots OCR spaced or whose 'www' it misread, by the email's domain", () => {
    const site = (line: string) =>
      parseBusinessCard(`Rahul Mehta\nrahul.mehta@saffronfoods.example\n${line}`).website
    expect(site('saffronfoods example')).toBe('saffronfoods.example')
    expect(site('www._saffronfoods. example')).toBe('www.saffronfoods.example')
    expect(site('vww.saffronfoods.example')).toBe('www.saffronfoods.example')
  })

  it('reads a host whose hyphen OCR read with a space after it', () => {
    const card = parseBusinessCard(
      'Jean-Luc Picard\nStarfleet Logistics\nwww, starfleet- logistics example\nsee you at 5- 6 pm',
    )
    expect(card.website).toBe('www.starfleet-logistics.example')
    expect(parseBusinessCard('Ada Lovelace\nada@acme- robotics.example').email).toBe(
      'ada@acme-robotics.example',
    )
  })

  it('flags a field read from words OCR was unsure of', () => {
    const reading = readBusinessCard([
      [
        { text: 'Ada', confidence: 96 },
        { text: 'Lovelace', confidence: 91 },
      ],
      [
        { text: 'E:', confidence: 90 },
        { text: 'ada@acme.example', confidence: 52 },
      ],
    ])
    expect(reading.card.email).toBe('ada@acme.example')
    expect(reading.unsure).toEqual(['email'])
  })
})
