import type { BusinessCard } from '@fiveconnect/api/business-card'
import type { Browser } from 'playwright-core'

/** A card to print: what it says (the truth a reading is scored against) and how it looks. */
export type CardSpec = BusinessCard & {
  layout: Layout
  font: string
  /** How the phone is printed; the parsed phone is compared by its digits. */
  printedPhone: string
  colors: { ink: string; paper: string; accent: string }
  upperName?: boolean
}
type Layout = 'classic' | 'centered' | 'columns' | 'labelled' | 'banner'

const SANS = "'DejaVu Sans', sans-serif"
const SERIF = "'DejaVu Serif', serif"
const CONDENSED = "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif"
const MONO = "'DejaVu Sans Mono', monospace"

const LIGHT = { ink: '#1d2433', paper: '#fbfaf6', accent: '#3b5bdb' }
const CREAM = { ink: '#3a2e1f', paper: '#f3ead8', accent: '#9c4a1a' }
const DARK = { ink: '#f1f3f5', paper: '#1f2a44', accent: '#ffd43b' }
const GREY = { ink: '#212529', paper: '#e9ecef', accent: '#2b8a3e' }

type Person = Omit<CardSpec, 'layout' | 'font' | 'colors' | 'upperName'>
const people: Person[] = [
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
].map(([firstName, lastName, company, title, email, phone, printedPhone, website, linkedin]) => ({
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

const LAYOUTS: Layout[] = ['classic', 'centered', 'columns', 'labelled', 'banner']
const FONTS = [SANS, SERIF, CONDENSED, SANS, MONO, SERIF]
const PALETTES = [LIGHT, CREAM, LIGHT, DARK, GREY, LIGHT, CREAM]

/** The test set: 22 cards, each person on a different mix of layout, font and colours. */
export const CARDS: CardSpec[] = people.map((person, index) => ({
  ...person,
  layout: LAYOUTS[index % LAYOUTS.length] ?? 'classic',
  font: FONTS[index % FONTS.length] ?? SANS,
  colors: PALETTES[index % PALETTES.length] ?? LIGHT,
  upperName: index % 3 === 1,
}))

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)

function cardHtml(card: CardSpec): string {
  const name = `${card.firstName} ${card.lastName}`
  const linkedin = card.linkedin.replace('https://www.', '')
  const nameStyle = `font-size:46px;font-weight:bold;${card.upperName ? 'text-transform:uppercase;letter-spacing:2px;' : ''}`
  const line = (text: string) => (text ? `<div>${escape(text)}</div>` : '')
  const contacts = [card.printedPhone, card.email, card.website, linkedin].map(line).join('')
  const labelled = [
    ['M', card.printedPhone],
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
  }[card.layout]
  return `<div class="card" style="font-family:${card.font};color:${card.colors.ink};background:${card.colors.paper}">${body}</div>`
}

/** A seeded random number in [0, 1): the same noise for the same card on every run. */
function randomFor(seed: number) {
  let state = seed * 2654435761
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

/**
 * The card as a phone photographs it: on a table, turned a little (rotation and perspective), a
 * little out of focus, lit unevenly and with sensor noise; 1400 px across, as the scanner reads.
 */
export async function photographCard(browser: Browser, card: CardSpec, seed: number) {
  const random = randomFor(seed + 1)
  const between = (low: number, high: number) => low + (high - low) * random()
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  try {
    await page.setContent(`<!doctype html><html><head><style>
      body { margin: 0; width: 1400px; height: 900px; background: radial-gradient(circle at 30% 20%, #b9a88f, #6f6250); overflow: hidden }
      .scene { position: absolute; inset: 0; display: grid; place-items: center; perspective: 1600px }
      .card { box-sizing: border-box; width: 1240px; height: 780px; padding: 56px 64px; border-radius: 12px;
        box-shadow: 0 18px 40px rgba(0,0,0,.45);
        transform: rotateX(${between(-9, 9)}deg) rotateY(${between(-9, 9)}deg) rotateZ(${between(-3, 3)}deg);
        filter: blur(${between(0.5, 1.3).toFixed(2)}px) }
      .light { position: absolute; inset: 0; pointer-events: none;
        background: radial-gradient(ellipse at ${between(10, 90)}% ${between(10, 90)}%, rgba(255,255,240,.28), rgba(0,0,0,0) 45%),
          linear-gradient(${between(0, 360)}deg, rgba(0,0,0,.32), rgba(0,0,0,0) 70%) }
      .grain { position: absolute; inset: 0; opacity: .16; mix-blend-mode: multiply }
    </style></head><body><div class="scene">${cardHtml(card)}</div><div class="light"></div>
      <svg class="grain" width="1400" height="900"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="1.4" seed="${seed}"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>
    </body></html>`)
    return await page.screenshot({ type: 'png' })
  } finally {
    await page.close()
  }
}
