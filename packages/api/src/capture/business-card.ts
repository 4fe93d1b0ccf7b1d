import { findPhoneNumbersInText, isSupportedCountry, type CountryCode } from 'libphonenumber-js/max'
import { getPublicSuffix, parse as parseHost } from 'tldts'
import type { Rectangle } from './card-image.ts'
import { withAccents, withoutMarks, wordsOf, type OcrBlock, type OcrWord } from './ocr-accents.ts'
import { DOUBTFUL_DIGITS, LOW_CONFIDENCE } from './ocr-confidence.ts'
import { withSurerDigits } from './ocr-digits.ts'
import { withLostDots, type FullStopCheck } from './ocr-lost-dots.ts'
import { linesWithAt, withLinesReadAgain, withRowReadAs } from './ocr-read-again.ts'

export { CARD_OCR_LANGUAGES } from './ocr-accents.ts'

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

/** What a paper business card says about a person, as read from its text; '' where it is silent. */
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

export type CardField = keyof BusinessCard
/** A word as OCR read it, with Tesseract's confidence in it (0 to 100). */
export type CardWord = { text: string; confidence: number }
/** What the parser made of a card: the fields, the ones to check, and the values it would not guess. */
export type CardReading = {
  card: BusinessCard
  /** Fields read from words OCR was unsure of, or repaired from a misreading: the user checks them. */
  unsure: CardField[]
  /** Fields left empty because what the card seemed to say did not validate: the line it was on. */
  unread: Partial<Record<CardField, string>>
}

/** Below this mean confidence of its words, a line is too garbled to fill a company or title. */
const GARBLED = 40
/** A word of the name read at least this surely may judge, and put right, the email and profile. */
const SURE_NAME = 60
/** An address or profile read at least this surely is taken as printed, not put right by the name. */
const SURE_NAME_FORM = 90

type Line = { text: string; words: CardWord[] }

/**
 * A LinkedIn profile, with what OCR makes of its 'l' ('finkedin', 'tinkedin') and of '.com/in/'
 * ('com/irv', 'conVin/', 'com/in‘').
 */
const LINKEDIN =
  /(?:https?:\/\/)?(?:[\w-]+\.)?[lIJ1|ft]inked\s?in\s?[.,]?\s?co[mn]\s?(?:\/\s?in\s?[/‘’']|\/?vin\/|\/irv)\s?((?:[\w%]|-\s?)+)/i
// OCR reads the spaces around '@' and '.' loosely ('ada @ acme. example'), so they are allowed.
const EMAIL = /[\w.+-]+\s?@\s?[\w-]+(?:\s?\.\s?[\w-]+)*/
/** A line that is an email address but for its '@'. */
const ADDRESS_SHAPED = /^[\w.+-]+\.[a-z]{2,}$/i
const WEB = /^(?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+(?:\/[\w./%#?=&-]*)?$/i
/** Words before a value that say what it is: 'M:', 'Tel.', 'Email', 'Web:'. */
const LABEL =
  /^(?:(?:e-?mail|mail|tel(?:ephone)?|phone|ph|mobile|mob|cell|fax|office|direct|web(?:site)?|url|linkedin|[mtefwp])\s?[:.|]\s*|(?:e-?mail|tel|phone|mobile|cell|web)\s+)/i
const EMAIL_LABEL = /^(?:e-?mail|mail|e)\b/i
const WEB_LABEL = /^(?:web(?:site)?|url|w)\b/i
const MOBILE_LABEL = /^(?:mobile|mob|cell|m)\b/i
const FAX_LABEL = /^fax\b|\bfax\s?[:.]/i

/**
 * Words that often make a job title, in the languages cards come in. A hint that ranks a line as the
 * title, never a gate: the title is the line by the name that is nothing else.
 */
const TITLE_WORDS =
  /(?:^|[\s(/&-])(?:ceo|cto|cfo|coo|cmo|cio|vp|svp|evp|founder|co-founder|cofounder|chief|president|director|directora?|directrice|direktor(?:in)?|manager(?:in)?|head|lead|engineer|ingeniera?|ingénieure?|ingenieur(?:in)?|developer|entwickler(?:in)?|designer(?:in)?|architect|architekt(?:in)?|consultant|berater(?:in)?|partner(?:in)?|analyst|officer|specialist|coordinator|associate|advisor|adviser|scientist|researcher|professor(?:in)?|owner|inhaber(?:in)?|principal|executive|representative|strategist|editor|producer|attorney|counsel|lawyer|solicitor|barrister|notary|notaire|avocate?|abogad[oa]|avvocato|anwalt|anwältin|rechtsanwalt|rechtsanwältin|steuerberater(?:in)?|geschäftsführer(?:in)?|leiter(?:in)?|projektleiter(?:in)?|accountant|recruiter|administrator|assistant|intern|nurse|doctor|physician|surgeon|cardiologist|dentist|therapist|physiotherapist|veterinarian|pharmacist|chair|secretary|treasurer|investor|marketing|sales|product|operations|engineering|research|chef|sommelier|sommelière|winemaker|barista|illustrator|photographer|copywriter|writer|journalist|teacher|lecturer|curator|agent|broker|planner|technician|responsable|gérante?|chargée?|commercial|luthier|florist|gardener|artist|musician|coach|trainer)(?=$|[\s,)/&-])/iu
/** Endings of job words in several languages ('Illustrator', 'Cardiologist', 'Directrice'): a hint. */
const TITLE_ENDINGS = /\p{L}{3}(?:ist|ician|tor|eur|euse|rice|ier|ière|erin)(?=$|[\s,)/&-])/iu
/** Words that end a company's legal name. */
const LEGAL_FORMS =
  /(?<!\p{L})(?:inc|ltd|llc|llp|gmbh|ag|kg|sa|sas|sarl|srl|spa|bv|nv|plc|pty|corp|corporation|oy|ab|as|kk)(?!\p{L})\.?/iu
const COMPANY_WORDS =
  /(?:^|[\s&])(?:company|co|group|labs?|studios?|studio|atelier|kanzlei|bodega|technologies|technology|tech|systems|solutions|partners|consulting|agency|bank|capital|ventures|holdings|industries|international|foundation|institute|university|college|hospital|clinic|klinik|media|software|networks|analytics|logistics|foods|health|energy|robotics|design|designs|works|associates|law|legal|department|city|council|ministry|office|&)(?=$|[\s,.])/i
const ADDRESS_WORDS =
  /(?<!\p{L})(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|suite|ste|floor|fl|way|square|sq|place|pl|court|ct|straße|strasse|str|weg|platz|allee|gasse|rue|via|calle|avenida|laan|gracht|straat|po box)(?!\p{L})\.?/iu
/** Lowercase words inside a family name: 'van der Berg', 'da Silva'. */
const NAME_PARTICLES = new Set(
  'van von der den de da das di del della la le du dos do bin binti al el ten ter zu af y'.split(
    ' ',
  ),
)
/** Words before or after a name that are not part of it: 'Dr. Rajesh Patel', 'Zoë O’Brien PhD'. */
const NAME_PREFIX = /^(?:dr|prof|mr|mrs|ms|mx|mag|ing|dipl\.?-ing|sir|dame|rev)\.?$/i
const NAME_SUFFIX =
  /^(?:ph\.?\s?d|m\.?d|mba|msc|bsc|ma|ba|jr|sr|ii|iii|iv|esq|cpa|rn|dds|frcs|mrcp|llm)\.?$/i
const NAME_PART = String.raw`(?:Mc|Mac)?\p{Lu}\p{Ll}*`
const NAME_WORD = new RegExp(
  String.raw`^(?:(?:[dDlL]['’])?${NAME_PART}(?:[-'’]${NAME_PART})*|\p{Lu}[\p{Lu}'’-]*\p{Lu}|\p{Lu}\.)$`,
  'u',
)
/** Separators between two values printed on one line: 'T +1 415 555 0132 | chidi@ledger.example'. */
const SEPARATOR = /^[|·•–—/]+$/

/** Tesseract's lines: its words, a line split where a wide gap parts two columns. */
export function ocrLines(blocks: OcrBlock[]): CardWord[][] {
  const lines: CardWord[][] = []
  for (const line of blocks.flatMap((block) => block.paragraphs.flatMap((p) => p.lines))) {
    const height = Math.max(1, ...line.words.map((word) => word.bbox.y1 - word.bbox.y0))
    let current: CardWord[] = []
    line.words.forEach((word, index) => {
      const before = line.words[index - 1]
      if (before && word.bbox.x0 - before.bbox.x1 > height * 2) {
        lines.push(current)
        current = []
      }
      current.push({ text: word.text, confidence: word.confidence })
    })
    lines.push(current)
  }
  return lines
}

/** What tesseract.js answers for a recognised image, when asked for its text and blocks. */
type OcrData = { text: string; blocks: OcrBlock[] | null }

/**
 * What tesseract.js read, as the scanner shows it: the parsed card, or null when OCR found no word
 * ('No text found'). Shared by the scanner and the accuracy tests, so both judge the same thing.
 * `accented` is the same image read by CARD_OCR_LANGUAGES.accented, which lends words their accents.
 */
export function readingOfOcr(
  plain: OcrData,
  options: { country?: string; accented?: OcrData } = {},
): CardReading | null {
  const { country, accented } = options
  const secondReading = accented?.blocks ?? []
  const lines = plain.blocks
    ? ocrLines(withSurerDigits(withAccents(plain.blocks, secondReading), secondReading))
    : textLines(plain.text)
  const reading = readBusinessCard(lines, country ? { country } : {})
  const isEmpty =
    Object.values(reading.card).every((value) => value === '') &&
    Object.keys(reading.unread).length === 0
  return isEmpty ? null : reading
}

/** What tesseract.js read of the prepared card, or of a part of it, with each traineddata. */
export type CardOcr = { plain: OcrData; accented: OcrData }

/** A word read at least this surely counts as read when looking for print a reading left. */
const READ_WORD = 50

/** What the scanner asks of the prepared card's pixels (card-image.ts) while it reads a card. */
export type CardPrint = {
  /** The blocks of print a reading left partly unread, from the boxes of the words it read. */
  unreadBlocks: (read: OcrWord['bbox'][]) => Rectangle[] | Promise<Rectangle[]>
  hasFullStop: FullStopCheck
}

/**
 * The card read whole, then each block of print that reading left partly unread read again alone,
 * its lines merged in. An email the parser would not fill is looked at once more for full stops OCR
 * dropped (ocr-lost-dots.ts); an email still missing is taken from another reading of its row (the
 * other traineddata's, or its block's read alone) where the parser fills it and the name spells it
 * (emailTheNameSpells), shown for checking. Shared by the scanner and the accuracy test, so both
 * read a card the same way.
 */
export async function readingOfCard(
  read: (rectangle?: Rectangle) => Promise<CardOcr>,
  print: CardPrint,
  country?: string,
): Promise<CardReading | null> {
  let { plain, accented } = await read()
  const addressesElsewhere = linesWithAt(accented.blocks ?? [])
  if (plain.blocks) {
    const boxes = wordsOf(plain.blocks)
      .filter((word) => word.confidence >= READ_WORD)
      .map((word) => word.bbox)
    for (const rectangle of await print.unreadBlocks(boxes)) {
      const again = await read(rectangle)
      addressesElsewhere.push(
        ...linesWithAt(again.plain.blocks ?? []),
        ...linesWithAt(again.accented.blocks ?? []),
      )
      plain = { ...plain, blocks: withLinesReadAgain(plain.blocks ?? [], again.plain.blocks ?? []) }
      accented = {
        ...accented,
        blocks: withLinesReadAgain(accented.blocks ?? [], again.accented.blocks ?? []),
      }
    }
  }
  let reading = readingOfOcr(plain, { country, accented })
  if (reading?.unread.email && plain.blocks) {
    const dotted = await withLostDots(plain.blocks, print.hasFullStop)
    if (dotted !== plain.blocks)
      reading = readingOfOcr({ ...plain, blocks: dotted }, { country, accented })
  }
  if (!reading || reading.card.email || !plain.blocks) return reading
  const blocks = plain.blocks
  const others = addressesElsewhere.flatMap((line) => {
    const other = readingOfOcr(
      { ...plain, blocks: withRowReadAs(blocks, line) },
      { country, accented },
    )
    return other?.card.email ? [other] : []
  })
  const email = emailTheNameSpells(
    others.map((other) => other.card.email),
    reading.card,
  )
  const chosen = others.find((other) => other.card.email === email)
  if (!chosen) return reading
  const unsure = chosen.unsure.includes('email')
    ? chosen.unsure
    : [...chosen.unsure, 'email' as const]
  return { ...chosen, unsure }
}

/**
 * Of the addresses other readings of a card give, the one whose local part the card's name spells
 * best, by its words and by the initials of its first name ('jl' for Jean-Luc); none when two
 * different addresses spell it as well.
 */
function emailTheNameSpells(
  emails: string[],
  { firstName, lastName }: Pick<BusinessCard, 'firstName' | 'lastName'>,
): string | null {
  const words = `${firstName} ${lastName}`.split(/[\s-]+/)
  const initials = confusable(
    firstName
      .split(/[\s-]+/)
      .map((word) => word.charAt(0))
      .join(''),
  )
  const spelled = (email: string) =>
    emailLikeness(words, email) +
    (initials !== '' && confusable(email.split(/[@._-]/)[0] ?? '') === initials ? 1 : 0)
  const best = Math.max(0, ...emails.map(spelled))
  const top = new Set(emails.filter((email) => spelled(email) === best))
  const [only] = top
  return best > 0 && top.size === 1 && only ? only : null
}

/** The exact text of a card as lines of words read with full confidence; a wide gap parts columns. */
export function textLines(text: string): CardWord[][] {
  return text
    .split(/\r?\n|\s{3,}|\t+/)
    .map((line) => line.split(' ').filter(Boolean))
    .map((words) => words.map((word) => ({ text: word, confidence: 100 })))
}

/** RFC 2606 reserves .example and .test for documentation and tests (the test cards use them). */
const RESERVED_SUFFIXES = new Set(['example', 'test'])
const isSuffix = (suffix: string) =>
  RESERVED_SUFFIXES.has(suffix) || parseHost(`x.${suffix}`).isIcann === true

/** Whether a host name ends in a public suffix (tldts) with a name before it: not 'acmeexample'. */
function isRegistrable(host: string): boolean {
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(host) || /(?:^|\.)-|-(?:\.|$)/.test(host)) return false
  const parsed = parseHost(host)
  return Boolean(parsed.domainWithoutSuffix) && isSuffix(parsed.publicSuffix ?? '')
}

/** The host a dot OCR dropped would give: 'harbourlight.co.uk' for 'harbourlightco.uk'. */
function withDroppedDot(host: string): string | null {
  const parsed = parseHost(host)
  const name = parsed.domainWithoutSuffix ?? ''
  for (const length of [2, 3]) {
    const piece = name.slice(-length)
    if (
      name.length - length >= 3 &&
      getPublicSuffix(`x.${piece}.${parsed.publicSuffix}`) === `${piece}.${parsed.publicSuffix}`
    )
      return `${parsed.subdomain ? `${parsed.subdomain}.` : ''}${name.slice(0, -length)}.${piece}.${parsed.publicSuffix}`
  }
  return null
}

/** Whether a '0' or '1' sits inside letters, as OCR reads an 'o' or an 'l': 'mueller-s0ehne'. */
const hasDigitInWord = (text: string) => /[a-z][01][a-z]|[a-z][01]\b|\b[01][a-z]/i.test(text)

/** Text with the letters OCR confuses made one: 'rn' and 'm', '1' and 'l', '0' and 'o'. */
const confusable = (text: string) =>
  lettersOf(text).replace(/rn/g, 'm').replace(/[1|]/g, 'l').replace(/0/g, 'o').replace(/vv/g, 'w')

/** Lowercase ASCII letters and digits only: 'zoe' for 'Zoë'. */
function lettersOf(text: string): string {
  return withoutMarks(text)
    .toLowerCase()
    .replace(/[^a-z0-9|]/g, '')
}

/** Text OCR makes of a line: single spaces, no stray edge punctuation, no lost dot before a suffix. */
function tidy(line: string): string {
  return (
    line
      // '@' read as '©' or '®' inside an address; '+' read as '«' before a number; 'www' read with a 'v'.
      .replace(/«(?=\s?\d)/g, '+')
      .replace(/\b[vwa]{3,4}\.(?=[a-z0-9-]+\.)/gi, (www) =>
        /^(?:vww|wvw|wwv|vvw|vwv|wvv|vavw|wvaw|vawv|wavw|vvaw|vaww|wvav)\.$/i.test(www)
          ? 'www.'
          : www,
      )
      .replace(/(?<=[\w.])\s?[©®]\s?(?=\w)/g, '@')
      .replace(/\bwww(?:\. | |, ?|(?=[a-z0-9][\w-]*\.))/gi, 'www.')
      // A space read after a hyphen inside a host: 'www.starfleet- logistics'.
      .replace(/(?<=(?:www\.|@)[\w.-]*\w-) (?=[a-z0-9])/gi, '')
      .replace(
        /(?<=[@.][\w-]+)(?: |\. |, ?)([a-z]{2,})(?=$|\/|\.[a-z]{2}$| [a-z]{2}$)/g,
        (whole, word: string) => (isSuffix(word) ? `.${word}` : whole),
      )
      .replace(/(?<=[@.][\w-]+\.[a-z]{2,}) ([a-z]{2})$/, (whole, word: string) =>
        isSuffix(word) ? `.${word}` : whole,
      )
      // A line that is only 'first last@domain': the dot between the names read as a space.
      .replace(/^([a-z][\w-]*) ([a-z][\w.-]*@\S+)$/, '$1.$2')
      .replace(/[|«»©®™•·]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s\-–—_:;,.'"`~*]+|[\s\-–—_:;,'"`~*]+$/g, '')
  )
}

const withoutSpaces = (text: string) => text.replace(/\s+/g, '')

function isAllCaps(text: string) {
  return /\p{Lu}/u.test(text) && text === text.toUpperCase()
}

function capitalised(word: string): string {
  return word
    .toLowerCase()
    .replace(
      /(^|[-'’])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/^Mc(\p{L})/u, (_, letter: string) => `Mc${letter.toUpperCase()}`)
}

/** A line split into a name and what is printed beside it ('Ada Lovelace, Solicitor'), or null. */
function nameOf(printed: string): { words: string[]; beside: string } | null {
  // An 'O' before an apostrophe that OCR read as a zero: 0'Brien.
  const line = printed.replace(/(^|\s)0(?=['’]\p{Lu})/gu, '$1O')
  if (/[\d@/:]/.test(line) || LEGAL_FORMS.test(line)) return null
  const [namePart = '', ...rest] = line.split(/\s?,\s?|\s[-–—]\s/)
  const beside = rest.filter((part) => !NAME_SUFFIX.test(part.replace(/\s/g, ''))).join(', ')
  const words = namePart.split(' ')
  while (words.length > 0 && NAME_PREFIX.test(words[0] ?? '')) words.shift()
  while (words.length > 0 && NAME_SUFFIX.test(words.at(-1) ?? '')) words.pop()
  if (words.length < 2 || words.length > 5) return null
  if (TITLE_WORDS.test(namePart) || COMPANY_WORDS.test(namePart)) return null
  const isName = words.every(
    (word) => NAME_WORD.test(word) || NAME_PARTICLES.has(word.toLowerCase()),
  )
  return isName && !NAME_PARTICLES.has(words.at(-1)?.toLowerCase() ?? '') ? { words, beside } : null
}

/** The first letters of a name's parts: 'jl' for Jean-Luc. */
const initials = (word: string) =>
  word
    .split(/[-\s]/)
    .map((part) => lettersOf(part).slice(0, 1))
    .join('')

function splitName(words: string[]): Pick<BusinessCard, 'firstName' | 'lastName'> {
  const proper = words.map((word, index) =>
    NAME_PARTICLES.has(word.toLowerCase()) && index > 0
      ? word.toLowerCase()
      : isAllCaps(word) && word.replace(/\W/g, '').length > 1
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

/** How much a name shares with an email's local part ('ada.lovelace' and 'Ada Lovelace'). */
function emailLikeness(words: string[], email: string): number {
  const local = confusable(email.split('@')[0] ?? '')
  return words.filter((word) => word.length > 1 && local.includes(confusable(word))).length
}

/** The name of a domain without its suffix: 'acme' for www.acme.example or mail.acme.co.uk. */
function domainName(host: string): string {
  const generic = new Set([
    'gmail',
    'googlemail',
    'outlook',
    'hotmail',
    'yahoo',
    'icloud',
    'proton',
    'mail',
    'gmx',
    'web',
  ])
  const name = parseHost(host).domainWithoutSuffix ?? ''
  return generic.has(name) ? '' : name
}

const hostOf = (website: string) =>
  website
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .split('/')[0]
    ?.toLowerCase() ?? ''

/** Whether every letter of `part` is in `whole`, in order. */
function isSubsequence(part: string, whole: string): boolean {
  let at = 0
  for (const letter of whole) if (letter === part[at]) at++
  return at === part.length
}

/** How many letters must be added, dropped or changed to make one word the other (Levenshtein). */
function lettersApart(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length] ?? 0
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

/** Whether two hosts are one host as OCR may misread it: a confused letter, a lost '.uk', an extra 'e'. */
function isMisreadOf(a: string, b: string): boolean {
  if (a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)) return false
  const one = parseHost(a)
  const other = parseHost(b)
  return (
    confusable(a) === confusable(b) ||
    lettersOf(a) === lettersOf(b) ||
    isOneLetterOff(a, b) ||
    (one.domainWithoutSuffix === other.domainWithoutSuffix &&
      (`${one.publicSuffix}.`.startsWith(`${other.publicSuffix}.`) ||
        `${other.publicSuffix}.`.startsWith(`${one.publicSuffix}.`)))
  )
}

/** The profile's name in a LinkedIn address: 'ada-lovelace'; '' for none. */
const profileOf = (linkedin: string) => linkedin.split('/in/')[1] ?? ''

/**
 * The word OCR parted from an email's local part by reading its dot as a space ('rahul mehta@',
 * 'rahul. mehta@'): the word just before the address when a dot still follows it, or when it and the
 * local part are two words of a name on the card or of the card's LinkedIn profile ('lukasz-wojcik'
 * where OCR misread the name's 'Ł'); '' when no word is lost; null when a word sits there that
 * nothing explains, so the address may have lost it and is not guessed.
 */
function lostLocalWord(
  before: string,
  local: string,
  lines: Line[],
  profile: string,
): string | null {
  // Any word: one OCR bent (a backslash read for the 'l' of 'lukasz') the address may have lost too.
  const [, word, dot] =
    /(?:^|\s)(\S*?\p{L}[\p{L}'-]*)(\.?) $/u.exec(before.replace(LABEL, '')) ?? []
  if (!word || local.includes('.') || LABEL.test(`${word} `)) return ''
  // A backslash before a letter is an 'l' OCR leaned: '\ukasz' for 'lukasz'.
  const read = word.replace(/\\(?=\p{Ll})/gu, 'l')
  const profileWords = profile.split('-').map(confusable)
  const named = (letters: string) =>
    profileWords.includes(letters) ||
    lines.some((line) => {
      const parts = (nameOf(line.text)?.words ?? []).flatMap((name) => [name, ...name.split('-')])
      return parts.some((part) => confusable(part) === letters)
    })
  if (/^[a-z'-]+$/i.test(read) && (dot || (named(confusable(read)) && named(confusable(local)))))
    return read.toLowerCase()
  return word.length > 2 ? null : ''
}

function findPhone(
  lines: Line[],
  defaultCountry: CountryCode | undefined,
): { phone: string; index: number } | { unread: number } | null {
  const candidates: { phone: string; index: number; isMobile: boolean }[] = []
  let unread = -1
  lines.forEach((line, index) => {
    if (FAX_LABEL.test(line.text)) return
    // OCR reads 0 as O and 1 as l inside numbers.
    const digits = line.text
      .replace(EMAIL, ' ')
      .replace(LINKEDIN, ' ')
      .replace(/(?:[+(\d]|[Oo](?=\d))[\dOoIl|\s().-]{5,}/g, (run) =>
        run.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1'),
      )
    const valid = (text: string) =>
      findPhoneNumbersInText(text, { defaultCountry }).filter(({ number }) => number.isValid())
    // '+' read as '4' before an international number too long to be dialled as it is.
    const found = valid(digits).length
      ? valid(digits)
      : valid(digits.replace(/(?<![\d+])4(?=\d{10,12}(?!\d))/, '+'))
    // A group of digits past the number's start that OCR was unsure of may be one digit misread
    // into another valid number ('57' for '56'): Tesseract is often unsure of a line's first
    // words (the '+' and the country code), rarely of the rest when it read it right.
    const groups = line.words.filter((word) => /\d/.test(word.text))
    const isDoubtful = groups.slice(2).some((word) => word.confidence < DOUBTFUL_DIGITS)
    if (isDoubtful && found.length > 0) {
      if (unread === -1) unread = index
      return
    }
    for (const { number } of found)
      candidates.push({
        phone: number.formatInternational(),
        index,
        isMobile: MOBILE_LABEL.test(line.text),
      })
    // A number, labelled or long, that is no valid number where it is dialled: shown, not guessed.
    const looksLikePhone =
      /^(?:tel|phone|ph|mobile|mob|cell|office|direct|[tmp])\b/i.test(line.text) ||
      /^\+?[\d\s().-]{8,}$/.test(digits.replace(LABEL, ''))
    if (found.length === 0 && looksLikePhone && /\d{2}/.test(digits) && unread === -1)
      unread = index
  })
  const best = candidates.find((candidate) => candidate.isMobile) ?? candidates[0]
  if (best) return best
  return unread === -1 ? null : { unread }
}

/**
 * Reads the lines OCR made of a business card (its words and Tesseract's confidence in each): the
 * email, website and LinkedIn profile by their shapes, checked against each other, the public suffix
 * list (tldts) and the letters OCR confuses; the phone by libphonenumber-js, valid for its region (a
 * mobile first where the card labels one); the name by its shape and the email's local part, the
 * company by the domain, the title by its place beside or under the name. A value that does not
 * validate is left empty, its line offered in `unread`; a value read from words OCR was unsure of,
 * or repaired, is listed in `unsure`. `country` (ISO 3166, e.g. the user's locale's region) reads
 * numbers printed without a country code; one libphonenumber-js does not know is ignored.
 */
export function readBusinessCard(
  input: CardWord[][],
  { country }: { country?: string } = {},
): CardReading {
  const defaultCountry = country && isSupportedCountry(country) ? country : undefined
  const lines: Line[] = input
    .flatMap((words) => {
      // Values printed on one line between separators are read apart.
      const parts: CardWord[][] = [[]]
      for (const word of words)
        if (SEPARATOR.test(word.text)) parts.push([])
        else parts.at(-1)?.push(word)
      return parts
    })
    .map((words) => ({ words, text: tidy(words.map((word) => word.text).join(' ')) }))
    .filter((line) => line.text.length > 1)
  const card: BusinessCard = { ...EMPTY_CARD }
  const unsure = new Set<CardField>()
  const unread: CardReading['unread'] = {}
  const source: Partial<Record<CardField, number>> = {}
  const used = new Set<number>()
  const set = (field: CardField, value: string, index: number) => {
    card[field] = value
    source[field] = index
    used.add(index)
  }
  const leaveUnread = (field: CardField, index: number) => {
    unread[field] ??= lines[index]?.text ?? ''
    used.add(index)
  }
  const otherLetters = (except: number) =>
    lines
      .filter((_, index) => index !== except && !used.has(index))
      .map((line) => confusable(line.text))
  const names = () =>
    lines.flatMap((line, index) => (used.has(index) ? [] : [nameOf(line.text)?.words ?? []]))

  lines.forEach((line, index) => {
    const linkedin = LINKEDIN.exec(line.text)
    if (linkedin && !card.linkedin)
      set('linkedin', `https://www.linkedin.com/in/${withoutSpaces(linkedin[1] ?? '')}`, index)
  })

  let email = { local: '', host: '', index: -1 }
  lines.forEach((line, index) => {
    const found = used.has(index) ? null : EMAIL.exec(line.text)
    if (found && email.index === -1) {
      const [local = '', host = ''] = withoutSpaces(found[0]).toLowerCase().split('@')
      const lost = lostLocalWord(
        line.text.slice(0, found.index),
        local,
        lines,
        profileOf(card.linkedin),
      )
      if (lost === null) {
        leaveUnread('email', index)
        return
      }
      email = { local: lost ? `${lost}.${local}` : local, host, index }
      if (lost) unsure.add('email')
      used.add(index)
    }
  })

  const sites = lines.flatMap((line, index) => {
    if (used.has(index) || line.text.includes('@')) return []
    const value = line.text.replace(LABEL, '')
    const isLabelled = WEB_LABEL.test(line.text) && value !== line.text
    const candidate = value.split(' ').find((word) => WEB.test(word) && /[a-z]{2}/.test(word)) ?? ''
    const isWebShaped = /^(?:www\.|https?:)/i.test(candidate) || isLabelled
    if (!candidate || (!isWebShaped && value.split(' ').length > 2)) return []
    // 'finkedin.com/': a LinkedIn address OCR bent too far to read the profile, not a website.
    if (isOneLetterOff(lettersOf(domainName(hostOf(candidate))), 'linkedin')) return []
    return [{ index, value: candidate.toLowerCase().replace(/\/$/, ''), isWebShaped }]
  })

  // '@' read as 'e', 'a', 'd' or '©': a line that is an address but for its '@' (and perhaps the dot
  // before its suffix, read as a space). The split that the name, the website or the company confirms
  // is taken; with none or several, nothing is guessed.
  if (email.index === -1) {
    for (const line of lines) {
      const index = lines.indexOf(line)
      const value = line.text
        .replace(LABEL, '')
        .replace(/ ([a-z]{2,})$/, (whole, suffix: string) =>
          isSuffix(suffix) ? `.${suffix}` : whole,
        )
      if (used.has(index) || /^(?:www\.|https?:)/i.test(value) || !ADDRESS_SHAPED.test(value))
        continue
      const websiteHosts = sites
        .filter((site) => site.index !== index)
        .map((site) => hostOf(site.value))
      const personWords = names()
        .flat()
        .map(confusable)
        .filter((word) => word.length > 1)
      const others = otherLetters(index)
      const splits = [...value.toLowerCase().matchAll(/[ead]/g)].flatMap((match) => {
        const local = value.slice(0, match.index).toLowerCase()
        const host = value.slice(match.index + 1).toLowerCase()
        if (!/^[a-z0-9][\w.+-]*[a-z0-9]$/.test(local) || !isRegistrable(host)) return []
        const label = confusable(domainName(host))
        const evidence =
          (websiteHosts.includes(host) ? 2 : 0) +
          (label.length > 2 && others.some((text) => text === label || text.startsWith(label))
            ? 1
            : 0) +
          (local.split(/[._-]/).some((part) => personWords.includes(confusable(part))) ? 1 : 0)
        return evidence > 0 ? [{ local, host, evidence }] : []
      })
      const best = Math.max(0, ...splits.map((split) => split.evidence))
      const top = splits.filter((split) => split.evidence === best)
      const [only] = top
      if (only && top.length === 1) {
        email = { local: only.local, host: only.host, index }
        used.add(index)
        unsure.add('email')
        break
      }
      if (EMAIL_LABEL.test(line.text) && value !== line.text) {
        leaveUnread('email', index)
        break
      }
    }
  }

  const site = sites.find((candidate) => !used.has(candidate.index))
  let website = ''
  if (site) {
    const host = hostOf(site.value)
    if (isRegistrable(host)) {
      website = site.value
      set('website', website, site.index)
    } else if (
      email.host &&
      confusable(email.host) === confusable(host) &&
      isRegistrable(email.host)
    ) {
      website = site.value.replace(host, email.host)
      set('website', website, site.index)
      unsure.add('website')
    } else if (site.isWebShaped) leaveUnread('website', site.index)
  } else if (email.host) {
    // A website whose dots OCR lost or spaced ('wwwacmeexample', 'acme example'), spelled like the
    // email's domain.
    const index = lines.findIndex(
      (line, at) =>
        !used.has(at) &&
        /^[a-z0-9 ._-]+$/.test(line.text) &&
        lettersOf(line.text).replace(/^www/, '') === lettersOf(email.host),
    )
    if (index !== -1 && isRegistrable(email.host)) {
      const www = lines[index]?.text.startsWith('www') && !email.host.startsWith('www')
      website = `${www ? 'www.' : ''}${email.host}`
      set('website', website, index)
      unsure.add('website')
    }
  }

  const phone = findPhone(lines, defaultCountry)
  if (phone && 'phone' in phone) set('phone', phone.phone, phone.index)
  else if (phone) leaveUnread('phone', phone.unread)
  lines.forEach((line, index) => {
    if (/\d{3}/.test(line.text) && !/\p{L}{4}/u.test(line.text.replace(LABEL, ''))) used.add(index)
  })

  // The company's line usually spells the domain ('ACME Robotics' for acme.example).
  const isAddress = (line: string) => ADDRESS_WORDS.test(line) && /\d/.test(line)
  const freeIndex = (test: (line: string) => boolean) =>
    lines.findIndex((line, index) => !used.has(index) && !isAddress(line.text) && test(line.text))
  const label = confusable(domainName(email.host) || domainName(hostOf(website)))
  const spellsDomain = (line: string) => !/[@\d]/.test(line) && confusable(line).includes(label)
  const byDomain =
    label.length < 3
      ? -1
      : ([freeIndex((line) => spellsDomain(line) && !nameOf(line)), freeIndex(spellsDomain)].find(
          (index) => index !== -1,
        ) ?? -1)
  if (byDomain !== -1) used.add(byDomain)

  // Name: the name-shaped line most like the email; the first one on the card otherwise.
  const name = lines
    .map((line, index) => ({ index, found: used.has(index) ? null : nameOf(line.text) }))
    .flatMap(({ index, found }) =>
      found ? [{ index, ...found, likeness: emailLikeness(found.words, email.local) }] : [],
    )
    .sort((a, b) => b.likeness - a.likeness || a.index - b.index)[0]
  if (name) {
    const { firstName, lastName } = splitName(name.words)
    set('firstName', firstName, name.index)
    set('lastName', lastName, name.index)
  }

  // A part of an email or a profile a letter or two off a word of the name ('obnen' for O'Brien,
  // 'priva' for Priya) is that word misread, not another spelling. Only the name's words OCR was
  // sure of judge it ('Grol' read at 14% says nothing of 'j.gross@'), and it is put right only
  // where OCR was surer of the name than of the address: shown for checking, never guessed blind.
  const confidenceOf = (index: number | undefined, letters: string) => {
    const words = lines[index ?? -1]?.words ?? []
    const own = words.filter((word) => {
      const text = lettersOf(word.text)
      return text !== '' && (letters.includes(text) || text.includes(letters))
    })
    return Math.min(100, ...(own.length > 0 ? own : words).map((word) => word.confidence))
  }
  const sureWords = (name?.words ?? [])
    .map((word) => ({ word, confidence: confidenceOf(name?.index, lettersOf(word)) }))
    .filter(({ confidence }) => confidence >= SURE_NAME)
  const sureNameWords = sureWords.map(({ word }) => lettersOf(word))
  const nameWords = sureWords.flatMap(({ word }) => word.split('-')).map(lettersOf)
  const nameConfidence = Math.min(100, ...sureWords.map(({ confidence }) => confidence))
  const misspellsName = (part: string) =>
    part.length > 3 &&
    nameWords.some(
      (word) =>
        word !== part &&
        ((word[0] === part[0] &&
          Math.abs(word.length - part.length) <= 1 &&
          lettersApart(word, part) <= 2) ||
          // A letter OCR added before it ('femma' for Emma) or lost ('ukasz' for Łukasz).
          (part.length === word.length + 1 && part.endsWith(word)) ||
          (word.length === part.length + 1 && word.endsWith(part))),
    )
  /** The form of the name a misread part spells, when only one is near it and OCR was surer of the name. */
  const nameFormOf = (part: string, confidence: number, forms: string[]) => {
    if (part.length < 4 || confidence >= Math.min(SURE_NAME_FORM, nameConfidence - 5)) return null
    const near = [...new Set(forms)]
      .filter(
        (form) => form !== part && form[0] === part[0] && Math.abs(form.length - part.length) <= 1,
      )
      .map((form) => ({ form, apart: lettersApart(form, part) }))
      .filter(({ form, apart }) => apart <= (Math.max(form.length, part.length) >= 6 ? 2 : 1))
    const nearest = Math.min(...near.map(({ apart }) => apart))
    const best = near.filter(({ apart }) => apart === nearest)
    return best.length === 1 ? (best[0]?.form ?? null) : null
  }
  const profile = profileOf(card.linkedin)
  if (profile.split('-').some(misspellsName)) {
    const profileConfidence = confidenceOf(source.linkedin, lettersOf(profile))
    const parts = profile
      .split('-')
      .map((part) => (misspellsName(part) ? nameFormOf(part, profileConfidence, nameWords) : part))
    if (parts.every((part) => part !== null)) {
      card.linkedin = `https://www.linkedin.com/in/${parts.join('-')}`
      unsure.add('linkedin')
    } else {
      leaveUnread('linkedin', source.linkedin ?? -1)
      card.linkedin = ''
    }
  }

  // A profile OCR was unsure of that no name on the card spells: not guessed.
  const profileNow = profileOf(card.linkedin)
  const allNameWords = (name?.words ?? [])
    .flatMap((word) => [word, ...word.split('-')])
    .map(lettersOf)
  if (
    profileNow !== '' &&
    confidenceOf(source.linkedin, lettersOf(profileNow)) < DOUBTFUL_DIGITS &&
    !profileNow.split('-').some((part) => allNameWords.includes(part))
  ) {
    leaveUnread('linkedin', source.linkedin ?? -1)
    card.linkedin = ''
  }

  if (email.index !== -1) {
    const first = lettersOf(name?.words[0] ?? '')
    const last = lettersOf(name?.words.slice(1).join('') ?? '')
    const spellings = [
      first + last,
      first.slice(0, 1) + last,
      last + first,
      last + first.slice(0, 1),
    ]
    const sureFirst = sureNameWords.includes(first)
    const sureLast = name?.words.slice(1).every((word) => sureNameWords.includes(lettersOf(word)))
    const nameForms = [
      ...nameWords,
      ...sureNameWords,
      ...(sureFirst && sureLast ? spellings : sureLast ? [first.slice(0, 1) + last] : []),
    ]
    const emailConfidence = confidenceOf(email.index, lettersOf(email.local))
    // A part of the local part that is the person's name misread ('ada.1ovelace', 'rnateo') takes
    // the name's letters; one with a '0' or '1' inside letters that the name does not explain is
    // a misreading the parser will not guess.
    let isLocalMisread = false
    const local = email.local.replace(/[^._+-]+/g, (part) => {
      const variants = [
        part,
        part.replace(/(?<=[a-z])1|1(?=[a-z])/g, 'l').replace(/(?<=[a-z])0|0(?=[a-z])/g, 'o'),
        part.replace(/rn/g, 'm'),
        part.replace(/m/g, 'rn'),
      ]
      const spelled =
        variants.find(
          (variant) => variant.length > 1 && spellings.some((name) => name.includes(variant)),
        ) ??
        (misspellsName(part) ? nameFormOf(part, emailConfidence, nameForms) : null) ??
        undefined
      if (spelled === undefined && (hasDigitInWord(part) || misspellsName(part)))
        isLocalMisread = true
      return spelled ?? part
    })
    // A dot OCR may have dropped between two parts of the name ('jlpicard' for 'jl.picard'), in an
    // address it was unsure of: which one the card printed is not known.
    const isDotLost =
      emailConfidence < SURE_NAME_FORM &&
      /^[a-z]+$/.test(local) &&
      (name?.words.length ?? 0) >= 2 &&
      [first, ...first.split(/(?=[^a-z])/)].some(
        (start) =>
          start !== '' &&
          (local === start + last ||
            local === initials(name?.words[0] ?? '') + last ||
            local === first.slice(0, 1) + last),
      )
    if (isDotLost) isLocalMisread = true
    if (local !== email.local) unsure.add('email')
    let host = email.host
    const siteHost = hostOf(website)
    if (!isRegistrable(host) && siteHost && lettersOf(host) === lettersOf(siteHost)) {
      host = siteHost
      unsure.add('email')
    }
    const companyLetters = byDomain === -1 ? '' : lettersOf(lines[byDomain]?.text ?? '')
    const spelledByCompany = (candidate: string) =>
      domainName(candidate).length > 2 && companyLetters.includes(lettersOf(domainName(candidate)))
    // Two hosts with the same suffix and names two letters apart ('harbourhght' for 'harbourlight':
    // 'li' read as 'h'), where the company's line spells one of them: the same host misread.
    const isMisreadByCompany = (one: string, other: string) => {
      const [a, b] = [parseHost(one), parseHost(other)]
      return (
        a.publicSuffix === b.publicSuffix &&
        (a.domainWithoutSuffix ?? '').length > 5 &&
        lettersApart(a.domainWithoutSuffix ?? '', b.domainWithoutSuffix ?? '') <= 2 &&
        spelledByCompany(one) !== spelledByCompany(other)
      )
    }
    if (siteHost && (isMisreadOf(host, siteHost) || isMisreadByCompany(host, siteHost))) {
      // The two disagree only where OCR misreads. The right one is the one the company's line
      // spells; else the one with no letters OCR confuses; else the longer suffix ('co' lost its
      // '.uk'); else the website, printed larger.
      const isPlain = (candidate: string) =>
        confusable(candidate) === lettersOf(candidate) && !hasDigitInWord(candidate)
      const pickHost =
        spelledByCompany(host) !== spelledByCompany(siteHost)
          ? spelledByCompany(host)
          : isPlain(host) !== isPlain(siteHost)
            ? isPlain(host)
            : domainName(host) === domainName(siteHost) && host.length > siteHost.length
      if (pickHost) {
        website = website.replace(siteHost, host)
        card.website = website
        unsure.add('website')
      } else {
        host = siteHost
        unsure.add('email')
      }
    }
    // A domain a word on the card spells once OCR's 'i' for 'l' is undone ('nordiicht' beside
    // 'Nordlicht GmbH'), where OCR was surer of that word than of the address and the website:
    // the word's spelling, flagged for checking.
    const ocrKey = (text: string) => confusable(text).replace(/i/g, 'l')
    const hostName = domainName(host)
    const spelledWord = lines
      .flatMap((line, index) =>
        index === email.index || index === source.website ? [] : line.words,
      )
      .find((word) => {
        const letters = lettersOf(word.text)
        return (
          letters.length > 3 &&
          letters !== hostName &&
          /^[a-z]+$/.test(letters) &&
          ocrKey(letters) === ocrKey(hostName) &&
          word.confidence >= LOW_CONFIDENCE &&
          word.confidence > emailConfidence &&
          word.confidence > confidenceOf(source.website, hostName)
        )
      })
    if (spelledWord) {
      const spelled = lettersOf(spelledWord.text)
      if (domainName(hostOf(website)) === hostName) {
        website = website.replace(hostName, spelled)
        card.website = website
        unsure.add('website')
      }
      host = host.replace(hostName, spelled)
      unsure.add('email')
    }
    const confirmed = host === hostOf(website) || spelledByCompany(host)
    const label = domainName(host)
    // Letters of the website's domain with some lost ('pol.network' beside polarnetworks.example):
    // a domain OCR read in part, whatever the company's line says.
    const isPartOfWebsite =
      hostOf(website) !== '' &&
      host !== hostOf(website) &&
      isSubsequence(lettersOf(host), lettersOf(hostOf(website)))
    // A word on another line a letter off the domain's name ('Nordlicht GmbH' beside
    // nordiicht.example, the email and the website misread alike): which is right is not known.
    // So is a line whose letters are a letter off the domain's ('Starfleet Logistics' beside
    // starflect-logistics.example).
    const isNearOtherWord = lines.some(
      (line, index) =>
        index !== email.index &&
        index !== source.website &&
        [...line.text.split(' '), line.text].some((word) => {
          const [letters, name] = [lettersOf(word), lettersOf(label)]
          return letters.length > 3 && letters !== name && isOneLetterOff(letters, name)
        }),
    )
    if (isNearOtherWord && domainName(hostOf(website)) === label) {
      leaveUnread('website', source.website ?? -1)
      card.website = ''
    }
    const isHostMisread =
      isNearOtherWord ||
      isPartOfWebsite ||
      (!confirmed &&
        (hasDigitInWord(host) ||
          withDroppedDot(host) !== null ||
          (companyLetters !== '' &&
            label.length > 2 &&
            confusable(companyLetters).includes(confusable(label)))))
    const isValid =
      /^[a-z0-9](?:[\w.+-]*[a-z0-9])?$/.test(local) && !local.includes('..') && isRegistrable(host)
    // A misread domain the company's line spells once the misreading is undone: 'atelier-lurniere'.
    const repaired = [
      withDroppedDot(host),
      host.replace(/rn/g, 'm'),
      host.replace(/m/g, 'rn'),
      host.replace(/(?<=[a-z])1|1(?=[a-z])/g, 'l').replace(/(?<=[a-z])0|0(?=[a-z])/g, 'o'),
    ].find(
      (candidate) =>
        candidate !== null &&
        candidate !== host &&
        isRegistrable(candidate) &&
        spelledByCompany(candidate),
    )
    if (isValid && !isLocalMisread && !isHostMisread) set('email', `${local}@${host}`, email.index)
    else if (!isLocalMisread && repaired) {
      set('email', `${local}@${repaired}`, email.index)
      unsure.add('email')
    } else leaveUnread('email', email.index)
  }

  // A website the email does not confirm, a letter off a line or word of the card ('greenfleld'
  // beside 'Greenfield Capital', 'liffeyheclth' beside 'Liffey Health'): one of the two is misread,
  // and which is not known.
  const siteName = lettersOf(domainName(hostOf(card.website)))
  if (
    card.website &&
    hostOf(card.website) !== hostOf(card.email.split('@')[1] ?? '') &&
    siteName.length > 3 &&
    lines.some(
      (line, index) =>
        index !== source.website &&
        !line.text.includes('@') &&
        [...line.text.split(' '), line.text].some((word) => {
          const letters = lettersOf(word)
          return letters.length > 3 && letters !== siteName && isOneLetterOff(letters, siteName)
        }),
    )
  ) {
    leaveUnread('website', source.website ?? -1)
    card.website = ''
  }

  // Title: the line beside or under the name that is nothing else; above it on cards that print
  // the name second; the word list only ranks the candidates.
  const titleShaped = (line: string) =>
    !/[@\d/]/.test(line) &&
    !LEGAL_FORMS.test(line) &&
    line.split(' ').length <= 8 &&
    !isAddress(line)
  if (name?.beside && titleShaped(name.beside)) card.title = name.beside
  else {
    const title = lines
      .map((line, index) => {
        if (used.has(index) || !titleShaped(line.text) || index === byDomain)
          return { index, score: 0 }
        const hinted = TITLE_WORDS.test(line.text) || TITLE_ENDINGS.test(line.text)
        const companyLike = COMPANY_WORDS.test(line.text) && !hinted
        const place = !name ? 0 : index === name.index + 1 ? 3 : index === name.index - 1 ? 2 : 0
        return { index, score: companyLike ? 0 : place + (hinted ? 2 : 0) }
      })
      .sort((a, b) => b.score - a.score || a.index - b.index)[0]
    if (title && title.score > 0) set('title', lines[title.index]?.text ?? '', title.index)
  }
  if (name?.beside) source.title = name.index

  const companyIndex = [
    byDomain,
    freeIndex((line) => LEGAL_FORMS.test(line) || COMPANY_WORDS.test(line)),
    freeIndex(
      (line) =>
        !/\d/.test(line) && /\p{L}{2}/u.test(line) && !nameOf(line) && !/^[a-z0-9._-]+$/.test(line),
    ),
  ].find((index) => index !== -1)
  if (companyIndex !== undefined) set('company', lines[companyIndex]?.text ?? '', companyIndex)

  // A company or title read from a line OCR barely made out (its words at under 40% on average,
  // 'a est ea' off a blurred banner) is a guess: offered, not filled.
  for (const field of ['company', 'title'] as const) {
    const words = lines[source[field] ?? -1]?.words ?? []
    const mean = words.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, words.length)
    if (card[field] !== '' && words.length > 0 && mean < GARBLED) {
      unread[field] ??= lines[source[field] ?? -1]?.text ?? ''
      card[field] = ''
    }
  }

  // A field read from a word OCR was unsure of is for the user to check.
  for (const [field, index] of Object.entries(source) as [CardField, number][]) {
    const words = lines[index]?.words ?? []
    const value = lettersOf(card[field])
    const own = words.filter(
      (word) => lettersOf(word.text) !== '' && value.includes(lettersOf(word.text)),
    )
    const confidence = Math.min(...(own.length > 0 ? own : words).map((word) => word.confidence))
    if (confidence < LOW_CONFIDENCE && card[field] !== '') unsure.add(field)
  }
  return {
    card,
    unsure: [...unsure].filter((field) => card[field] !== ''),
    unread: Object.fromEntries(
      Object.entries(unread).filter(([field]) => card[field as CardField] === ''),
    ),
  }
}

/** The fields of a card's exact text (see readBusinessCard). */
export function parseBusinessCard(text: string, options: { country?: string } = {}): BusinessCard {
  return readBusinessCard(textLines(text), options).card
}
