import type { EventItem } from '../api/router-types.ts'
import { formatDate } from './format.ts'

export const NO_EVENT = ''

/**
 * Events offered when saving a connection: the ones the user joined, plus the one already chosen
 * (a preset ?eventId= or the connection's current event) so it never silently disappears.
 */
export function eventPickerOptions(events: readonly EventItem[], keepId?: string | null) {
  return events
    .filter((event) => event.isJoined || event.id === keepId)
    .map((event) => ({
      value: event.id,
      label: `${event.title || 'Unknown Event'} (${formatDate(event.startDateTime)})`,
    }))
}
