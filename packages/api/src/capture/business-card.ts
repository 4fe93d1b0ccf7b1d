import { findPhoneNumbersInText, isSupportedCountry, type CountryCode } from 'libphonenumber-js'

/** What a paper business card says about a person, as read from its text; '' where it is silent. */
/**
 * How tesseract.js reads a card, shared by the scanner and its accuracy test: sparse text (a card's
 * lines stand apart, in any order), at the resolution a card photo has once scaled to
 * CARD_OCR_WIDTH pixels across.
 */
export const CARD_OCR_PARAMETERS = { tessedit_pageseg_mode: '3', user_defined_dpi: '300' }
export const CARD_OCR_WIDTH = 1400

/**
 * Greys a card photo for OCR, in place (RGBA pixels): on a light card each pixel takes its darkest
 * channel, on a dark card its lightest, so coloured print (a blue company name on white, a yellow one
 * on navy) keeps the contrast that a plain luminance grey loses to Tesseract's threshold. It uses
 * nothing outside itself: the accuracy test runs it in Chromium as the scanner does.
 */
export function greyForOcr(pixels: Uint8ClampedArray): void {
  let light = 0
  for (let index = 0; index < pixels.length; index += 4)
    light += (pixels[index] ?? 0) + (pixels[index + 1] ?? 0) + (pixels[index + 2] ?? 0)
  const isLightCard = light / (pixels.length * 0.75) > 127
  for (let index = 0; index < pixels.length; index += 4) {
    const red = pixels[index] ?? 0
    const green = pixels[index + 1] ?? 0
    const blue = pixels[index + 2] ?? 0
    const grey = isLightCard ? Math.min(red, green, blue) : Math.max(red, green, blue)
    pixels[index] = grey
    pixels[index + 1] = grey
    pixels[index + 2] = grey
  }
}

export type BusinessCard = {
  firstName: string
  lastName: string
  company: string
  title: string
  email: string
  phone: string
  website: string
  linkedin: string
}

/** A card with nothing read: every field empty. */
export const EMPTY_CARD: BusinessCard = {
  firstName: '',
  lastName: '',
  company: '',
  title: '',
  email: '',
  phone: '',
  website: '',
  linkedin: '',
}

// OCR reads the spaces around '@' and '.' loosely ('ada @ acme. example'), so they are allowed.
const EMAIL = /[\w.+-]+\s?@\s?[\w-]+(?:\s?\.\s?[\w-]+)+/
const LINKEDIN =
  /(?:https?:\/\/)?(?:[\w-]+\.)?[lIJ1|]inked\s?in\s?\.\s?com\s?\/\s?in\s?\/\s?([\w%-]+)/i
const WEBSITE =
  /(?:https?:\/\/)?(?:www\s?\.\s?)?[a-z0-9][a-z0-9-]*(?:\s?\.\s?[a-z0-9-]+)*\.(?:com|org|net|io|co|dev|app|ai|biz|info|example|[a-z]{2})(?:\/[\w./%-]*)?(?![\w@])/i
/** Words before a value that say what it is: 'M:', 'Tel.', 'Email', 'Web:'. */
const LABEL =
  /^(?:(?:e-?mail|mail|tel(?:ephone)?|phone|ph|mobile|mob|cell|fax|office|direct|web(?:site)?|url|linkedin|[mtefwp])\s?[:.|]\s*|(?:e-?mail|tel|phone|mobile|cell|web)\s+)/i
const MOBILE_LABEL = /^(?:mobile|mob|cell|m)\b/i
const FAX_LABEL = /^fax\b|\bfax\s?[:.]/i

const TITLE_WORDS =
  /\b(?:ceo|cto|cfo|coo|cmo|cio|vp|svp|evp|founder|co-founder|cofounder|chief|president|director|manager|head|lead|engineer|developer|designer|architect|consultant|partner|analyst|officer|specialist|coordinator|associate|advisor|adviser|scientist|researcher|professor|owner|principal|executive|representative|strategist|editor|producer|attorney|counsel|accountant|recruiter|administrator|assistant|intern|nurse|doctor|physician|chair|secretary|treasurer|investor|marketing|sales|product|operations|engineering|research)\b/i
/** Words that end a company's legal name. */
const LEGAL_FORMS =
  /\b(?:inc|ltd|llc|llp|gmbh|ag|sa|sas|srl|bv|nv|plc|pty|corp|corporation|co)\b\.?/i
const COMPANY_WORDS =
  /\b(?:inc|ltd|llc|llp|gmbh|ag|sa|sas|srl|bv|nv|plc|pty|corp|corporation|company|co|group|labs?|studios?|technologies|technology|tech|systems|solutions|partners|consulting|agency|bank|capital|ventures|holdings|industries|international|foundation|institute|university|college|media|software|networks|analytics|logistics|foods|health|energy|robotics|design|works)\b\.?/i
const ADDRESS_WORDS =
  /\b(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|suite|ste|floor|fl|way|square|sq|place|pl|court|ct|straße|strasse|rue|via|po box)\b\.?/i
/** Lowercase words inside a family name: 'van der Berg', 'da Silva'. */
const NAME_PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'da',
  'das',
  'di',
  'del',
  'la',
  'le',
  'du',
  'dos',
  'bin',
  'al',
])
const NAME_WORD = /^(?:[A-Z][a-zà-ÿ'’]+(?:-[A-Z][a-zà-ÿ'’]+)*|[A-Z][A-Z'’-]+|[A-Z]\.)$/u

/** Text OCR makes of a line: single spaces, no stray edge punctuation, no lost dot before a TLD. */
function tidy(line: string): string {
  return (
    line
      .replace(/(?<=[@.][\w-]+) (?=(?:com|org|net|io|co|dev|app|example)\b)/gi, '.')
      .replace(/(?<=\w)\. (?=(?:com|org|net|io|co|dev|app|example)\b)/gi, '.')
      .replace(/\bwww\. /gi, 'www.')
      // A line that is only 'first last@domain': the dot between the names read as a space.
      .replace(/^([a-z][\w-]*) ([a-z][\w.-]*@\S+)$/, '$1.$2')
      .replace(/[|«»©®™•·]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s\-–—_:;,.'"`~*]+|[\s\-–—_:;,'"`~*]+$/g, '')
  )
}

const withoutSpaces = (text: string) => text.replace(/\s+/g, '')

function isAllCaps(text: string) {
  return /[A-Z]/.test(text) && text === text.toUpperCase()
}

function capitalised(word: string): string {
  return word
    .toLowerCase()
    .replace(
      /(^|[-'’])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
}

/** The words of a line that reads as a person's name, or null. */
function nameWords(line: string): string[] | null {
  if (/[\d@/:]/.test(line) || TITLE_WORDS.test(line) || COMPANY_WORDS.test(line)) return null
  const words = line.replace(/,.*$/, '').split(' ')
  if (words.length < 2 || words.length > 4) return null
  const isName = words.every(
    (word) => NAME_WORD.test(word) || NAME_PARTICLES.has(word.toLowerCase()),
  )
  return isName ? words : null
}

function splitName(words: string[]): Pick<BusinessCard, 'firstName' | 'lastName'> {
  const proper = words.map((word) =>
    NAME_PARTICLES.has(word.toLowerCase())
      ? word.toLowerCase()
      : isAllCaps(word) && word.length > 2
        ? capitalised(word)
        : word,
  )
  let lastStart = proper.length - 1
  while (lastStart > 1 && NAME_PARTICLES.has(proper[lastStart - 1] ?? '')) lastStart--
  return {
    firstName: proper.slice(0, lastStart).join(' '),
    lastName: proper.slice(lastStart).join(' '),
  }
}

/** How much a name line shares with an email's local part ('ada.lovelace' and 'Ada Lovelace'). */
function emailLikeness(words: string[], email: string): number {
  const local = email.split('@')[0]?.toLowerCase() ?? ''
  return words.filter(
    (word) => word.length > 1 && local.includes(word.toLowerCase().replace(/[^a-z]/g, '')),
  ).length
}

/** The second-level label of a domain: 'acme' for www.acme.example or ada@mail.acme.co.uk. */
function domainLabel(address: string): string {
  const host = address
    .replace(/^.*@/, '')
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .split('/')[0]
    ?.toLowerCase()
  const labels = host?.split('.') ?? []
  const generic = new Set(['gmail', 'outlook', 'hotmail', 'yahoo', 'icloud', 'proton', 'mail'])
  const label = labels.length > 2 && labels.at(-2)?.length === 2 ? labels.at(-3) : labels.at(-2)
  return label && !generic.has(label) ? label : ''
}

/** Whether two words differ by at most one letter added, dropped or changed. */
function isOneLetterOff(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false
  let start = 0
  while (start < a.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  return endA - start <= 1 && endB - start <= 1
}

/**
 * The email with the website's domain where OCR got the email's domain one letter wrong
 * ('ada@eacme.example' beside 'www.acme.example': a monospaced '@' read as '@e').
 */
function withWebsiteDomain(email: string, website: string): string {
  const at = email.indexOf('@')
  const site =
    website
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .split('/')[0] ?? ''
  const domain = email.slice(at + 1)
  if (at === -1 || site === '' || domain === site || domain.endsWith(`.${site}`)) return email
  return isOneLetterOff(domain, site) ? `${email.slice(0, at)}@${site}` : email
}

const lettersOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')

function findPhone(lines: string[], defaultCountry: CountryCode | undefined): string {
  const candidates: { phone: string; isMobile: boolean }[] = []
  for (const line of lines) {
    if (FAX_LABEL.test(line)) continue
    // OCR reads 0 as O and 1 as l inside numbers.
    const digits = line
      .replace(EMAIL, ' ')
      .replace(LINKEDIN, ' ')
      .replace(/[+(\d][\dOoIl|\s().-]{5,}/g, (run) =>
        run.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1'),
      )
    for (const found of findPhoneNumbersInText(digits, { defaultCountry })) {
      candidates.push({
        phone: found.number.formatInternational(),
        isMobile: MOBILE_LABEL.test(line),
      })
    }
  }
  return (candidates.find((candidate) => candidate.isMobile) ?? candidates[0])?.phone ?? ''
}

/**
 * Reads the text OCR made of a business card: the email, phone (libphonenumber-js, formatted
 * internationally; a mobile first where the card labels one), website and LinkedIn profile by their
 * shapes; the name, job title and company by what their lines look like, helped by the email and
 * the web address (a name line that matches the email's local part, a company line that matches the
 * domain). Fields the text does not show stay ''. `country` (ISO 3166, e.g. the user's locale's
 * region) reads numbers printed without a country code; one libphonenumber-js does not know is
 * ignored.
 */
export function parseBusinessCard(
  text: string,
  { country }: { country?: string } = {},
): BusinessCard {
  const defaultCountry = country && isSupportedCountry(country) ? country : undefined
  const lines = text
    .split(/\r?\n/)
    .map(tidy)
    .filter((line) => line.length > 1)
  const card: BusinessCard = { ...EMPTY_CARD }
  const used = new Set<number>()
  const take = (index: number) => used.add(index)

  lines.forEach((line, index) => {
    const linkedin = LINKEDIN.exec(line)
    if (linkedin && !card.linkedin) {
      card.linkedin = `https://www.linkedin.com/in/${linkedin[1]}`
      take(index)
      return
    }
    const email = EMAIL.exec(line)
    if (email && !card.email) {
      card.email = withoutSpaces(email[0]).toLowerCase()
      take(index)
    }
  })
  lines.forEach((line, index) => {
    if (card.website || used.has(index) || line.includes('@')) return
    const site = WEBSITE.exec(line.replace(LABEL, ''))
    if (
      site &&
      /[a-z]{2}/i.test(site[0]) &&
      (/\bwww\b|https?:|\//i.test(site[0]) || LABEL.test(line) || line.split(' ').length <= 2)
    ) {
      card.website = withoutSpaces(site[0]).toLowerCase().replace(/\/$/, '')
      take(index)
    }
  })
  card.email = withWebsiteDomain(card.email, card.website)
  card.phone = findPhone(lines, defaultCountry)
  lines.forEach((line, index) => {
    if (/\d{3}/.test(line) && !/[a-z]{4}/i.test(line.replace(LABEL, ''))) take(index)
  })

  // Name: the name-shaped line most like the email; the first one on the card otherwise.
  const names = lines
    .map((line, index) => ({ index, words: used.has(index) ? null : nameWords(line) }))
    .filter(
      (candidate): candidate is { index: number; words: string[] } => candidate.words !== null,
    )
  const name = names
    .map((candidate) => ({ ...candidate, likeness: emailLikeness(candidate.words, card.email) }))
    .sort((a, b) => b.likeness - a.likeness || a.index - b.index)[0]
  if (name) {
    Object.assign(card, splitName(name.words))
    take(name.index)
  }

  const isFree = (index: number) => !used.has(index)
  const isAddress = (line: string) => ADDRESS_WORDS.test(line) && /\d/.test(line)
  const firstFree = (test: (line: string) => boolean) =>
    lines.findIndex((line, index) => isFree(index) && !isAddress(line) && test(line))

  // The company's line usually spells the domain ('ACME Robotics' for acme.example): found first,
  // so a company named with a job word ('Northwind Research') is not read as the title.
  const label = domainLabel(card.email || card.website)
  const byDomain =
    label === '' ? -1 : firstFree((line) => lettersOf(line).includes(lettersOf(label)))
  if (byDomain !== -1) take(byDomain)

  const titleIndex = firstFree(
    (line) => TITLE_WORDS.test(line) && !/[@\d]/.test(line) && !LEGAL_FORMS.test(line),
  )
  if (titleIndex !== -1) {
    card.title = lines[titleIndex] ?? ''
    take(titleIndex)
  }

  const companyIndex = [
    byDomain,
    firstFree((line) => COMPANY_WORDS.test(line)),
    firstFree((line) => !/\d/.test(line) && /[a-z]{2}/i.test(line)),
  ].find((index) => index !== -1)
  if (companyIndex !== undefined) card.company = lines[companyIndex] ?? ''

  return card
}
