// Written by hand rather than with Intl.DateTimeFormat: the first Intl formatter a page creates loads
// the locale's data, about 30 ms of main thread on a desktop CPU (measured in Chromium), several times
// that on a phone, and it landed on the signed-in home's start-up. format.test.ts holds the output to
// what en-GB's Intl formatter writes.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']
const twoDigits = (value: number) => String(value).padStart(2, '0')

/** 3 Sept 2026, in the device's time zone. */
export const formatDate = (date: Date) =>
  `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`

/** 09:05, 24-hour, in the device's time zone. */
export const formatTime = (date: Date) =>
  `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`

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
