// What every contact file reader shares: how its bytes become text, and which address is a
// LinkedIn profile.

const BOMS: { bytes: number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
]

/** The text of bytes that start with a byte order mark (the mark dropped); null without one. */
export function decodeByBom(bytes: Uint8Array): string | null {
  const bom = BOMS.find((mark) => mark.bytes.every((byte, i) => bytes[i] === byte))
  return bom ? new TextDecoder(bom.encoding).decode(bytes) : null
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const windows1252 = new TextDecoder('windows-1252')

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252, as Excel and older phones save. */
export function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    return windows1252.decode(bytes)
  }
}

/** Whether an address is on linkedin.com (with or without scheme and subdomain). */
export const isLinkedinUrl = (url: string) => /(^|[/.])linkedin\.com(\/|$)/i.test(url.trim())
