import { isLinkedinUrl } from './contact-text.ts'
import type { ImportedContact } from './vcard-parse.ts'

/** Splits at unescaped separators, keeping escapes for a later split. */
function splitEscaped(text: string, separator: string): string[] {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? ''
    if (char === '\\' && i + 1 < text.length) {
      current += char + (text[i + 1] ?? '')
      i++
    } else if (char === separator) {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts
}

const unescape = (text: string) => text.replace(/\\(.)/gs, '$1')

/**
 * The contact in a MECARD QR code (NTT DoCoMo's format, which many QR generators write):
 * `MECARD:N:Lovelace,Ada;TEL:+44…;EMAIL:ada@…;URL:…;ORG:…;;`. null for anything else.
 */
export function parseMeCard(text: string): ImportedContact | null {
  const body = /^\s*MECARD:([\s\S]*)$/i.exec(text)?.[1]
  if (body === undefined) return null
  const fields = new Map<string, string>()
  for (const field of splitEscaped(body, ';')) {
    const colon = field.indexOf(':')
    const key = field.slice(0, colon).trim().toUpperCase()
    if (colon > 0 && !fields.has(key)) fields.set(key, field.slice(colon + 1))
  }
  const field = (key: string) => unescape(fields.get(key) ?? '').trim()

  // N is "last,first"; without a comma it is the whole name, first name first.
  const [last = '', first] = splitEscaped(fields.get('N') ?? '', ',').map((part) =>
    unescape(part).trim(),
  )
  const [firstWord = '', ...otherWords] = last.split(/\s+/)
  const url = field('URL')
  const isLinkedin = isLinkedinUrl(url)
  const contact: ImportedContact = {
    firstName: first ?? firstWord,
    lastName: first === undefined ? otherWords.join(' ') : last,
    email: field('EMAIL'),
    mobile: field('TEL'),
    company: field('ORG'),
    title: '',
    linkedin: isLinkedin ? url : '',
    website: isLinkedin ? '' : url,
  }
  return contact.firstName || contact.lastName ? contact : null
}
