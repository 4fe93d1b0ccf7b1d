// vCard 3.0 and iCalendar share the content-line format: the same text escaping and line folding.

/**
 * Escapes a TEXT value: backslash, semicolons, commas and line breaks. The formats have one escape
 * for a line break, so CRLF, CR and LF each become `\n`.
 */
export function escape(text: string): string {
  return text
    .replaceAll('\\', '\\\\')
    .replace(/\r\n?|\n/g, '\\n')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
}

const utf8 = new TextEncoder()

/** Lines longer than 75 octets are folded, continuing with a space (RFC 2425, RFC 5545). */
export function fold(line: string): string {
  const byteLength = (text: string) => utf8.encode(text).length
  if (byteLength(line) <= 75) return line
  // ASCII (a photo's base64, most lines): a character is an octet.
  if (/^[\x20-\x7e]*$/.test(line)) {
    const parts = [line.slice(0, 75)]
    for (let start = 75; start < line.length; start += 74) parts.push(line.slice(start, start + 74))
    return parts.join('\r\n ')
  }
  const parts: string[] = []
  let current = ''
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74
    if (byteLength(current + char) > limit) {
      parts.push(current)
      current = ''
    }
    current += char
  }
  parts.push(current)
  return parts.join('\r\n ')
}
