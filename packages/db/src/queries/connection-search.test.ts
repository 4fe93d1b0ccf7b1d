import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { createTestDb, emptyConnectionContent } from '../testing.ts'
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  searchConnections,
  searchTerms,
  type ConnectionSearch,
} from './connection-search.ts'
import { createConnection, updateConnection, type ConnectionContent } from './connections.ts'
import { createEvent, deleteEvent, updateEvent } from './events.ts'
import { createPerson, type PersonDetails } from './people.ts'
import { createUser } from './users.ts'

let handle: DbHandle
let authorId: string
let strangerId: string
let keynoteId: string

beforeAll(async () => {
  handle = await createTestDb()
  const newUser = (email: string) =>
    createUser(handle.db, { email, passwordHash: 'hash', firstName: 'Test', lastName: 'User' })
  authorId = (await newUser('author@example.com')).id
  strangerId = (await newUser('stranger@example.com')).id
  keynoteId = (
    await createEvent(handle.db, {
      title: 'Future of Money Keynote',
      description: null,
      location: null,
      logoUrl: null,
      startDateTime: new Date(),
      endDateTime: null,
      createdBy: authorId,
    })
  ).id
})
afterAll(() => handle.close())

async function meet(
  person: Partial<PersonDetails> & Pick<PersonDetails, 'firstName' | 'lastName'>,
  content: Partial<ConnectionContent> = {},
  author = authorId,
) {
  const { id: personId } = await createPerson(handle.db, { ...person, ownerId: author })
  return createConnection(handle.db, {
    ...emptyConnectionContent,
    ...content,
    personId,
    authorId: author,
  })
}

const search = (query: string, options: Partial<ConnectionSearch> = {}) =>
  searchConnections(handle.db, { authorId, query, limit: 20, ...options })
const namesOf = (results: Awaited<ReturnType<typeof search>>) =>
  results.map((result) => `${result.person.firstName} ${result.person.lastName}`)

describe('searching connections by memory', () => {
  beforeAll(async () => {
    await meet(
      { firstName: 'Priya', lastName: 'Raman', company: 'Ledgerly' },
      {
        eventId: keynoteId,
        connectionTypes: ['JV'],
        connectionFocus: 'Fintech payments for small shops',
      },
    )
    await meet(
      { firstName: 'Tom', lastName: 'Baker', company: 'Acme' },
      { voiceNoteTranscription: 'He keeps bees on the roof of his warehouse in Leeds' },
    )
    await meet({ firstName: 'Grace', lastName: 'Hopper', company: 'Navy' }, { notes: 'COBOL' })
    await meet(
      { firstName: 'Mia', lastName: 'Wong', email: 'mia@quantumleap.example' },
      {
        connectionTypes: ['SA'],
        notes: 'Introduced me to Grace at lunch',
        followUpOn: '2030-01-15',
      },
    )
    await meet(
      { firstName: 'Stranger', lastName: 'Danger' },
      { notes: 'fintech bees Grace' },
      strangerId,
    )
  })

  it('finds "fintech person from the keynote" through the focus and the event title', async () => {
    const [best] = await search('fintech person from the keynote')
    expect(best?.person.firstName).toBe('Priya')
    expect(best?.headlines.focus).toBe(
      `${HIGHLIGHT_START}Fintech${HIGHLIGHT_END} payments for small shops`,
    )
    expect(best?.headlines.event).toBe(`Future of Money ${HIGHLIGHT_START}Keynote${HIGHLIGHT_END}`)
  })

  it('finds a word that is only in the voice-note transcription', async () => {
    const results = await search('beekeeping warehouse')
    expect(namesOf(results)).toEqual(['Tom Baker'])
    expect(results[0]?.headlines.transcription).toContain(
      `${HIGHLIGHT_START}warehouse${HIGHLIGHT_END}`,
    )
  })

  it('finds a connection by its person’s name or its event’s title alone', async () => {
    expect(namesOf(await search('money'))).toEqual(['Priya Raman'])
    expect(namesOf(await search('hopper'))).toEqual(['Grace Hopper'])
  })

  it('finds word stems and prefixes, and email and company words', async () => {
    expect(namesOf(await search('payment'))).toEqual(['Priya Raman'])
    expect(namesOf(await search('ledger'))).toEqual(['Priya Raman'])
    expect(namesOf(await search('quantumleap'))).toEqual(['Mia Wong'])
  })

  it('still finds a person whose name or company is misspelt', async () => {
    expect(namesOf(await search('Grace Hoper'))[0]).toBe('Grace Hopper')
    expect(namesOf(await search('hoppr'))).toEqual(['Grace Hopper'])
    expect(namesOf(await search('Ledgrly'))).toEqual(['Priya Raman'])
  })

  it('ranks a name above a mention in someone else’s notes', async () => {
    expect(namesOf(await search('grace'))).toEqual(['Grace Hopper', 'Mia Wong'])
    const [first] = await search('grace')
    expect(first?.headlines.name).toBe(`${HIGHLIGHT_START}Grace${HIGHLIGHT_END} Hopper`)
  })

  it('ranks a connection matching more of the words first', async () => {
    expect(namesOf(await search('lunch grace cobol'))).toEqual(['Grace Hopper', 'Mia Wong'])
    expect(namesOf(await search('lunch introduced grace'))).toEqual(['Mia Wong', 'Grace Hopper'])
  })

  it('searches only the author’s own connections', async () => {
    expect(namesOf(await search('danger'))).toEqual([])
    expect(namesOf(await search('danger', { authorId: strangerId }))).toEqual(['Stranger Danger'])
  })

  it('combines with the event, type and needs-follow-up filters', async () => {
    expect(namesOf(await search('fintech', { eventId: keynoteId }))).toEqual(['Priya Raman'])
    expect(namesOf(await search('grace', { type: 'SA' }))).toEqual(['Mia Wong'])
    expect(namesOf(await search('grace', { eventId: keynoteId }))).toEqual([])
    expect(namesOf(await search('grace', { needsFollowUp: true }))).toEqual(['Mia Wong'])
  })

  it('answers nothing for text with no words or only common words, and stops at the limit', async () => {
    expect(await search('!!! ???')).toEqual([])
    expect(await search('the of')).toEqual([])
    expect(await search('grace', { limit: 1 })).toHaveLength(1)
  })

  it('treats query syntax as plain text', async () => {
    expect(searchTerms("Grace & !Hopper's (navy):*")).toEqual(['grace', 'hopper', 's', 'navy'])
    expect(namesOf(await search("'; drop table connections; --"))).toEqual([])
  })
})

describe('search headlines', () => {
  it('show a long text as excerpts around the matched words', async () => {
    const filler = 'We talked about many unrelated things for a long while. '.repeat(6)
    await meet(
      { firstName: 'Long', lastName: 'Talker' },
      { notes: `${filler}Then she mentioned her xylophone collection. ${filler}` },
    )
    const [found] = await search('xylophone')
    expect(found?.headlines.notes).toMatch(
      new RegExp(`^… .*${HIGHLIGHT_START}xylophone${HIGHLIGHT_END}.* …$`),
    )
    expect(found?.headlines.notes?.length).toBeLessThan(200)
  })
})

describe('a connection’s person and event', () => {
  it('are searched by their words as they are now, after every change', async () => {
    const eventDetails = {
      title: 'Harvest Summit',
      description: null,
      location: null,
      logoUrl: null,
      startDateTime: new Date(),
      endDateTime: null,
    }
    const { id: eventId } = await createEvent(handle.db, { ...eventDetails, createdBy: authorId })
    const { id } = await meet(
      { firstName: 'Olu', lastName: 'Adeyemi', company: 'Quarry' },
      { eventId },
    )
    const finds = async (query: string) => namesOf(await search(query)).includes('Olu Adeyemi')
    expect([await finds('quarry'), await finds('harvest')]).toEqual([true, true])

    await updateConnection(handle.db, {
      id,
      authorId,
      content: {},
      person: { company: 'Lighthouse' },
    })
    expect([await finds('lighthouse'), await finds('quarry')]).toEqual([true, false])

    await updateEvent(handle.db, eventId, { ...eventDetails, title: 'Orchard Forum' })
    expect([await finds('orchard'), await finds('harvest')]).toEqual([true, false])

    const { id: meetupId } = await createEvent(handle.db, {
      ...eventDetails,
      title: 'Riverside Meetup',
      createdBy: authorId,
    })
    await updateConnection(handle.db, { id, authorId, content: { eventId: meetupId }, person: {} })
    expect([await finds('riverside'), await finds('orchard')]).toEqual([true, false])

    await deleteEvent(handle.db, meetupId)
    expect([await finds('riverside'), await finds('lighthouse')]).toEqual([false, true])
  })
})

describe('search headlines of each text', () => {
  it('are made only for the texts whose own words match, not their neighbours', async () => {
    await meet(
      {
        firstName: 'Ines',
        lastName: 'Okafor',
        company: 'Harbour Labs',
        email: 'ines@cranes.example',
      },
      {
        connectionFocus: 'Cold storage',
        notes: 'Talked about harbour cranes',
        voiceNoteTranscription: 'Ask about storage costs',
      },
    )
    const mark = (word: string) => `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}`
    const [byNotes] = await search('cranes')
    expect(byNotes?.headlines).toEqual({
      name: null,
      company: null,
      focus: null,
      notes: `Talked about harbour ${mark('cranes')}`,
      transcription: null,
      event: null,
    })
    const [byCompany] = await search('harbour')
    expect(byCompany?.headlines).toEqual({
      name: null,
      company: `${mark('Harbour')} Labs`,
      focus: null,
      notes: `Talked about ${mark('harbour')} cranes`,
      transcription: null,
      event: null,
    })
  })
})

describe('looking for misspellings', () => {
  it('only when the words themselves match fewer than ten connections', async () => {
    const busy = (
      await createUser(handle.db, {
        email: 'busy@example.com',
        passwordHash: 'hash',
        firstName: 'Busy',
        lastName: 'User',
      })
    ).id
    await meet({ firstName: 'Ada', lastName: 'Zephir' }, {}, busy)
    const zephyr = () =>
      searchConnections(handle.db, { authorId: busy, query: 'zephyr', limit: 20 })
    // Nothing has the word: the near miss is found.
    expect(namesOf(await zephyr())).toEqual(['Ada Zephir'])
    for (let index = 0; index < 10; index++) {
      await meet({ firstName: 'Note', lastName: `Taker ${index}` }, { notes: 'Zephyr pilot' }, busy)
    }
    const found = namesOf(await zephyr())
    expect(found).toHaveLength(10)
    expect(found).not.toContain('Ada Zephir')
  })
})
