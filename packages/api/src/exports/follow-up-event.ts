import type { DayEvent } from './icalendar.ts'

type FollowUp = {
  connectionId: string
  /** YYYY-MM-DD */
  day: string
  person: { firstName: string; lastName: string }
}

export const fullNameOf = (person: FollowUp['person']) =>
  `${person.firstName} ${person.lastName}`.trim()

/**
 * A connection's follow-up as an all-day event. The UID is the connection's, so the single .ics
 * imported again, or the feed fetched again, updates the event instead of adding a copy.
 */
export function followUpEvent(
  followUp: FollowUp,
  details: { description: string | null; appUrl: string; generatedAt: Date },
): DayEvent {
  const name = fullNameOf(followUp.person)
  return {
    uid: `follow-up-${followUp.connectionId}@fiveconnect`,
    day: followUp.day,
    summary: `Follow up with ${name}`,
    description: details.description,
    url: `${details.appUrl}/connections?q=${encodeURIComponent(name)}`,
    generatedAt: details.generatedAt,
  }
}
