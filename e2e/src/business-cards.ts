import type { BusinessCard } from '@fiveconnect/api/business-card'
import type { Browser } from 'playwright-core'

/**
 * The photographed business-card test set (issue 31): cards generated at test time from people
 * with names in several languages, six layouts, nine fonts and five palettes, each photographed
 * the way a phone at a venue does, with seeded randomness so a run is repeatable.
 */

/** A card to print: what it says (the truth a reading is scored against) and how it looks. */
export type CardSpec = BusinessCard & {
  layout: Layout
  font: string
  /** How the phone is printed; the parsed phone is compared by its digits. */
  printedPhone: string
  colors: { ink: string; paper: string; accent: string }
  upperName?: boolean
}
type Layout = 'classic' | 'centered' | 'columns' | 'labelled' | 'banner' | 'right'

/**
 * The fonts the cards are printed in, each from a Debian package scripts/setup-test-deps.sh
 * installs (DejaVu Sans Condensed and the DejaVu italics from fonts-dejavu-extra, Liberation from
 * fonts-liberation2, the URW faces from fonts-urw-base35). No generic fallback: a missing font is
 * an error (see missingCardFonts), not a card printed in whatever the machine has.
 */
export const CARD_FONTS = [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'DejaVu Sans Condensed',
  'Liberation Sans',
  'Liberation Serif',
  'Nimbus Sans',
  'C059',
  'URW Gothic',
]

const LIGHT = { ink: '#1d2433', paper: '#fbfaf6', accent: '#3b5bdb' }
const CREAM = { ink: '#3a2e1f', paper: '#f3ead8', accent: '#9c4a1a' }
const DARK = { ink: '#f1f3f5', paper: '#1f2a44', accent: '#ffd43b' }
const GREY = { ink: '#212529', paper: '#e9ecef', accent: '#2b8a3e' }
const BLACK = { ink: '#e9ecef', paper: '#151515', accent: '#63e6be' }

type Person = Omit<CardSpec, 'layout' | 'font' | 'colors' | 'upperName'>
const people: Person[] = (
  [
    [
      'Ada',
      'Lovelace',
      'Analytical Engines',
      'Head of Research',
      'ada.lovelace@analytical.example',
      '+44 20 7946 0958',
      '+44 20 7946 0958',
      'www.analytical.example',
      'ada-lovelace',
    ],
    [
      'Grace',
      'Hopper',
      'Compiler Works Inc.',
      'Chief Technology Officer',
      'grace@compilerworks.io',
      '+1 212 736 5000',
      '+1 (212) 736-5000',
      'compilerworks.io',
      'grace-hopper',
    ],
    [
      'Chidi',
      'Okafor',
      'Lagos Ledger',
      'Product Manager',
      'chidi.okafor@lagosledger.example',
      '+1 415 555 2671',
      '+1 415.555.2671',
      'www.lagosledger.example',
      '',
    ],
    [
      'Marie',
      'Curie',
      'Radium Labs',
      'Senior Scientist',
      'marie@radiumlabs.example',
      '+33 1 42 68 53 00',
      '+33 1 42 68 53 00',
      'radiumlabs.example',
      'marie-curie',
    ],
    [
      'Jean-Luc',
      'Picard',
      'Starfleet Logistics',
      'Operations Director',
      'jl.picard@starfleet-logistics.example',
      '+33 6 12 34 56 78',
      '+33 6 12 34 56 78',
      'www.starfleet-logistics.example',
      '',
    ],
    [
      'Priya',
      'Raman',
      'Ledgerly',
      'Founder & CEO',
      'priya@ledgerly.example',
      '+1 202 555 0173',
      '+1 202-555-0173',
      'ledgerly.example',
      'priya-raman',
    ],
    [
      'Hans',
      'Becker',
      'Nordlicht GmbH',
      'Sales Manager',
      'h.becker@nordlicht.example',
      '+49 151 23456789',
      '+49 151 2345 6789',
      'www.nordlicht.example',
      '',
    ],
    [
      'Sofia',
      'Rossi',
      'Vento Design Studio',
      'Creative Director',
      'sofia.rossi@vento.example',
      '+39 06 6988 4857',
      '+39 06 6988 4857',
      'vento.example',
      'sofia-rossi',
    ],
    [
      'Kenji',
      'Tanaka',
      'Harbor Robotics',
      'Lead Engineer',
      'kenji@harborrobotics.example',
      '+81 3 1234 5678',
      '+81 3-1234-5678',
      'harborrobotics.example',
      '',
    ],
    [
      'Amara',
      'Nwosu',
      'Greenfield Capital',
      'Investment Partner',
      'amara.nwosu@greenfield.example',
      '+44 7911 123456',
      '+44 7911 123456',
      'www.greenfield.example',
      'amara-nwosu',
    ],
    [
      'Lucas',
      'Silva',
      'Atlas Analytics',
      'Data Analyst',
      'lucas@atlasanalytics.example',
      '+55 11 2345 6789',
      '+55 11 2345-6789',
      'atlasanalytics.example',
      '',
    ],
    [
      'Emma',
      'Johansson',
      'Fjord Health',
      'Nurse Coordinator',
      'emma.johansson@fjordhealth.example',
      '+46 8 123 456 78',
      '+46 8 123 456 78',
      'www.fjordhealth.example',
      'emma-johansson',
    ],
    [
      'Omar',
      'Haddad',
      'Sandstone Ventures',
      'Managing Partner',
      'omar@sandstone.example',
      '+1 646 555 0142',
      '(646) 555-0142',
      'sandstone.example',
      '',
    ],
    [
      'Linh',
      'Nguyen',
      'Lotus Software',
      'Software Developer',
      'linh.nguyen@lotussoftware.example',
      '+1 206 555 0199',
      '+1 206 555 0199',
      'www.lotussoftware.example',
      'linh-nguyen',
    ],
    [
      'Mateo',
      'Garcia',
      'Sol Energy',
      'Project Manager',
      'mateo.garcia@solenergy.example',
      '+34 612 34 56 78',
      '+34 612 34 56 78',
      'solenergy.example',
      '',
    ],
    [
      'Fatima',
      'Zahra',
      'Cedar Media',
      'Marketing Lead',
      'fatima@cedarmedia.example',
      '+1 312 555 0117',
      '+1 312.555.0117',
      'www.cedarmedia.example',
      'fatima-zahra',
    ],
    [
      'Noah',
      'Williams',
      'Keystone Consulting',
      'Senior Consultant',
      'noah.williams@keystone.example',
      '+61 2 9374 4000',
      '+61 2 9374 4000',
      'keystone.example',
      '',
    ],
    [
      'Ingrid',
      'Larsen',
      'Polar Networks',
      'Network Architect',
      'ingrid@polarnetworks.example',
      '+47 22 12 34 56',
      '+47 22 12 34 56',
      'www.polarnetworks.example',
      'ingrid-larsen',
    ],
    [
      'Rahul',
      'Mehta',
      'Saffron Foods',
      'Head of Sales',
      'rahul.mehta@saffronfoods.example',
      '+91 98765 43210',
      '+91 98765 43210',
      'saffronfoods.example',
      '',
    ],
    [
      'Clara',
      'Schmidt',
      'Blue Harbor Group',
      'Account Executive',
      'clara.schmidt@blueharbor.example',
      '+49 30 901820',
      '+49 30 901820',
      'www.blueharbor.example',
      'clara-schmidt',
    ],
    [
      'Diego',
      'Torres',
      'Andes Logistics',
      'Operations Manager',
      'diego@andeslogistics.example',
      '+1 305 555 0184',
      '+1 (305) 555-0184',
      'andeslogistics.example',
      '',
    ],
    [
      'Hana',
      'Kim',
      'Maple Technologies',
      'UX Designer',
      'hana.kim@mapletech.example',
      '+1 604 555 0136',
      '+1 604 555 0136',
      'www.mapletech.example',
      'hana-kim',
    ],
    [
      'Zoë',
      "O'Brien",
      'Harbourlight Media',
      'Solicitor',
      'zoe.obrien@harbourlight.co.uk',
      '+44 20 7946 0321',
      '+44 (0)20 7946 0321',
      'www.harbourlight.co.uk',
      'zoe-obrien',
    ],
    [
      'Jürgen',
      'Groß',
      'Elbwerk Systems GmbH',
      'Geschäftsführer',
      'j.gross@elbwerk.de',
      '+49 40 3037 4821',
      '+49 40 3037 4821',
      'www.elbwerk.de',
      '',
    ],
    [
      'Hélène',
      'Dubois',
      'Atelier Lumière',
      'Directrice Commerciale',
      'helene.dubois@atelier-lumiere.fr',
      '+33 1 42 68 53 11',
      '+33 1 42 68 53 11',
      'atelier-lumiere.fr',
      'helene-dubois',
    ],
    [
      'José',
      'García-López',
      'Solara Energy',
      'Ingeniero de Proyectos',
      'jose.garcia@solara.es',
      '+34 612 34 56 90',
      '+34 612 34 56 90',
      'www.solara.es',
      '',
    ],
    [
      'Łukasz',
      'Wójcik',
      'Vistula Software',
      'Senior Developer',
      'lukasz.wojcik@vistula.pl',
      '+48 512 345 678',
      '+48 512 345 678',
      'vistula.pl',
      'lukasz-wojcik',
    ],
    [
      'Søren',
      'Kristensen',
      'Nordhavn Logistics',
      'Supply Chain Lead',
      'soren@nordhavn.dk',
      '+45 32 12 34 56',
      '+45 32 12 34 56',
      'www.nordhavn.dk',
      '',
    ],
    [
      'Siobhán',
      'McCarthy',
      'Liffey Health',
      'Physiotherapist',
      'siobhan.mccarthy@liffeyhealth.ie',
      '+353 1 234 5678',
      '+353 1 234 5678',
      'liffeyhealth.ie',
      'siobhan-mccarthy',
    ],
    [
      'Anna',
      'van der Berg',
      'Grachten Design',
      'Illustrator',
      'anna@grachtendesign.nl',
      '+31 20 123 4567',
      '+31 20 123 4567',
      'www.grachtendesign.nl',
      '',
    ],
    [
      'Mei-Ling',
      'Chen',
      'Jade Robotics',
      'Research Engineer',
      'meiling.chen@jaderobotics.tech',
      '+1 415 555 0148',
      '+1 (415) 555-0148',
      'jaderobotics.tech',
      'mei-ling-chen',
    ],
    [
      'Björn',
      'Ólafsson',
      'Geysir Capital',
      'Investment Analyst',
      'bjorn@geysircapital.is',
      '+354 551 2345',
      '+354 551 2345',
      'www.geysircapital.is',
      '',
    ],
    [
      'Camille',
      'Lefèvre',
      'Maison Verte Studio',
      'Landscape Architect',
      'camille.lefevre@maisonverte.fr',
      '+33 6 12 34 56 90',
      '+33 6 12 34 56 90',
      'maisonverte.fr',
      'camille-lefevre',
    ],
    [
      'Olga',
      'Ivanova',
      'Baltic Analytics',
      'Data Scientist',
      'olga.ivanova@balticanalytics.example',
      '+44 7911 123478',
      '+44 7911 123478',
      'www.balticanalytics.example',
      'olga-ivanova',
    ],
  ] as string[][]
).map(([firstName, lastName, company, title, email, phone, printedPhone, website, linkedin]) => ({
  firstName: firstName ?? '',
  lastName: lastName ?? '',
  company: company ?? '',
  title: title ?? '',
  email: email ?? '',
  phone: phone ?? '',
  printedPhone: printedPhone ?? '',
  website: website ?? '',
  linkedin: linkedin ? `https://www.linkedin.com/in/${linkedin}` : '',
}))

const LAYOUTS: Layout[] = ['classic', 'centered', 'columns', 'labelled', 'banner', 'right']
const PALETTES = [LIGHT, CREAM, DARK, LIGHT, GREY, BLACK, CREAM]

/**
 * The test set: every person twice (68 cards), on different mixes of layout, font and colours;
 * layouts and fonts cycle at coprime lengths so each layout meets most fonts.
 */
export const CARDS: CardSpec[] = [...people, ...people].map((person, index) => ({
  ...person,
  layout: LAYOUTS[index % LAYOUTS.length] ?? 'classic',
  font: CARD_FONTS[index % CARD_FONTS.length] ?? 'DejaVu Sans',
  colors: PALETTES[index % PALETTES.length] ?? LIGHT,
  upperName: index % 4 === 1,
}))

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)

function cardHtml(card: CardSpec): string {
  const name = `${card.firstName} ${card.lastName}`
  const linkedin = card.linkedin.replace('https://www.', '')
  const nameStyle = `font-size:46px;font-weight:bold;${card.upperName ? 'text-transform:uppercase;letter-spacing:2px;' : ''}`
  const line = (text: string) => (text ? `<div>${escape(text)}</div>` : '')
  const contacts = [card.printedPhone, card.email, card.website, linkedin].map(line).join('')
  const labelled = [
    ['T', card.printedPhone],
    ['E', card.email],
    ['W', card.website],
    ['in', linkedin],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => `<div><b>${label}:</b> ${escape(value ?? '')}</div>`)
    .join('')
  const company = `<div style="font-size:34px;color:${card.colors.accent};font-weight:bold">${escape(card.company)}</div>`
  const who = `<div style="${nameStyle}">${escape(name)}</div><div style="font-size:28px;font-style:italic">${escape(card.title)}</div>`
  const body = {
    classic: `${company}<div style="margin-top:40px">${who}</div><div style="margin-top:40px;font-size:26px;line-height:1.5">${contacts}</div>`,
    centered: `<div style="text-align:center">${who}<hr style="width:40%;border-color:${card.colors.accent};margin:26px auto">${company}<div style="margin-top:26px;font-size:26px;line-height:1.5">${contacts}</div></div>`,
    columns: `<div style="display:flex;justify-content:space-between;height:100%;white-space:nowrap"><div>${who}<div style="margin-top:50px">${company}</div></div><div style="font-size:22px;line-height:1.6;align-self:flex-end">${contacts}</div></div>`,
    labelled: `${who}<div style="margin-top:16px">${company}</div><div style="margin-top:50px;font-size:26px;line-height:1.5">${labelled}</div>`,
    banner: `<div style="margin:-56px -64px 40px;padding:30px 64px;background:${card.colors.accent};color:${card.colors.paper}">${company.replace(`color:${card.colors.accent}`, `color:${card.colors.paper}`)}</div>${who}<div style="margin-top:36px;font-size:26px;line-height:1.5">${contacts}</div>`,
    right: `<div style="text-align:right">${company}<div style="margin-top:44px">${who}</div><div style="margin-top:40px;font-size:26px;line-height:1.5">${contacts}</div></div>`,
  }[card.layout]
  return `<div class="card" style="font-family:'${card.font}';color:${card.colors.ink};background:${card.colors.paper}">${body}</div>`
}

/** A seeded random number in [0, 1): the same photo for the same seed on every run. */
function randomFor(seed: number) {
  let state = (seed * 2654435761) % 2147483648
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

/** How a photo is taken: the ranges issue 31 names, drawn uniformly. */
export type PhotoSettings = {
  /** Degrees, clockwise. */
  rotation: number
  /** How much shorter one side is than the side facing it (0.06: 6%), and which side. */
  perspective: number
  shortSide: 'top' | 'right' | 'bottom' | 'left'
  /** Gaussian blur's sigma, in photo pixels. */
  blur: number
  jpegQuality: number
  /** The card's height in the photo, in pixels. */
  cardHeight: number
  table: string
  seed: number
}

const TABLES = [
  '#8b5a2b',
  '#2f6b45',
  '#3d5a80',
  '#a0522d',
  '#5c4033',
  '#2a7f7f',
  '#6b7b8c',
  '#7a2e4a',
]
const SIDES = ['top', 'right', 'bottom', 'left'] as const

/** Seed `seed`'s photo settings: rotation in ±10°, perspective to 6%, blur to 1.5, JPEG 35-90. */
export function photoSettings(seed: number): PhotoSettings {
  const random = randomFor(seed + 1)
  const between = (low: number, high: number) => low + (high - low) * random()
  return {
    rotation: between(-10, 10),
    perspective: between(0, 0.06),
    shortSide: SIDES[Math.floor(random() * 4)] ?? 'top',
    blur: between(0, 1.5),
    jpegQuality: Math.round(between(35, 90)),
    cardHeight: Math.round(between(320, 1000)),
    table: TABLES[Math.floor(random() * TABLES.length)] ?? '#8b5a2b',
    seed,
  }
}

const CARD_SIZE = { width: 1240, height: 780 }

/** The CSS matrix3d that maps the card's box onto the quadrilateral `corners` (Heckbert). */
function matrixOnto(corners: [number, number][]): string {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = corners as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ]
  const [sx, sy] = [x0 - x1 + x2 - x3, y0 - y1 + y2 - y3]
  const [dx1, dx2, dy1, dy2] = [x1 - x2, x3 - x2, y1 - y2, y3 - y2]
  const determinant = dx1 * dy2 - dx2 * dy1
  const g = (sx * dy2 - dx2 * sy) / determinant
  const h = (dx1 * sy - sx * dy1) / determinant
  const [a, b, d, e] = [x1 - x0 + g * x1, x3 - x0 + h * x3, y1 - y0 + g * y1, y3 - y0 + h * y3]
  const { width, height } = CARD_SIZE
  return `matrix3d(${[a / width, d / width, 0, g / width, b / height, e / height, 0, h / height, 0, 0, 1, 0, x0, y0, 0, 1].join(',')})`
}

/**
 * The card as a phone photographs it, as JPEG: on a coloured table, turned and seen a little from
 * one side, out of focus, lit unevenly and with sensor noise, the card `cardHeight` pixels high.
 */
export async function photographCard(browser: Browser, card: CardSpec, photo: PhotoSettings) {
  const random = randomFor(photo.seed + 1000)
  const between = (low: number, high: number) => low + (high - low) * random()
  const scale = photo.cardHeight / CARD_SIZE.height
  const [halfWidth, halfHeight] = [(CARD_SIZE.width * scale) / 2, (CARD_SIZE.height * scale) / 2]
  // Corners clockwise from the top left, the short side pulled in at both ends.
  const flat: [number, number][] = [
    [-halfWidth, -halfHeight],
    [halfWidth, -halfHeight],
    [halfWidth, halfHeight],
    [-halfWidth, halfHeight],
  ].map(([x = 0, y = 0], index) => {
    const side = photo.shortSide
    const onSide =
      (side === 'top' && index < 2) ||
      (side === 'bottom' && index > 1) ||
      (side === 'left' && (index === 0 || index === 3)) ||
      (side === 'right' && (index === 1 || index === 2))
    if (!onSide) return [x, y]
    return side === 'top' || side === 'bottom'
      ? [x * (1 - photo.perspective), y]
      : [x, y * (1 - photo.perspective)]
  })
  const angle = (photo.rotation * Math.PI) / 180
  const turned = flat.map(([x, y]): [number, number] => [
    x * Math.cos(angle) - y * Math.sin(angle),
    x * Math.sin(angle) + y * Math.cos(angle),
  ])
  const margins = [0, 0, 0, 0].map(() => photo.cardHeight * between(0.1, 0.3))
  const [top = 0, right = 0, bottom = 0, left = 0] = margins
  const xs = turned.map(([x]) => x)
  const ys = turned.map(([, y]) => y)
  const corners = turned.map(([x, y]): [number, number] => [
    x - Math.min(...xs) + left,
    y - Math.min(...ys) + top,
  ])
  const width = Math.ceil(Math.max(...xs) - Math.min(...xs) + left + right)
  const height = Math.ceil(Math.max(...ys) - Math.min(...ys) + top + bottom)
  const page = await browser.newPage({ viewport: { width, height } })
  try {
    await page.setContent(`<!doctype html><html><head><style>
      body { margin: 0; overflow: hidden }
      .scene { position: absolute; inset: 0; filter: blur(${photo.blur.toFixed(2)}px);
        background: radial-gradient(circle at ${between(0, 100)}% ${between(0, 100)}%, ${photo.table}, color-mix(in srgb, ${photo.table} 70%, black)) }
      .card { position: absolute; left: 0; top: 0; transform-origin: 0 0; box-sizing: border-box;
        width: ${CARD_SIZE.width}px; height: ${CARD_SIZE.height}px; padding: 56px 64px; border-radius: 12px;
        box-shadow: 0 6px 18px rgba(0,0,0,.3); transform: ${matrixOnto(corners)} }
      .light { position: absolute; inset: 0; pointer-events: none;
        background: radial-gradient(ellipse at ${between(10, 90)}% ${between(10, 90)}%, rgba(255,255,240,.25), rgba(0,0,0,0) 45%),
          linear-gradient(${between(0, 360)}deg, rgba(0,0,0,.28), rgba(0,0,0,0) 70%) }
      .grain { position: absolute; inset: 0; opacity: .14; mix-blend-mode: multiply }
    </style></head><body><div class="scene">${cardHtml(card)}</div><div class="light"></div>
      <svg class="grain" width="${width}" height="${height}"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="1.4" seed="${photo.seed}"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>
    </body></html>`)
    await page.evaluate(() => document.fonts.ready)
    return await page.screenshot({ type: 'jpeg', quality: photo.jpegQuality })
  } finally {
    await page.close()
  }
}

/**
 * The card fonts fontconfig (which Chromium uses on Linux) does not have, upright and slanted
 * (the job titles are italic: without a true italic face Chromium slants the upright one).
 */
export async function missingCardFonts(
  list: (family: string) => Promise<string>,
): Promise<string[]> {
  const missing: string[] = []
  for (const family of CARD_FONTS) {
    const slants = (await list(family)).split('\n').filter(Boolean)
    if (!slants.includes('0')) missing.push(family)
    else if (!slants.some((slant) => slant !== '0')) missing.push(`${family} Italic`)
  }
  return missing
}

export const CARD_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'title',
  'email',
  'phone',
  'website',
  'linkedin',
] as const satisfies readonly (keyof BusinessCard)[]

/** Exact, but for letter case and spacing; phones by their digits. */
export function isRightField(field: keyof BusinessCard, expected: string, got: string) {
  if (field === 'phone') return got.replace(/\D/g, '') === expected.replace(/\D/g, '')
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()
  return plain(got) === plain(expected)
}

/** A card's reading: null when the scanner would say 'No text found'. */
export type ScannedCard = { card: CardSpec; photo: PhotoSettings; got: BusinessCard | null }
type Tally = { right: number; of: number }

/** The rotation buckets the figures are reported by: tilt hurts OCR most. */
export const ROTATION_BUCKETS = [
  [0, 2.5],
  [2.5, 5],
  [5, 7.5],
  [7.5, 10],
] as const
const bucketName = ([low, high]: readonly [number, number]) => `${low}-${high}°`

/** Right fields of each kind, in all and by rotation bucket; and the cards read as nothing. */
export function scoreScans(scans: ScannedCard[]) {
  const tally = (subset: ScannedCard[]) => {
    const byField = Object.fromEntries(
      CARD_FIELDS.map((field) => {
        const printed = subset.filter(({ card }) => card[field] !== '')
        const right = printed.filter(({ card, got }) =>
          isRightField(field, card[field], got?.[field] ?? ''),
        )
        return [field, { right: right.length, of: printed.length }]
      }),
    ) as Record<(typeof CARD_FIELDS)[number], Tally>
    const all = Object.values(byField).reduce(
      (sum, { right, of }) => ({ right: sum.right + right, of: sum.of + of }),
      { right: 0, of: 0 },
    )
    return { byField, all, cards: subset.length, nothing: subset.filter(({ got }) => !got).length }
  }
  const buckets = ROTATION_BUCKETS.map((bucket) => ({
    name: bucketName(bucket),
    ...tally(
      scans.filter(({ photo }) => {
        const tilt = Math.abs(photo.rotation)
        return tilt >= bucket[0] && (tilt < bucket[1] || bucket[1] === 10)
      }),
    ),
  }))
  return { total: tally(scans), buckets }
}

/** The score as a table: a row per field and in all, a column per rotation bucket and in all. */
export function scoreTable(score: ReturnType<typeof scoreScans>): string {
  const cell = ({ right, of }: Tally) =>
    `${right}/${of} ${of ? Math.round((right / of) * 100) : 0}%`.padEnd(13)
  const columns = [...score.buckets, { name: 'all', ...score.total }]
  const rows = [
    `${'|rotation|'.padEnd(12)}${columns.map(({ name }) => name.padEnd(13)).join('')}`,
    `${'cards'.padEnd(12)}${columns.map(({ cards }) => String(cards).padEnd(13)).join('')}`,
    ...CARD_FIELDS.map(
      (field) =>
        `${field.padEnd(12)}${columns.map(({ byField }) => cell(byField[field])).join('')}`,
    ),
    `${'all fields'.padEnd(12)}${columns.map(({ all }) => cell(all)).join('')}`,
    `${'no text'.padEnd(12)}${columns.map(({ nothing }) => String(nothing).padEnd(13)).join('')}`,
  ]
  return rows.join('\n')
}
