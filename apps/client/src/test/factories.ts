import type { User } from '@fiveconnect/api/schemas'
import type { ConnectionItem, EventItem, HomeSummary, JoinedEvent } from '../api/router-types.ts'

type Person = ConnectionItem['person']

let sequence = 0
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`

export const DAY_MS = 24 * 60 * 60 * 1000
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS)

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: nextId(),
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    mobile: null,
    company: null,
    referredBy: null,
    linkedin: null,
    website: null,
    sharedProfileFields: ['company', 'linkedin', 'website'],
    role: 'attendee',
    isActive: true,
    createdAt: new Date('2025-01-01T10:00:00Z'),
    updatedAt: new Date('2025-01-01T10:00:00Z'),
    ...overrides,
  }
}

export function makeEvent(overrides: Partial<JoinedEvent> = {}): JoinedEvent {
  return {
    id: nextId(),
    title: 'Ideas Fest',
    description: null,
    startDateTime: daysFromNow(7),
    endDateTime: null,
    location: null,
    logoUrl: null,
    createdBy: nextId(),
    createdAt: new Date('2025-01-01T10:00:00Z'),
    updatedAt: new Date('2025-01-01T10:00:00Z'),
    ...overrides,
  }
}

export function makeEventListItem(overrides: Partial<EventItem> = {}): EventItem {
  return { ...makeEvent(overrides), isJoined: false, connectionCount: 0, ...overrides }
}

export function makePerson(overrides: Partial<Person> = {}): Person {
  return {
    id: nextId(),
    firstName: 'Grace',
    lastName: 'Hopper',
    email: null,
    mobile: null,
    company: null,
    linkedin: null,
    website: null,
    profileImageUrl: null,
    hasUserProfile: false,
    title: null,
    location: null,
    createdAt: new Date('2025-01-01T10:00:00Z'),
    updatedAt: new Date('2025-01-01T10:00:00Z'),
    ...overrides,
  }
}

export function makeConnection(overrides: Partial<ConnectionItem> = {}): ConnectionItem {
  const person = overrides.person ?? makePerson()
  return {
    id: nextId(),
    eventId: null,
    personId: person.id,
    authorId: nextId(),
    connectionTypes: [],
    connectionFocus: null,
    notes: null,
    photos: [],
    voiceNoteUrl: null,
    voiceNoteTranscription: null,
    voiceNoteRecordedAt: null,
    followUpOn: null,
    followUpDone: false,
    createdAt: new Date('2025-03-01T10:00:00Z'),
    updatedAt: new Date('2025-03-01T10:00:00Z'),
    event: null,
    ...overrides,
    person,
  }
}

/** Home's summary: nothing unless given. */
export function makeHomeSummary(overrides: Partial<HomeSummary> = {}): HomeSummary {
  return {
    totalConnections: 0,
    recentConnections: [],
    followUpsDue: [],
    sharedWithYou: [],
    ...overrides,
  }
}

/** A connection as the summary lists it among the follow-ups due. */
export function asFollowUpDue({ id, followUpOn, person }: ConnectionItem) {
  if (!followUpOn) throw new Error('A follow-up due needs a day')
  return { id, followUpOn, person: { firstName: person.firstName, lastName: person.lastName } }
}
