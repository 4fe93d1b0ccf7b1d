import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { createTestDb, emptyConnectionContent } from '../testing.ts'
import { createConnection } from './connections.ts'
import { findMetPeopleLike, normalizeLinkedin, type PersonCandidate } from './duplicates.ts'
import { createPerson, type PersonDetails } from './people.ts'
import { createUser } from './users.ts'

let handle: DbHandle
let authorId: string
let strangerId: string

async function meet(
  person: Partial<PersonDetails> & Pick<PersonDetails, 'firstName' | 'lastName'>,
  author = authorId,
) {
  const { id: personId } = await createPerson(handle.db, { ...person, ownerId: author })
  await createConnection(handle.db, { ...emptyConnectionContent, personId, authorId: author })
  return personId
}

const matches = async (candidate: PersonCandidate, author = authorId) =>
  (await findMetPeopleLike(handle.db, { authorId: author, candidate })).map((match) => ({
    name: `${match.person.firstName} ${match.person.lastName}`,
    reasons: match.reasons,
  }))

beforeAll(async () => {
  handle = await createTestDb()
  const newUser = (email: string) =>
    createUser(handle.db, { email, passwordHash: 'hash', firstName: 'Test', lastName: 'User' })
  authorId = (await newUser('author@example.com')).id
  strangerId = (await newUser('stranger@example.com')).id
  await meet({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    mobile: '+44 7700 900123',
    linkedin: 'https://www.linkedin.com/in/GraceHopper/',
    company: 'US Navy',
  })
  await meet({ firstName: 'John', lastName: 'Smith', company: 'Acme Ltd' })
  await meet({ firstName: 'Secret', lastName: 'Agent', email: 'agent@spy.example' }, strangerId)
})
afterAll(() => handle.close())

describe('people the user already met', () => {
  it('match by the same email, whatever its case', async () => {
    expect(await matches({ firstName: 'G', lastName: 'H', email: ' Grace@NAVY.example ' })).toEqual(
      [{ name: 'Grace Hopper', reasons: ['email'] }],
    )
  })

  it('match by the same mobile number however it is written', async () => {
    expect(await matches({ mobile: '07700-900-123' })).toEqual([
      { name: 'Grace Hopper', reasons: ['mobile'] },
    ])
    expect(await matches({ mobile: '900123' })).toEqual([])
    expect(await matches({ mobile: '07700 900124' })).toEqual([])
  })

  it('match by the same LinkedIn profile however it is written', async () => {
    expect(await matches({ linkedin: 'linkedin.com/in/gracehopper' })).toEqual([
      { name: 'Grace Hopper', reasons: ['linkedin'] },
    ])
    expect(normalizeLinkedin('HTTP://www.LinkedIn.com/in/x/?trk=a')).toBe('linkedin.com/in/x')
  })

  it('match a very similar name at the same company, not at another or a different name', async () => {
    expect(await matches({ firstName: 'Jon', lastName: 'Smith', company: ' acme ltd ' })).toEqual([
      { name: 'John Smith', reasons: ['name'] },
    ])
    expect(await matches({ firstName: 'John', lastName: 'Smith', company: 'Other Co' })).toEqual([])
    expect(await matches({ firstName: 'Jane', lastName: 'Smith', company: 'Acme Ltd' })).toEqual([])
    expect(await matches({ firstName: 'John', lastName: 'Smith' })).toEqual([])
  })

  it('list every reason, with how often and when the user last met them', async () => {
    const [match] = await findMetPeopleLike(handle.db, {
      authorId,
      candidate: {
        firstName: 'Grace',
        lastName: 'Hoper',
        company: 'US Navy',
        email: 'grace@navy.example',
        linkedin: 'linkedin.com/in/gracehopper',
      },
    })
    expect(match?.reasons).toEqual(['email', 'linkedin', 'name'])
    expect(match?.meetings).toBe(1)
    expect(match?.lastMetAt).toBeInstanceOf(Date)
    expect(Date.now() - (match?.lastMetAt?.getTime() ?? 0)).toBeLessThan(60_000)
  })

  it('are only people this user met', async () => {
    expect(await matches({ email: 'agent@spy.example' })).toEqual([])
    expect(await matches({ email: 'grace@navy.example' }, strangerId)).toEqual([])
  })

  it('need something to compare', async () => {
    expect(await matches({})).toEqual([])
    expect(await matches({ firstName: 'Grace', lastName: 'Hopper' })).toEqual([])
  })
})
