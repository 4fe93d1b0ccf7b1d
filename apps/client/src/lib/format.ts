const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

export const formatDate = (date: Date) => dateFormat.format(date)
export const formatTime = (date: Date) => timeFormat.format(date)

export function fullNameOf(person: { firstName: string; lastName: string } | null | undefined) {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : ''
  return name || 'Unknown Person'
}

/** Links typed without a scheme (example.com) open as https. */
export function withProtocol(url: string): string {
  return url.startsWith('http') ? url : `https://${url}`
}

/**
 * SPEC section 7: stored voice notes play through the server. /objects/... becomes
 * /api/voice-notes/...; a storage URL containing .private/uploads/ becomes /api/voice-notes/uploads/...
 */
export function voiceNotePlaybackUrl(url: string): string {
  if (url.startsWith('/objects/')) return `/api/voice-notes/${url.slice('/objects/'.length)}`
  const marker = '.private/uploads/'
  const markerAt = url.indexOf(marker)
  if (markerAt !== -1) return `/api/voice-notes/uploads/${url.slice(markerAt + marker.length)}`
  return url
}
