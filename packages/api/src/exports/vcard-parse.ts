// Reads contact files as phones and mail programs write them: vCard 2.1, 3.0 and 4.0, any number of
// cards, quoted-printable values, CHARSET parameters and legacy encodings. One pass over the bytes,
// so any input of the import limit is read in time proportional to its size.

import { decodeByBom, decodeUtf8OrWindows1252, isLinkedinUrl } from './contact-text.ts'

/** The new-person fields a contact card fills in. */
export type ImportedContact = {
  firstName: string
  lastName: string
  email: string
  mobile: string
  company: string
  title: string
  linkedin: string
  website: string
}

/** A contact with every field blank: what a reader fills in. */
export const emptyContact: ImportedContact = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  company: '',
  title: '',
  linkedin: '',
  website: '',
}

type Version = '2.1' | '3.0' | '4.0'

type Property = {
  name: string
  /** Upper-cased TYPE values, including vCard 2.1's bare parameters (TEL;CELL;PREF). */
  types: Set<string>
  params: Map<string, string>
  /** The value's bytes after any quoted-printable decoding, not yet decoded to text. */
  bytes: Uint8Array
}

const LF = 0x0a
const CR = 0x0d
const SPACE = 0x20
const TAB = 0x09
const QUOTE = 0x22
const COLON = 0x3a
const EQUALS = 0x3d

const windows1252 = new TextDecoder('windows-1252')
/** Names and parameters are ASCII; any single-byte decoding reads them. */
const ascii = (bytes: Uint8Array) => windows1252.decode(bytes)

/**
 * The file's physical lines as [start, end) offsets. A line ends at LF, CRLF or a lone CR; iOS
 * writes CR CR LF, which is one line end too.
 */
function* physicalLines(bytes: Uint8Array): Generator<[number, number]> {
  let start = 0
  let i = 0
  while (i < bytes.length) {
    if (bytes[i] === LF || bytes[i] === CR) {
      const end = i
      while (bytes[i] === CR) i++
      if (bytes[i] === LF) i++
      yield [start, end]
      start = i
    } else {
      i++
    }
  }
  if (start < bytes.length) yield [start, bytes.length]
}

/** Where the property's value starts: the first colon outside a quoted parameter value. */
function valueStart(line: Uint8Array): number {
  let isQuoted = false
  for (let i = 0; i < line.length; i++) {
    if (line[i] === QUOTE) isQuoted = !isQuoted
    else if (line[i] === COLON && !isQuoted) return i
  }
  // An unbalanced quote: a colon is still the likeliest end of the name.
  return line.indexOf(COLON)
}

const isQuotedPrintable = (head: string) => /(^|[;=])QUOTED-PRINTABLE(;|$)/i.test(head)

/**
 * Logical lines: folded lines (continued by a space or tab) joined, and quoted-printable values
 * joined across soft line breaks (a line ending in '=').
 */
function* contentLines(bytes: Uint8Array): Generator<Uint8Array> {
  let parts: Uint8Array[] = []
  let isSoftBreak = false
  let isQp = false
  const joined = () => {
    const length = parts.reduce((sum, part) => sum + part.length, 0)
    const line = new Uint8Array(length)
    let offset = 0
    for (const part of parts) {
      line.set(part, offset)
      offset += part.length
    }
    return line
  }
  for (const [start, end] of physicalLines(bytes)) {
    const line = bytes.subarray(start, end)
    const isFolded = parts.length > 0 && (line[0] === SPACE || line[0] === TAB)
    if (parts.length === 0 || !(isSoftBreak || isFolded)) {
      if (parts.length > 0) yield joined()
      parts = []
      const colon = valueStart(line)
      isQp = colon > 0 && isQuotedPrintable(ascii(line.subarray(0, colon)))
    }
    const part: Uint8Array = isFolded && !isSoftBreak ? line.subarray(1) : line
    isSoftBreak = isQp && part[part.length - 1] === EQUALS
    parts.push(isSoftBreak ? part.subarray(0, -1) : part)
  }
  if (parts.length > 0) yield joined()
}

const hexValue = (byte: number | undefined) => {
  if (byte === undefined) return -1
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  const upper = byte & ~0x20
  return upper >= 0x41 && upper <= 0x46 ? upper - 0x37 : -1
}

function decodeQuotedPrintable(value: Uint8Array): Uint8Array {
  const out = new Uint8Array(value.length)
  let length = 0
  for (let i = 0; i < value.length; i++) {
    const high = hexValue(value[i + 1])
    const low = hexValue(value[i + 2])
    if (value[i] === EQUALS && high >= 0 && low >= 0) {
      out[length++] = high * 16 + low
      i += 2
    } else {
      out[length++] = value[i] ?? 0
    }
  }
  return out.subarray(0, length)
}

/** Splits at a byte outside double quotes. */
function splitUnquoted(text: string, separator: string): string[] {
  const parts: string[] = []
  let current = ''
  let isQuoted = false
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted
    if (char === separator && !isQuoted) {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts
}

const unquote = (text: string) => text.replace(/^"(.*)"$/s, '$1')

function propertyOf(line: Uint8Array): Property | null {
  const colon = valueStart(line)
  if (colon <= 0) return null
  const [nameWithGroup = '', ...rawParams] = splitUnquoted(ascii(line.subarray(0, colon)), ';')
  // 'item1.EMAIL' (Apple's grouping) is EMAIL.
  const name = nameWithGroup.slice(nameWithGroup.lastIndexOf('.') + 1).toUpperCase()
  const types = new Set<string>()
  const params = new Map<string, string>()
  for (const param of rawParams) {
    const equals = param.indexOf('=')
    if (equals < 0) {
      // vCard 2.1 writes bare values: TEL;CELL, NOTE;QUOTED-PRINTABLE.
      types.add(param.trim().toUpperCase())
      continue
    }
    const key = param.slice(0, equals).trim().toUpperCase()
    const value = param.slice(equals + 1)
    params.set(key, unquote(value))
    if (key === 'TYPE') {
      for (const type of unquote(value).split(',')) types.add(type.trim().toUpperCase())
    }
  }
  const encoding = params.get('ENCODING')?.toUpperCase()
  const value = line.subarray(colon + 1)
  const isQp = encoding === 'QUOTED-PRINTABLE' || types.has('QUOTED-PRINTABLE')
  return { name, types, params, bytes: isQp ? decodeQuotedPrintable(value) : value }
}

type Decoder = { decode: (bytes: Uint8Array) => string }

/** null for a CHARSET no decoder knows. */
const decoderFor = (label: string) => {
  try {
    return new TextDecoder(label)
  } catch {
    return null
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** How a file's values become text: is it already UTF-8, and its one legacy CHARSET if any. */
type Source = { isUtf8: boolean; fallback: Decoder | null }

/**
 * A value's text: per its CHARSET when it names one, else UTF-8, else the file's one declared
 * legacy charset (Outlook's vCard 2.1 declares Windows-1253 once, on LABEL, and writes the names
 * in it undeclared), else Windows-1252.
 */
function textOf(property: Property, source: Source): string {
  const isEncoded = property.params.has('ENCODING') || property.types.has('QUOTED-PRINTABLE')
  const charset = property.params.get('CHARSET')
  // A string argument was UTF-8 encoded here, so only encoded (quoted-printable) bytes keep the
  // file's CHARSET.
  const declared = charset && (!source.isUtf8 || isEncoded) ? decoderFor(charset) : null
  if (declared) return declared.decode(property.bytes)
  if (!source.fallback) return decodeUtf8OrWindows1252(property.bytes)
  try {
    return utf8.decode(property.bytes)
  } catch {
    return source.fallback.decode(property.bytes)
  }
}

const UNICODE_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii'])

/** The decoder of the one legacy CHARSET a file declares; null for none, or for several. */
function fileCharset(cards: Card[]): Decoder | null {
  const labels = new Set<string>()
  for (const { properties } of cards) {
    for (const { params } of properties) {
      const charset = params.get('CHARSET')?.trim().toLowerCase()
      if (charset && !UNICODE_CHARSETS.has(charset)) labels.add(charset)
    }
  }
  const [label] = labels
  return labels.size === 1 && label ? decoderFor(label) : null
}

/**
 * Unescapes a text value and splits a structured one (N, ORG) at its unescaped semicolons. vCard
 * 3.0 and 4.0 escape backslash, comma, semicolon and newline; other escaped characters stand for
 * themselves (Apple and Google write `http\://`). vCard 2.1 escapes only semicolons.
 */
function partsOf(value: string, version: Version): string[] {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < value.length; i++) {
    const char = value[i] ?? ''
    const next = value[i + 1]
    if (char === '\\' && next !== undefined && (version !== '2.1' || next === ';')) {
      current += next === 'n' || next === 'N' ? '\n' : next
      i++
    } else if (char === ';') {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts
}

/** A card's properties, in file order. */
type Card = { version: Version; properties: Property[] }

function* cardsOf(bytes: Uint8Array): Generator<Card> {
  let card: Card | null = null
  for (const line of contentLines(bytes)) {
    const property = propertyOf(line)
    if (!property) continue
    const value = ascii(property.bytes.subarray(0, 8)).trim().toUpperCase()
    if (property.name === 'BEGIN' && value === 'VCARD') {
      // A BEGIN inside a card (vCard 2.1's embedded AGENT, or a broken file) starts over.
      card = { version: '3.0', properties: [] }
    } else if (property.name === 'END' && value === 'VCARD') {
      if (card) yield card
      card = null
    } else if (card && property.name === 'VERSION') {
      if (value === '2.1' || value === '4.0') card.version = value
    } else {
      card?.properties.push(property)
    }
  }
}

/** Whether two texts are the same but for case and spacing. */
export const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').toLowerCase() === b.replace(/\s+/g, ' ').toLowerCase()

const MOBILE_TYPES = ['CELL', 'MOBILE', 'IPHONE']
const NOT_VOICE_TYPES = ['FAX', 'PAGER']

/**
 * The number for the mobile field: a mobile (the preferred one first), else the preferred or first
 * number that is not a fax or pager, so a work number is taken only when there is no mobile.
 */
function mobileOf(phones: Property[], isPreferred: (property: Property) => boolean) {
  const has = (property: Property, types: string[]) => types.some((t) => property.types.has(t))
  const mobiles = phones.filter((property) => has(property, MOBILE_TYPES))
  const voices = phones.filter((property) => !has(property, NOT_VOICE_TYPES))
  const pick = (list: Property[]) => list.find(isPreferred) ?? list[0]
  return pick(mobiles) ?? pick(voices)
}

/** A card's contact, named or not: a card without a person's name is left to the caller. */
function contactOf(card: Card, source: Source): ImportedContact {
  const { version, properties } = card
  const all = (name: string) => properties.filter((property) => property.name === name)
  const partsOfProperty = (property: Property | undefined) =>
    property ? partsOf(textOf(property, source), version) : []
  const text = (property: Property | undefined) => partsOfProperty(property).join(';').trim()
  const isPreferred = (property: Property) =>
    property.types.has('PREF') || property.params.get('PREF') === '1'

  const [family = '', given = ''] = partsOfProperty(all('N')[0]).map((part) => part.trim())
  const company = partsOfProperty(all('ORG')[0])[0]?.trim() ?? ''
  const fn = text(all('FN')[0])
  // Only a card without any name in N is named from FN; N's empty parts stay empty. A company's
  // card (Apple's X-ABShowAs:COMPANY) has its FN set to the organisation: no person's name.
  const hasN = Boolean(family || given)
  const [fnFirst = '', ...fnRest] = hasN || sameText(fn, company) ? [] : fn.split(/\s+/)

  const emails = all('EMAIL')
  const phone = mobileOf(all('TEL'), isPreferred)
  const isUri = version === '4.0' || phone?.params.get('VALUE')?.toLowerCase() === 'uri'
  const urls = all('URL').map(text)
  const linkedin =
    all('X-SOCIALPROFILE')
      .filter((property) => property.types.has('LINKEDIN') || isLinkedinUrl(text(property)))
      .map(text)[0] ?? urls.find(isLinkedinUrl)

  return {
    firstName: hasN ? given : fnFirst,
    lastName: hasN ? family : fnRest.join(' '),
    email: text(emails.find(isPreferred) ?? emails[0]),
    mobile: isUri ? text(phone).replace(/^tel:/i, '') : text(phone),
    company,
    title: text(all('TITLE')[0]) || text(all('ROLE')[0]),
    linkedin: linkedin ?? '',
    website: urls.find((url) => !isLinkedinUrl(url)) ?? '',
  }
}

/**
 * Every card in a contact file, named or not, in file order. Pass the file's bytes: the text
 * encoding comes from its byte order mark, else each value's CHARSET, else UTF-8, else the file's
 * one legacy CHARSET, else Windows-1252. A string (a scanned QR code) is taken as already decoded.
 */
export function readVCards(input: Uint8Array | string): ImportedContact[] {
  let bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
  let isUtf8 = typeof input === 'string'
  const fromBom = isUtf8 ? null : decodeByBom(bytes)
  if (fromBom !== null) {
    bytes = new TextEncoder().encode(fromBom)
    isUtf8 = true
  }
  const cards = [...cardsOf(bytes)]
  const source = { isUtf8, fallback: isUtf8 ? null : fileCharset(cards) }
  return cards.map((card) => contactOf(card, source))
}

/** Every card with a person's name in a contact file (see readVCards). */
export function parseVCards(input: Uint8Array | string): ImportedContact[] {
  return readVCards(input).filter((contact) => contact.firstName || contact.lastName)
}

/** The first card with a name in a contact file, or null when there is none. */
export function parseVCard(input: Uint8Array | string): ImportedContact | null {
  return parseVCards(input)[0] ?? null
}
