import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  HIGHLIGHTED_FIELDS,
  type HighlightedField,
} from '@fiveconnect/db'
import type { z } from 'zod'
import type { textSegmentOutput } from './connection.schema.ts'

export type TextSegment = z.output<typeof textSegmentOutput>

export type Highlights = Partial<Record<HighlightedField, TextSegment[]>>

/**
 * Splits a headline with marked words into plain segments, so clients render highlights as
 * elements, never as markup. Undefined for no headline: the search makes one only for a field
 * whose words matched.
 */
export function toSegments(headline: string | null): TextSegment[] | undefined {
  if (headline === null) return undefined
  const [before = '', ...marked] = headline.split(HIGHLIGHT_START)
  const segments: TextSegment[] = before ? [{ text: before, isMatch: false }] : []
  for (const part of marked) {
    const [match = '', after = ''] = part.split(HIGHLIGHT_END)
    if (match) segments.push({ text: match, isMatch: true })
    if (after) segments.push({ text: after, isMatch: false })
  }
  return segments
}

/** The fields whose text matched, as segments. */
export function toHighlights(headlines: Record<HighlightedField, string | null>): Highlights {
  const highlights: Highlights = {}
  for (const field of HIGHLIGHTED_FIELDS) {
    const segments = toSegments(headlines[field])
    if (segments) highlights[field] = segments
  }
  return highlights
}
