import { describe, expect, it } from 'vitest'
import { readBusinessCard, textLines, type BusinessCard, type CardField } from './business-card.ts'

/*
 * Business cards generated at test time as people print them (issue 31): names from several
 * languages with their prefixes and suffixes, job titles in several languages, companies on many
 * public suffixes, phone numbers from several countries, in eight layouts; then the same cards with
 * what OCR does to them. Written from what cards look like, not from the parser's rules.
 */

type Person = { first: string; last: string }
const PEOPLE: Person[] = [
  { first: 'Zoë', last: "O'Brien" },
  { first: 'Rajesh', last: 'Patel' },
  { first: 'Jürgen', last: 'Groß' },
  { first: 'Hélène', last: 'Dubois' },
  { first: 'José', last: 'García-López' },
  { first: 'João', last: 'da Silva' },
  { first: 'Łukasz', last: 'Wójcik' },
  { first: 'Çağla', last: 'Öztürk' },
  { first: 'Søren', last: 'Kristensen' },
  { first: 'Åsa', last: 'Lindqvist' },
  { first: 'Chidi', last: 'Okafor' },
  { first: 'Haruki', last: 'Sato' },
  { first: 'Wei', last: 'Zhang' },
  { first: 'Priya', last: 'Nair' },
  { first: 'Siobhán', last: 'McCarthy' },
  { first: 'Anna', last: 'van der Berg' },
  { first: 'Jean-Luc', last: 'Fontaine' },
  { first: 'Mei-Ling', last: 'Chen' },
  { first: 'Ngozi', last: 'Adeyemi' },
  { first: 'Mateo', last: 'Rossi' },
  { first: 'Fatima', last: 'Al-Sayed' },
  { first: 'Eilidh', last: 'MacLeod' },
  { first: 'Kwame', last: 'Mensah' },
  { first: 'Olga', last: 'Ivanova' },
  { first: 'Liam', last: 'Murphy' },
  { first: 'Ana', last: 'Fernández' },
  { first: 'Björn', last: 'Ólafsson' },
  { first: 'Noah', last: 'Williams' },
  { first: 'Camille', last: 'Lefèvre' },
  { first: 'Tomasz', last: 'Nowak' },
  { first: 'Ingrid', last: 'de Vries' },
]
const PREFIXES = ['', '', '', '', 'Dr. ', 'Prof. ']
const SUFFIXES = ['', '', '', '', ', PhD', ' Jr.', ', MBA']

const TITLES = [
  'Solicitor',
  'Sommelier',
  'Illustrator',
  'Cardiologist',
  'Geschäftsführerin',
  'Rechtsanwältin',
  'Head of Growth',
  'Chief Executive Officer',
  'Senior Software Engineer',
  'Founder & CEO',
  'Pastry Chef',
  'Veterinarian',
  'Landscape Architect',
  'Data Scientist',
  'Winemaker',
  'Physiotherapist',
  'Photographer',
  'Copywriter',
  'Luthier',
  'Notaire',
  'Abogada',
  'Directrice Commerciale',
  'Steuerberater',
  'Projektleiterin',
  'Avvocato',
  'Product Manager',
  'Barista',
  'Tax Advisor',
  'Head Gardener',
  'Planning Officer',
  'Florist',
  'Dentist',
  'Account Executive',
  'Yoga Teacher',
  'Creative Director',
  'Translator',
]

type Company = { name: string; domain: string }
const COMPANIES: Company[] = [
  { name: 'Harbourlight', domain: 'harbourlight.co.uk' },
  { name: 'Keystone Analytics', domain: 'keystone-analytics.com' },
  { name: 'Finch Robotics', domain: 'finchrobotics.tech' },
  { name: 'Brightline Solar', domain: 'brightlinesolar.com' },
  { name: 'Müller & Söhne GmbH', domain: 'mueller-soehne.de' },
  { name: 'Atelier Lumière', domain: 'atelier-lumiere.fr' },
  { name: 'Kanzlei Weber', domain: 'kanzlei-weber.de' },
  { name: 'Bodega Ribera', domain: 'bodegaribera.es' },
  { name: 'Maple & Finch LLP', domain: 'maplefinch.co.uk' },
  { name: 'Northwind Research Labs', domain: 'northwind.io' },
  { name: 'Sakura Design', domain: 'sakuradesign.co.jp' },
  { name: 'City of Austin', domain: 'austintexas.gov' },
  { name: 'Tiger Lily Florists', domain: 'tigerlily.com.au' },
  { name: 'Studio Nord', domain: 'studionord.nl' },
  { name: 'Cardio Care Clinic', domain: 'cardiocare.ie' },
  { name: 'Vino Rosso', domain: 'vinorosso.it' },
  { name: 'Orbital Dynamics', domain: 'orbital.dev' },
  { name: 'Lagos Fintech Hub', domain: 'lagosfintech.ng' },
  { name: 'Alpenblick AG', domain: 'alpenblick.ch' },
  { name: 'Indigo Labs', domain: 'indigolabs.in' },
  { name: 'Quill & Ink', domain: 'quillandink.studio' },
  { name: 'Baker Street Legal', domain: 'bakerstreet.law' },
  { name: 'Nordlys Energy', domain: 'nordlys.no' },
  { name: 'Maple Leaf Dental', domain: 'mapleleafdental.ca' },
  { name: 'Redwood Capital', domain: 'redwood.capital' },
  { name: 'Helix Bio', domain: 'helixbio.org' },
  { name: 'Pixel Forge', domain: 'pixelforge.design' },
  { name: 'Osteria Luna', domain: 'osterialuna.wine' },
]

/** A number as printed, its digits with the country code, and the country it is dialled in. */
type Phone = { printed: string; digits: string; country: string }
const phone = (printed: string, country: string, code: string): Phone => ({
  printed,
  country,
  digits: printed.startsWith('+')
    ? printed.replace(/\D/g, '')
    : code + printed.replace(/\D/g, '').replace(/^0/, ''),
})
const PHONES: Phone[] = [
  phone('+1 (415) 555-0132', 'US', '1'),
  phone('(212) 736-5000', 'US', '1'),
  phone('+44 20 7946 0958', 'GB', '44'),
  phone('07911 123456', 'GB', '44'),
  phone('+49 30 901820', 'DE', '49'),
  phone('0151 23456789', 'DE', '49'),
  phone('+33 1 42 68 53 00', 'FR', '33'),
  phone('06 12 34 56 78', 'FR', '33'),
  phone('+31 20 624 1111', 'NL', '31'),
  phone('+61 2 9374 4000', 'AU', '61'),
  phone('0412 345 678', 'AU', '61'),
  phone('+81 3-3224-5000', 'JP', '81'),
  phone('+91 98765 43210', 'IN', '91'),
  phone('+34 912 34 56 78', 'ES', '34'),
  phone('+39 06 6982 1234', 'IT', '39'),
  phone('+353 1 234 5678', 'IE', '353'),
  phone('+234 803 123 4567', 'NG', '234'),
  phone('+41 44 668 18 00', 'CH', '41'),
]
const ADDRESSES = [
  '12 Harbour Street, London',
  'Friedrichstraße 68, 10117 Berlin',
  '24 Rue de Rivoli, 75004 Paris',
  'Suite 400, 500 Market Street',
  'Keizersgracht 123, Amsterdam',
]

/** A deterministic generator, so a failure is the same card on every run. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
}

const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/ß/g, 'ss')
    .replace(/ø/gi, 'o')
    .replace(/ł/gi, 'l')
    .replace(/[^\w\s-]/g, '')
    .toLowerCase()

type Card = {
  lines: string[]
  expected: BusinessCard
  country: string
  layout: string
  printedPhone: string
}

const LAYOUTS: Record<string, (card: BusinessCard, parts: Parts) => string[]> = {
  classic: (card, p) => [p.name, card.title, card.company, p.phone, card.email, card.website],
  'company first': (card, p) => [
    card.company.toUpperCase(),
    p.name,
    card.title,
    p.address,
    `${p.phone}  ·  ${card.email}`,
    card.website,
  ],
  labelled: (card, p) => [
    p.name,
    card.title,
    card.company,
    `T: ${p.phone}`,
    `E: ${card.email}`,
    `W: ${card.website}`,
    `in: ${p.linkedin}`,
  ],
  'all caps': (card, p) => [
    // Printed capitals keep the sharp s as 'ẞ', as German typesetting does.
    p.name.replace(/ß/g, 'ẞ').toUpperCase(),
    card.title,
    card.company,
    p.phone,
    card.email,
    card.website,
  ],
  'two columns': (card, p) => [
    `${p.name}      ${p.phone}`,
    `${card.title}      ${card.email}`,
    `${card.company}      ${card.website}`,
  ],
  'right aligned': (card, p) =>
    [card.company, '', p.name, card.title, '', `Tel. ${p.phone}`, card.email, card.website].map(
      (line) => line.padStart(44),
    ),
  'title beside the name': (card, p) => [
    card.company,
    `${p.name} | ${card.title}`,
    `M ${p.phone} | ${card.email}`,
    card.website,
    p.address,
  ],
  minimal: (card, p) => [p.name, card.company, card.email, p.phone],
}
type Parts = { name: string; phone: string; address: string; linkedin: string }

function generate(count: number): Card[] {
  const pick = random(31)
  const layouts = Object.keys(LAYOUTS)
  return Array.from({ length: count }, (_, index) => {
    const layout = layouts[index % layouts.length] ?? 'classic'
    const person = pick(PEOPLE)
    const company = pick(COMPANIES)
    const number = pick(PHONES)
    const first = ascii(person.first).replace(/\s/g, '')
    const last = ascii(person.last).replace(/\s/g, '')
    const local = pick([`${first}.${last}`, `${first[0] ?? ''}${last}`, first, `${first}_${last}`])
    const slug = `${first}-${last}`
    const allCaps = layout === 'all caps'
    const website = layout === 'minimal' ? '' : pick([`www.${company.domain}`, company.domain])
    const expected: BusinessCard = {
      firstName: person.first,
      lastName: person.last,
      company: allCaps ? company.name.toUpperCase() : company.name,
      title: allCaps ? pick(TITLES).toUpperCase() : pick(TITLES),
      email: `${local}@${company.domain}`,
      phone: number.digits,
      website,
      linkedin: layout === 'labelled' ? `https://www.linkedin.com/in/${slug}` : '',
    }
    if (layout === 'minimal') expected.title = ''
    const parts: Parts = {
      name: `${pick(PREFIXES)}${person.first} ${person.last}${pick(SUFFIXES)}`,
      phone: number.printed,
      address: pick(ADDRESSES),
      linkedin: `linkedin.com/in/${slug}`,
    }
    const lines = (LAYOUTS[layout] ?? (() => []))(expected, parts)
    // The company line in capitals stays what the card printed.
    if (layout === 'company first') expected.company = company.name.toUpperCase()
    return { lines, expected, country: number.country, layout, printedPhone: number.printed }
  })
}

/** What OCR does to a card's text: one misreading, and the field it lands in. */
const CORRUPTIONS: { name: string; field: CardField; apply: (value: string) => string }[] = [
  { name: "'@' read as 'e'", field: 'email', apply: (value) => value.replace('@', 'e') },
  { name: "'@' read as 'a'", field: 'email', apply: (value) => value.replace('@', 'a') },
  { name: "'@' read as '©'", field: 'email', apply: (value) => value.replace('@', '©') },
  {
    name: "'rn' and 'm' in the email",
    field: 'email',
    apply: (value) => (value.includes('rn') ? value.replace('rn', 'm') : value.replace('m', 'rn')),
  },
  {
    name: "'l' read as '1' in the email",
    field: 'email',
    apply: (value) => value.replace('l', '1'),
  },
  {
    name: "'o' read as '0' in the email",
    field: 'email',
    apply: (value) => value.replace('o', '0'),
  },
  {
    name: "a dot dropped from the email's domain",
    field: 'email',
    apply: (value) => value.replace(/(@.*)\.([^.]*)$/, '$1$2'),
  },
  {
    name: "'rn' and 'm' in the website",
    field: 'website',
    apply: (value) => (value.includes('rn') ? value.replace('rn', 'm') : value.replace('m', 'rn')),
  },
  {
    name: "'o' read as '0' in the website",
    field: 'website',
    apply: (value) => value.replace('o', '0'),
  },
  {
    name: 'a dot dropped from the website',
    field: 'website',
    apply: (value) => value.replace(/\.([^.]*)$/, '$1'),
  },
  {
    name: "'0' read as 'O' in the phone",
    field: 'phone',
    apply: (value) => value.replace(/0/g, 'O'),
  },
  {
    name: "'1' read as 'l' in the phone",
    field: 'phone',
    apply: (value) => value.replace(/1/g, 'l'),
  },
]

function corrupt(cards: Card[]): (Card & { corruption: string })[] {
  return cards.flatMap((card, index) => {
    const corruption = CORRUPTIONS[index % CORRUPTIONS.length]
    if (!corruption) return []
    // The value as printed: the phone in its own format; the website, not the email's domain.
    const value = corruption.field === 'phone' ? card.printedPhone : card.expected[corruption.field]
    const misread = corruption.apply(value)
    if (value === '' || misread === value) return []
    const lines = card.lines.map((line) =>
      corruption.field === 'website' && line.includes('@') ? line : line.replace(value, misread),
    )
    return [
      { ...card, lines, layout: `${card.layout}, ${corruption.name}`, corruption: corruption.name },
    ]
  })
}

const FIELDS: CardField[] = [
  'firstName',
  'lastName',
  'company',
  'title',
  'email',
  'phone',
  'website',
  'linkedin',
]
const same = (field: CardField, got: string, expected: string) =>
  field === 'phone' ? got.replace(/\D/g, '') === expected : got === expected

function score(cards: Card[]) {
  const tally = Object.fromEntries(FIELDS.map((field) => [field, { right: 0, of: 0, wrong: 0 }]))
  const misses: string[] = []
  for (const card of cards) {
    const { card: got, unread } = readBusinessCard(textLines(card.lines.join('\n')), {
      country: card.country,
    })
    for (const field of FIELDS) {
      const expected = card.expected[field]
      const entry = tally[field] ?? { right: 0, of: 0, wrong: 0 }
      if (expected === '' && got[field] === '') continue
      entry.of++
      if (same(field, got[field], expected)) entry.right++
      else {
        if (got[field] !== '') entry.wrong++
        misses.push(
          `${card.layout}: ${field} ${JSON.stringify(got[field])} for ${JSON.stringify(expected)}${unread[field] ? ` (line offered: ${unread[field]})` : ''}`,
        )
      }
    }
  }
  const right = Object.values(tally).reduce((sum, entry) => sum + entry.right, 0)
  const of = Object.values(tally).reduce((sum, entry) => sum + entry.of, 0)
  const report = Object.entries(tally)
    .map(([field, { right: r, of: o, wrong }]) => `${field} ${r}/${o} (${wrong} wrong)`)
    .join(', ')
  return { share: right / of, right, of, tally, report, misses }
}

describe('reading generated business cards', () => {
  const cards = generate(240)

  it('covers the layouts, languages, titles, suffixes and countries the issue names', () => {
    expect(new Set(cards.map((card) => card.layout)).size).toBeGreaterThanOrEqual(6)
    expect(new Set(cards.map((card) => card.expected.title)).size).toBeGreaterThanOrEqual(25)
    expect(
      new Set(cards.map((card) => card.expected.email.split('.').at(-1))).size,
    ).toBeGreaterThanOrEqual(12)
    expect(new Set(cards.map((card) => card.country)).size).toBeGreaterThanOrEqual(8)
  })

  it('reads at least 98% of the fields of the exact printed text', () => {
    const result = score(cards)
    console.info(
      `exact text, ${cards.length} cards: ${result.right}/${result.of}; ${result.report}`,
      ...result.misses.map((miss) => `\n  missed: ${miss}`),
    )
    expect(result.misses.slice(0, 30)).toEqual(
      result.share >= 0.98 ? result.misses.slice(0, 30) : [],
    )
    expect(result.share).toBeGreaterThanOrEqual(0.98)
  })

  it('never fills a field wrong from text OCR misread: it repairs it or leaves it for the user', () => {
    const misread = corrupt(cards)
    const result = score(misread)
    console.info(
      `OCR misreadings, ${misread.length} cards: ${result.right}/${result.of}; ${result.report}`,
      ...result.misses.map((miss) => `\n  missed: ${miss}`),
    )
    const wrong = result.misses.filter((miss) => !/ "" for /.test(miss))
    expect(wrong).toEqual([])
  })
})
