import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

type Person = { id: string; firstName: string; lastName: string; hasUserProfile: boolean }

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await registerUser(t)).cookie
  for (const person of [
    { firstName: 'Grace', lastName: 'Hopper', company: 'US Navy', email: 'grace@navy.example' },
    { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines' },
    { firstName: 'Alan', lastName: 'Turing', company: 'Bletchley Park' },
    { firstName: 'Gracie', lastName: 'Allen', company: 'Vaudeville' },
    { firstName: 'Tom', lastName: 'Baker', company: 'Grace Foundation' },
  ]) {
    await t.request('/api/people', { body: person, cookie })
  }
})
afterAll(() => t.close())

const search = async (q: string) =>
  json<Person[]>(await t.request(`/api/people/search?q=${encodeURIComponent(q)}`, { cookie }))
const names = (people: Person[]) => people.map((person) => `${person.firstName} ${person.lastName}`)

describe('people search', () => {
  it('answers an empty list below three characters', async () => {
    expect(await search('Gr')).toEqual([])
    expect(await search('  G  ')).toEqual([])
  })

  it('matches first, last and full name, email and company, ignoring case', async () => {
    expect(names(await search('hopper'))).toEqual(['Grace Hopper'])
    expect(names(await search('ADA LOVE'))).toEqual(['Ada Lovelace'])
    expect(names(await search('navy.example'))).toEqual(['Grace Hopper'])
    expect(names(await search('bletchley'))).toEqual(['Alan Turing'])
  })

  it('ranks an exact name first, then names starting with the text, then other matches', async () => {
    expect(names(await search('grace hopper'))).toEqual(['Grace Hopper'])
    const grace = names(await search('grac'))
    expect(grace).toHaveLength(3)
    expect(grace.slice(0, 2).sort()).toEqual(['Grace Hopper', 'Gracie Allen'])
    expect(grace[2]).toBe('Tom Baker')
  })

  it('treats % and _ as plain characters', async () => {
    expect(await search('%%%')).toEqual([])
    expect(await search('___')).toEqual([])
  })

  it('is for signed-in users only', async () => {
    expect((await t.request('/api/people/search?q=grace')).status).toBe(401)
  })
})

describe('recording a person', () => {
  it('returns the existing person for a known email instead of a duplicate', async () => {
    const first = await json<Person>(
      await t.request('/api/people', {
        body: { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@nasa.example' },
        cookie,
      }),
    )
    const again = await t.request('/api/people', {
      body: { firstName: 'Kathy', lastName: 'J', email: 'KJ@nasa.example' },
      cookie,
    })
    expect(again.status).toBe(201)
    expect(await json(again)).toMatchObject({ id: first.id, firstName: 'Katherine' })
  })

  it("never finds or hands back another user's people (issue 19, finding 2)", async () => {
    const other = await registerUser(t)
    const theirs = await json<Person>(
      await t.request('/api/people', {
        body: {
          firstName: 'Carol',
          lastName: 'Theirs',
          email: 'carol@theirs.example',
          mobile: '+1 555 0199',
          company: 'Their Company',
        },
        cookie: other.cookie,
      }),
    )
    for (const q of ['Carol', 'theirs', 'carol@theirs.example', 'Their Company']) {
      expect(await search(q)).toEqual([])
    }
    const mine = await t.request('/api/people', {
      body: { firstName: 'Carol', lastName: 'Mine', email: 'CAROL@theirs.example' },
      cookie,
    })
    expect(mine.status).toBe(201)
    const created = await json<Person & { mobile: string | null }>(mine)
    expect(created.id).not.toBe(theirs.id)
    expect(created).toMatchObject({ firstName: 'Carol', lastName: 'Mine', mobile: null })
  })

  it('finds registered users by their public profile, without their email or mobile', async () => {
    const member = await registerUser(t, {
      firstName: 'Profiled',
      lastName: 'Member',
      company: 'Open Works',
      mobile: '+44 7700 900000',
    })
    const found = await search('profiled')
    expect(found).toEqual([
      {
        kind: 'profile',
        id: member.id,
        firstName: 'Profiled',
        lastName: 'Member',
        company: 'Open Works',
        email: null,
        profileImageUrl: null,
        hasUserProfile: true,
      },
    ])
    expect(JSON.stringify(found)).not.toContain(member.email)
  })

  it('show the email and mobile of a user who chose to share them, and no company they hid', async () => {
    const member = await registerUser(t, {
      firstName: 'Sharing',
      lastName: 'Member',
      company: 'Hidden Employer',
      mobile: '+44 7700 900333',
    })
    const shared = await t.request('/api/profile', {
      method: 'PUT',
      body: {
        firstName: 'Sharing',
        lastName: 'Member',
        company: 'Hidden Employer',
        mobile: '+44 7700 900333',
        sharedProfileFields: ['email', 'mobile'],
      },
      cookie: member.cookie,
    })
    expect(shared.status).toBe(200)
    expect(await search('sharing')).toMatchObject([
      { kind: 'profile', id: member.id, email: member.email, company: null },
    ])
    const picked = await t.request('/api/trpc/people.createFromProfile', {
      method: 'POST',
      body: { json: { userId: member.id } },
      cookie,
    })
    expect(
      (await json<{ result: { data: { json: unknown } } }>(picked)).result.data.json,
    ).toMatchObject({
      email: member.email,
      mobile: '+44 7700 900333',
      company: null,
      hasUserProfile: true,
    })
  })

  it('marks a person who is a registered user', async () => {
    const member = await registerUser(t)
    const person = await json<Person>(
      await t.request('/api/people', {
        body: { firstName: 'Member', lastName: 'Person', email: member.email },
        cookie,
      }),
    )
    expect(person.hasUserProfile).toBe(true)
    const stranger = await json<Person>(
      await t.request('/api/people', {
        body: { firstName: 'No', lastName: 'Account', email: 'no-account@example.com' },
        cookie,
      }),
    )
    expect(stranger.hasUserProfile).toBe(false)
  })

  it('takes blank optional fields, a picture included, as not given', async () => {
    const response = await t.request('/api/people', {
      body: { firstName: 'Blank', lastName: 'Fields', email: '', mobile: '', profileImageUrl: '' },
      cookie,
    })
    expect(response.status).toBe(201)
    expect(await json(response)).toMatchObject({ email: null, mobile: null, profileImageUrl: null })
  })

  it.each([
    [{ lastName: 'Only' }, 'First name is required'],
    [{ firstName: 'Only' }, 'Last name is required'],
    [{ firstName: 'A', lastName: 'B', email: 'not-an-email' }, 'Invalid email address'],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const response = await t.request('/api/people', { body, cookie })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })
})

describe('people the caller already met', () => {
  type Match = { person: { id: string }; reasons: string[]; meetings: number; lastMetAt: string }
  const duplicates = async (cookie: string, query: string) => {
    const response = await t.request(`/api/people/duplicates?${query}`, { cookie })
    return { status: response.status, body: await json<Match[] & { message?: string }>(response) }
  }

  it('are found by email, mobile, LinkedIn or a similar name at the same company', async () => {
    const user = await registerUser(t)
    const stranger = await registerUser(t)
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: {
          firstName: 'Dorothy',
          lastName: 'Vaughan',
          email: 'dv@nasa.example',
          mobile: '+1 555 010 9999',
          linkedin: 'https://linkedin.com/in/dvaughan',
          company: 'NASA',
        },
        cookie: user.cookie,
      }),
    )
    await t.request('/api/connections', { body: { personId: person.id }, cookie: user.cookie })

    for (const [query, reason] of [
      ['email=DV@nasa.example', 'email'],
      ['mobile=(555)%20010-9999', 'mobile'],
      ['linkedin=www.linkedin.com/in/dvaughan/', 'linkedin'],
      ['firstName=Dorothea&lastName=Vaughan&company=nasa', 'name'],
    ]) {
      const { status, body } = await duplicates(user.cookie, query ?? '')
      expect(status).toBe(200)
      const summary = body.map((match) => ({
        id: match.person.id,
        reasons: match.reasons,
        meetings: match.meetings,
        lastMet: Number.isNaN(Date.parse(match.lastMetAt)) ? 'not a date' : 'a date',
      }))
      expect(summary).toEqual([
        { id: person.id, reasons: [reason], meetings: 1, lastMet: 'a date' },
      ])
    }
    expect((await duplicates(stranger.cookie, 'email=dv@nasa.example')).body).toEqual([])
    expect((await duplicates(user.cookie, '')).body).toEqual([])
  })

  it('refuse input that is too long with a 400 that says why', async () => {
    const user = await registerUser(t)
    const { status, body } = await duplicates(user.cookie, `email=${'x'.repeat(255)}`)
    expect(status).toBe(400)
    expect(body.message).toBe('Must be at most 254 characters')
  })

  it('are for signed-in users only', async () => {
    expect((await t.request('/api/people/duplicates?email=a@b.example')).status).toBe(401)
  })
})
