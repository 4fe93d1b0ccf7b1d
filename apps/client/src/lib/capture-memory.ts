import { CONNECTION_TYPES, type ConnectionType } from '@fiveconnect/api/schemas'
import type { EventItem } from '../api/router-types.ts'
import { localDay } from './follow-ups.ts'

/** Where Add Connection remembers the user's last save (cleared with the saved data on sign-out). */
export const CAPTURE_MEMORY_KEY = 'fiveconnect:last-capture'

/** An event used this long ago is still the one the user is at. */
export const RECENT_EVENT_MS = 12 * 60 * 60 * 1000

export type LastCapture = {
  userId: string
  /** The event of the last save with one, and when (ms since the epoch). */
  event: { id: string; usedAt: number } | null
  /** The types of the last save that had any. */
  connectionTypes: ConnectionType[]
}

export function lastCapture(userId: string): LastCapture | null {
  try {
    const saved = JSON.parse(localStorage.getItem(CAPTURE_MEMORY_KEY) ?? 'null') as unknown
    if (!saved || typeof saved !== 'object' || (saved as LastCapture).userId !== userId) return null
    const { event, connectionTypes } = saved as Partial<LastCapture>
    return {
      userId,
      event:
        event && typeof event.id === 'string' && typeof event.usedAt === 'number' ? event : null,
      // Only the types this version knows, in their usual order.
      connectionTypes: Array.isArray(connectionTypes)
        ? CONNECTION_TYPES.filter((type) => connectionTypes.includes(type))
        : [],
    }
  } catch {
    return null
  }
}

/** After a save: its event (if any) and its types (if any) replace what was remembered. */
export function rememberCapture(
  userId: string,
  saved: { eventId: string | null; connectionTypes: readonly ConnectionType[] },
  now = Date.now(),
) {
  const previous = lastCapture(userId)
  const memory: LastCapture = {
    userId,
    event: saved.eventId ? { id: saved.eventId, usedAt: now } : (previous?.event ?? null),
    connectionTypes:
      saved.connectionTypes.length > 0
        ? [...saved.connectionTypes]
        : (previous?.connectionTypes ?? []),
  }
  try {
    localStorage.setItem(CAPTURE_MEMORY_KEY, JSON.stringify(memory))
  } catch {
    // A full or blocked storage only costs the suggestion next time.
  }
}

/** Whether the event runs on the phone's calendar day of `now` (or spans it). */
function isHappeningOn(event: EventItem, now: Date): boolean {
  const today = localDay(now)
  if (localDay(event.startDateTime) === today) return true
  const end = event.endDateTime
  return end !== null && localDay(event.startDateTime) <= today && localDay(end) >= today
}

/**
 * The event to preselect: a joined one happening today (the one starting nearest to now when
 * there are several), else the one last used within RECENT_EVENT_MS if it can still be picked.
 */
export function suggestedEventId(
  events: readonly EventItem[],
  memory: LastCapture | null,
  now = new Date(),
): string | null {
  const today = events
    .filter((event) => event.isJoined && isHappeningOn(event, now))
    .sort(
      (a, b) =>
        Math.abs(a.startDateTime.getTime() - now.getTime()) -
        Math.abs(b.startDateTime.getTime() - now.getTime()),
    )
  if (today[0]) return today[0].id
  const recent = memory?.event
  if (!recent || now.getTime() - recent.usedAt > RECENT_EVENT_MS) return null
  return events.some((event) => event.id === recent.id && event.isJoined) ? recent.id : null
}
