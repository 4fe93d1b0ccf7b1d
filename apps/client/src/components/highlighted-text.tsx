import type { Segments } from '../api/router-types.ts'

/** Text with the searched words in <mark>: segments become elements, never markup. */
export function HighlightedText({ segments, text = '' }: { segments?: Segments; text?: string }) {
  if (!segments) return text
  return segments.map((segment, index) =>
    segment.isMatch ? <mark key={index}>{segment.text}</mark> : segment.text,
  )
}
