import type { ByteRange } from '@fiveconnect/api/server'

/**
 * Reads a Range header against an object of `size` bytes (RFC 9110 section 14). Only one range is
 * honoured; anything else this server does not handle (several ranges, other units, a malformed
 * header) is ignored, which the RFC allows, and the whole object is sent.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (!first && !last) return undefined

  if (!first) {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end: last ? Math.min(Number(last), size - 1) : size - 1 }
}
