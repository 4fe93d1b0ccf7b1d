import type {
  AttendanceRow,
  ConnectionRow,
  EventRow,
  PersonRow,
  UserRow,
} from '@fiveconnect/db/bench'
import { createRandom, type Random } from './random.ts'
import { MEASURED_USER_CONNECTIONS, type DatasetSize } from './sizes.ts'

const FIRST_NAMES = (
  'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara ' +
  'Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa ' +
  'Anthony Betty Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua ' +
  'Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Aisha Wei Priya Mateo ' +
  'Sofia Lucas Yuki Amara Omar Ingrid Raj Chloe Hiroshi Fatima Liam Noah Olivia Emma Ava ' +
  'Mia Zoe Leo'
).split(' ')
const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez ' +
  'Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson ' +
  'White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ' +
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter ' +
  'Roberts Okafor Tanaka Kowalski Schmidt Rossi Dubois Singh Patel Kim Chen Ivanova Haddad ' +
  'Larsen Novak Silva Costa'
).split(' ')
const COMPANY_WORDS = (
  'Acme|Globex|Initech|Umbrella|Stark|Wayne|Hooli|Vandelay|Cyberdyne|Soylent|Tyrell|Wonka|' +
  'Aperture|Massive|Blue Sun|Nakatomi|Oscorp|Gringotts|Monarch|Pied Piper|Dunder|Sterling|' +
  'Prestige|Zenith|Northwind|Contoso'
).split('|')
const COMPANY_SUFFIXES = ['Labs', 'Group', 'Capital', 'Ventures', 'Partners', 'Inc', 'Ltd', 'Co']
const TITLES = ['CEO', 'CTO', 'Founder', 'Investor', 'Engineer', 'Designer', 'Director', 'Analyst']
const CITIES = ['London', 'Berlin', 'Lisbon', 'Austin', 'Toronto', 'Singapore', 'Lagos', 'Sydney']
const EVENT_TOPICS = ['Fintech', 'Climate', 'Health', 'AI', 'Retail', 'Mobility', 'Energy', 'Food']
const EVENT_KINDS = ['Summit', 'Meetup', 'Expo', 'Forum', 'Demo Day', 'Conference', 'Mixer']
const WORDS = (
  'follow up intro pilot budget partner deal seed round hiring product launch market europe ' +
  'asia pricing contract call next week coffee demo team growth revenue supply chain data ' +
  'platform mobile strategy board advisor referral investor customer feedback roadmap'
).split(' ')
const CONNECTION_TYPES = ['SA', 'JV', 'MA', 'IC', 'RF'] as const
const DAY_MS = 86_400_000

export type BenchAccounts = {
  /** Exactly MEASURED_USER_CONNECTIONS connections: the GET /api/connections figure. */
  measured: { id: string; email: string }
  admin: { id: string; email: string }
  /** Creates connections during the POST run, so the measured user's list stays the same. */
  writer: { id: string; email: string }
  /** For the login run: many accounts, as real logins are. */
  loginEmails: string[]
}

export type Dataset = {
  users: UserRow[]
  events: EventRow[]
  people: PersonRow[]
  attendance: AttendanceRow[]
  accounts: BenchAccounts
  /** Search terms that match the measured user's people: real names and companies, 3 to 6 letters. */
  searchTerms: string[]
  /** Queries for the connections' memory search (names, note words, phrases). */
  memoryTerms: string[]
  /** One of memoryTerms: a word said in notes. */
  noteWord: string
  connectionCount: number
  /** The connections, generated batch by batch (a million rows need not sit in memory at once). */
  connectionBatches: (batchSize: number) => Generator<ConnectionRow[]>
}

export type DatasetOptions = {
  size: DatasetSize
  seed: number
  passwordHash: string
  /** Timestamps fall in the two years before this moment. */
  now: Date
}

function sentence(random: Random, minWords: number, maxWords: number): string {
  const words: string[] = []
  const length = random.int(minWords, maxWords)
  for (let i = 0; i < length; i++) words.push(random.pick(WORDS))
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1) + '.'
}

function pastDate(random: Random, now: Date, maxDaysAgo: number): Date {
  return new Date(now.getTime() - Math.floor(random.next() * maxDaysAgo * DAY_MS))
}

/** How many connections each user authored: the measured user exactly 500, the rest uneven. */
export function connectionsPerUser(random: Random, users: number, total: number): number[] {
  const others = users - 1
  const remaining = total - MEASURED_USER_CONNECTIONS
  if (others < 1 || remaining < 0) throw new Error('Too few users or connections for the dataset')
  const weights = Array.from({ length: others }, () => 0.1 + random.next() * 1.9)
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0)
  const counts = weights.map((weight) => Math.floor((remaining * weight) / weightSum))
  let leftover = remaining - counts.reduce((sum, count) => sum + count, 0)
  for (let i = 0; leftover > 0; i = (i + 1) % others, leftover--) counts[i] = (counts[i] ?? 0) + 1
  // Nobody else may have exactly 500: "the user with 500 connections" must be one user. The
  // busiest author gives up the difference.
  const busiest = counts.indexOf(Math.max(...counts))
  for (let i = 0; i < others; i++) {
    if (i !== busiest && counts[i] === MEASURED_USER_CONNECTIONS) {
      counts[i] = MEASURED_USER_CONNECTIONS + 1
      counts[busiest] = (counts[busiest] ?? 0) - 1
    }
  }
  return [MEASURED_USER_CONNECTIONS, ...counts]
}

export function generateDataset({ size, seed, passwordHash, now }: DatasetOptions): Dataset {
  const random = createRandom(seed)
  const emailOf = (index: number) =>
    index === 0
      ? 'measured@bench.fiveconnect.test'
      : index === 1
        ? 'admin@bench.fiveconnect.test'
        : `user${index}@bench.fiveconnect.test`

  const users: UserRow[] = Array.from({ length: size.users }, (_, index) => {
    const createdAt = pastDate(random, now, 730)
    return {
      id: random.uuid(),
      email: emailOf(index),
      passwordHash,
      firstName: random.pick(FIRST_NAMES),
      lastName: random.pick(LAST_NAMES),
      company: `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_SUFFIXES)}`,
      mobile: random.chance(0.7) ? `+44 7${random.int(100_000_000, 999_999_999)}` : null,
      role: index === 1 ? 'admin' : 'attendee',
      createdAt,
      updatedAt: createdAt,
    }
  })
  const userAt = (index: number) => {
    const user = users[index]
    if (!user) throw new Error(`The dataset needs at least ${index + 1} users`)
    return { id: user.id, email: user.email }
  }
  const admin = userAt(1)

  const events: EventRow[] = Array.from({ length: size.events }, () => {
    // From two years ago to six months ahead: past and upcoming events, as a live app has.
    const start = new Date(now.getTime() + Math.floor((random.next() * 910 - 730) * DAY_MS))
    const createdAt = new Date(start.getTime() - 30 * DAY_MS)
    const city = random.pick(CITIES)
    return {
      id: random.uuid(),
      title: `${city} ${random.pick(EVENT_TOPICS)} ${random.pick(EVENT_KINDS)}`,
      description: sentence(random, 15, 40),
      startDateTime: start,
      endDateTime: new Date(start.getTime() + random.int(2, 10) * 3_600_000),
      location: `${random.int(1, 200)} Main Street, ${city}`,
      logoUrl: null,
      createdBy: admin.id,
      createdAt,
      updatedAt: createdAt,
    }
  })

  // People are private to their owner, so each user owns every users.length-th person and meets
  // only their own: the measured user owns people 0, users.length, 2 × users.length, …
  if (size.people < size.users) throw new Error('The dataset needs a person for every user')
  const people: PersonRow[] = Array.from({ length: size.people }, (_, index) => {
    const firstName = random.pick(FIRST_NAMES)
    const lastName = random.pick(LAST_NAMES)
    const createdAt = pastDate(random, now, 730)
    const company = random.chance(0.7)
      ? `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_SUFFIXES)}`
      : null
    return {
      id: random.uuid(),
      firstName,
      lastName,
      email: random.chance(0.8)
        ? `${firstName}.${lastName}${index}@example${random.int(1, 50)}.com`.toLowerCase()
        : null,
      mobile: random.chance(0.6) ? `+1 555 ${random.int(1_000_000, 9_999_999)}` : null,
      company,
      title: random.chance(0.5) ? random.pick(TITLES) : null,
      location: random.chance(0.5) ? random.pick(CITIES) : null,
      linkedin: random.chance(0.3)
        ? `https://www.linkedin.com/in/${firstName}-${lastName}-${index}`.toLowerCase()
        : null,
      website: random.chance(0.2) ? `https://${lastName.toLowerCase()}${index}.example.com` : null,
      profileImageUrl: null,
      hasUserProfile: false,
      ownerId: userAt(index % size.users).id,
      createdAt,
      updatedAt: createdAt,
    }
  })

  const peopleOwnedBy = (userIndex: number) => {
    const owned: PersonRow[] = []
    for (let index = userIndex; index < people.length; index += size.users) {
      const person = people[index]
      if (person) owned.push(person)
    }
    return owned
  }

  const attendance: AttendanceRow[] = users.flatMap((user, index) =>
    random
      .sample(events, Math.min(events.length, index === 0 ? 10 : random.int(2, 8)))
      .map((event) => ({
        id: random.uuid(),
        eventId: event.id,
        userId: user.id,
        createdAt: event.createdAt ?? now,
      })),
  )

  const searchTerms = [
    ...new Set(
      peopleOwnedBy(0)
        .slice(0, 50)
        .flatMap((person) => [person.lastName, person.firstName, person.company ?? ''])
        .map((term) => term.split(' ')[0]?.toLowerCase().slice(0, random.int(3, 6)) ?? '')
        .filter((term) => term.length >= 3),
    ),
  ].slice(0, 20)

  const perUser = connectionsPerUser(random, users.length, size.connections)
  // The connections draw from their own stream, so generating them lazily changes nothing above.
  const connectionSeed = random.int(0, 2 ** 31)
  // Memory search: name prefixes, words said in notes and two-word phrases; drawn after the
  // connections' seed, so adding them left the rest of the dataset as it was.
  const noteWords = Array.from({ length: 10 }, () => random.pick(WORDS))
  const memoryTerms = [
    ...searchTerms.slice(0, 5),
    ...noteWords,
    ...Array.from({ length: 5 }, () => `${random.pick(WORDS)} ${random.pick(WORDS)}`),
  ]

  function* connectionBatches(batchSize: number): Generator<ConnectionRow[]> {
    const connectionRandom = createRandom(connectionSeed)
    let batch: ConnectionRow[] = []
    for (const [userIndex, count] of perUser.entries()) {
      const authorId = userAt(userIndex).id
      const ownPeople = peopleOwnedBy(userIndex)
      for (let i = 0; i < count; i++) {
        const createdAt = pastDate(connectionRandom, now, 730)
        batch.push({
          id: connectionRandom.uuid(),
          eventId: connectionRandom.chance(0.8) ? connectionRandom.pick(events).id : null,
          personId: connectionRandom.pick(ownPeople).id,
          authorId,
          connectionTypes: connectionRandom.sample(CONNECTION_TYPES, connectionRandom.int(1, 3)),
          connectionFocus: connectionRandom.chance(0.5) ? sentence(connectionRandom, 2, 6) : null,
          notes: connectionRandom.chance(0.7) ? sentence(connectionRandom, 8, 30) : null,
          photos: [],
          voiceNoteUrl: null,
          voiceNoteTranscription: connectionRandom.chance(0.1)
            ? sentence(connectionRandom, 20, 60)
            : null,
          createdAt,
          updatedAt: createdAt,
        })
        if (batch.length === batchSize) {
          yield batch
          batch = []
        }
      }
    }
    if (batch.length > 0) yield batch
  }

  return {
    users,
    events,
    people,
    attendance,
    accounts: {
      measured: userAt(0),
      admin,
      writer: userAt(2),
      loginEmails: users.slice(3, 53).map((user) => user.email),
    },
    searchTerms,
    memoryTerms,
    noteWord: noteWords[0] ?? '',
    connectionCount: size.connections,
    connectionBatches,
  }
}
