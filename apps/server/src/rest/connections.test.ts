import { gunzipSync } from 'node:zlib'
import { events } from '@fiveconnect/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

type Connection = {
  id: string
  connectionTypes: string[]
  notes: string | null
  followUpOn: string | null
  followUpDone: boolean
  person: { id: string; firstName: string; email: string | null; company: string | null }
  event: { id: string; title: string } | null
  createdAt: string
}

let t: TestApp
let eventId: string
beforeAll(async () => {
  t = await createTestApp()
  const [event] = await t.db.select().from(events)
  eventId = event?.id ?? ''
})
afterAll(() => t.close())

async function newPerson(cookie: string, firstName = 'Grace') {
  const response = await t.request('/api/people', {
    body: { firstName, lastName: 'Hopper' },
    cookie,
  })
  return json<{ id: string }>(response)
}

async function addConnection(cookie: string, body: Record<string, unknown> = {}) {
  const person = await newPerson(cookie)
  const response = await t.request('/api/connections', {
    body: { personId: person.id, eventId: null, connectionTypes: ['SA'], ...body },
    cookie,
  })
  expect(response.status).toBe(201)
  return json<Connection>(response)
}

describe('connections', () => {
  it('are created with their person and event, and listed newest first', async () => {
    const user = await registerUser(t)
    const first = await addConnection(user.cookie, { eventId, notes: 'Met at the keynote' })
    const second = await addConnection(user.cookie, { connectionTypes: ['JV', 'RF'] })

    expect(first.event).toMatchObject({ id: eventId, title: 'Ideas Fest' })
    expect(first.person).toMatchObject({ firstName: 'Grace' })
    const list = await json<Connection[]>(
      await t.request('/api/connections', { cookie: user.cookie }),
    )
    expect(list.map((connection) => connection.id)).toEqual([second.id, first.id])
    expect(list[0]).toMatchObject({ connectionTypes: ['JV', 'RF'], event: null })
    expect(list[1]?.notes).toBe('Met at the keynote')
  })

  it('are private: another user sees none, and their ids answer 404', async () => {
    const owner = await registerUser(t)
    const stranger = await registerUser(t)
    const connection = await addConnection(owner.cookie)

    expect(await json(await t.request('/api/connections', { cookie: stranger.cookie }))).toEqual([])
    for (const method of ['PUT', 'DELETE']) {
      const response = await t.request(`/api/connections/${connection.id}`, {
        method,
        body: method === 'PUT' ? { notes: 'mine now' } : undefined,
        cookie: stranger.cookie,
      })
      expect(response.status).toBe(404)
      expect(await json(response)).toEqual({ message: 'Connection not found.' })
    }
    const [kept] = await json<Connection[]>(
      await t.request('/api/connections', { cookie: owner.cookie }),
    )
    expect(kept?.notes).toBeNull()
  })

  it.each([
    [{ connectionTypes: ['XX'] }, 'Connection types must be SA, JV, MA, IC or RF'],
    [{ connectionTypes: ['SA', 'SA'] }, 'Each connection type can be chosen once'],
    [{ personId: 'not-a-uuid' }, 'Not a valid id'],
    [{ photos: ['https://evil.example/x.png'] }, 'Must be a stored file path'],
    [{ eventId: '00000000-0000-4000-8000-000000000000' }, 'That event does not exist.'],
    [{ personId: '00000000-0000-4000-8000-000000000000' }, 'That person does not exist.'],
  ])('refuses %j with a 400 that says why', async (change, message) => {
    const user = await registerUser(t)
    const person = await newPerson(user.cookie)
    const response = await t.request('/api/connections', {
      body: { personId: person.id, connectionTypes: ['SA'], ...change },
      cookie: user.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('updates the connection and its person contact details together', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie)
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'PUT',
      body: {
        eventId,
        connectionTypes: ['IC'],
        connectionFocus: 'Fintech',
        notes: 'Follow up next week',
        email: 'Grace@Example.com',
        company: 'Navy',
        linkedin: 'linkedin.com/in/grace',
      },
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
    const updated = await json<Connection & { connectionFocus: string }>(response)
    expect(updated).toMatchObject({
      connectionTypes: ['IC'],
      connectionFocus: 'Fintech',
      notes: 'Follow up next week',
      event: { title: 'Ideas Fest' },
      person: { email: 'grace@example.com', company: 'Navy' },
    })
  })

  it('keeps the fields an update leaves out', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie, {
      eventId,
      connectionTypes: ['MA', 'RF'],
      connectionFocus: 'Fintech',
    })
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'PUT',
      body: { notes: 'Only the notes change' },
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({
      connectionTypes: ['MA', 'RF'],
      connectionFocus: 'Fintech',
      notes: 'Only the notes change',
      photos: [],
      event: { id: eventId },
    })
  })

  it('takes a blank voice note as no voice note, on create and on update', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie, { voiceNoteUrl: '' })
    expect(connection).toMatchObject({ voiceNoteUrl: null })
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'PUT',
      body: { voiceNoteUrl: '' },
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ voiceNoteUrl: null })
  })

  it('marks the person as a registered user when the new email is a user’s, and unmarks them', async () => {
    const user = await registerUser(t)
    const member = await registerUser(t)
    const connection = await addConnection(user.cookie)
    const update = async (email: string) => {
      const response = await t.request(`/api/connections/${connection.id}`, {
        method: 'PUT',
        body: { email },
        cookie: user.cookie,
      })
      return (await json<{ person: { hasUserProfile: boolean } }>(response)).person
    }
    expect(await update(member.email.toUpperCase())).toMatchObject({ hasUserProfile: true })
    expect(await update('nobody@example.com')).toMatchObject({ hasUserProfile: false })
  })

  it('refuses an update to an event that does not exist, and changes nothing', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie, { eventId, notes: 'Met at the bar' })
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'PUT',
      body: {
        eventId: '00000000-0000-4000-8000-000000000000',
        notes: 'Lost?',
        company: 'Navy',
      },
      cookie: user.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe('That event does not exist.')
    const [kept] = await json<Connection[]>(
      await t.request('/api/connections', { cookie: user.cookie }),
    )
    expect(kept).toMatchObject({ notes: 'Met at the bar', event: { id: eventId } })
    expect(kept?.person.company).toBeNull()
  })

  it('answers an email that belongs to another person with a 409', async () => {
    const user = await registerUser(t)
    await t.request('/api/people', {
      body: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' },
      cookie: user.cookie,
    })
    const connection = await addConnection(user.cookie)
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'PUT',
      body: { email: 'alan@example.com' },
      cookie: user.cookie,
    })
    expect(response.status).toBe(409)
    expect((await json(response)).message).toBe(
      'Another of your contacts already has this email address.',
    )
  })

  it('are deleted by their author', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie)
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
    expect(await json(await t.request('/api/connections', { cookie: user.cookie }))).toEqual([])
    const again = await t.request(`/api/connections/${connection.id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    })
    expect(again.status).toBe(404)
  })

  it('answer 401 when signed out', async () => {
    expect((await t.request('/api/connections')).status).toBe(401)
    expect((await t.request('/api/connections', { body: {} })).status).toBe(401)
  })

  it('answer broken JSON, wrong types and missing fields with a 400', async () => {
    const user = await registerUser(t)
    for (const body of ['{"personId":', '[]', '"text"', '{}', { personId: 7 }]) {
      const response = await t.request('/api/connections', { body, cookie: user.cookie })
      expect(response.status).toBe(400)
      expect(typeof (await json(response)).message).toBe('string')
    }
  })
})

describe('memory search', () => {
  type Found = Connection & {
    rank: number
    highlights: Record<string, { text: string; isMatch: boolean }[]>
  }
  const search = async (cookie: string, query: string) => {
    const response = await t.request(`/api/connections/search?${query}`, { cookie })
    return { status: response.status, body: await json<Found[] & { message?: string }>(response) }
  }

  it('finds a connection by a word of its transcription, with the word marked', async () => {
    const user = await registerUser(t)
    const stranger = await registerUser(t)
    const mine = await addConnection(user.cookie, {
      eventId,
      voiceNoteTranscription: 'She runs a beekeeping cooperative',
    })
    await addConnection(stranger.cookie, { voiceNoteTranscription: 'beekeeping too' })

    const { status, body } = await search(user.cookie, 'q=beekeeper')
    expect(status).toBe(200)
    expect(body.map((found) => found.id)).toEqual([mine.id])
    expect(body[0]).toMatchObject({
      person: { firstName: 'Grace' },
      event: { title: 'Ideas Fest' },
    })
    expect(body[0]?.highlights).toEqual({
      transcription: [
        { text: 'She runs a ', isMatch: false },
        { text: 'beekeeping', isMatch: true },
        { text: ' cooperative', isMatch: false },
      ],
    })
  })

  it('filters by event, type and open follow-up', async () => {
    const user = await registerUser(t)
    const atFest = await addConnection(user.cookie, { eventId, notes: 'robotics' })
    const jv = await addConnection(user.cookie, { connectionTypes: ['JV'], notes: 'robotics' })
    const ids = async (query: string) =>
      (await search(user.cookie, query)).body.map((found) => found.id)
    expect(await ids(`q=robotics&eventId=${eventId}`)).toEqual([atFest.id])
    expect(await ids('q=robotics&type=JV')).toEqual([jv.id])
    await t.request(`/api/connections/${jv.id}`, {
      method: 'PUT',
      body: { followUpOn: '2030-01-01' },
      cookie: user.cookie,
    })
    expect(await ids('q=robotics&needsFollowUp=true')).toEqual([jv.id])
  })

  it('answers an empty list below two characters', async () => {
    const user = await registerUser(t)
    await addConnection(user.cookie)
    expect(await search(user.cookie, 'q=g')).toEqual({ status: 200, body: [] })
    expect(await search(user.cookie, 'q=%20%20')).toEqual({ status: 200, body: [] })
  })

  it.each([
    ['', 'The search text is required'],
    [`q=${'x'.repeat(201)}`, 'The search text is too long'],
    ['q=grace&eventId=nope', 'Not a valid id'],
    ['q=grace&type=XX', 'Connection type must be SA, JV, MA, IC or RF'],
    ['q=grace&needsFollowUp=maybe', 'needsFollowUp must be true or false'],
  ])('refuses ?%s with a 400 that says why', async (query, message) => {
    const user = await registerUser(t)
    const { status, body } = await search(user.cookie, query)
    expect(status).toBe(400)
    expect(body.message).toBe(message)
  })

  it('is for signed-in users only', async () => {
    expect((await t.request('/api/connections/search?q=grace')).status).toBe(401)
  })
})

describe('voice note recording time', () => {
  it('is kept as sent, listed as an ISO instant, changed and cleared by an update', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie, {
      voiceNoteRecordedAt: '2026-11-26T09:30:00+13:00',
    })
    const recordedAt = (list: Record<string, unknown>[]) =>
      list.find((row) => row.id === connection.id)?.voiceNoteRecordedAt
    const listed = async () =>
      recordedAt(
        await json<Record<string, unknown>[]>(
          await t.request('/api/connections', { cookie: user.cookie }),
        ),
      )
    expect(await listed()).toBe('2026-11-25T20:30:00.000Z')

    const update = (body: Record<string, unknown>) =>
      t.request(`/api/connections/${connection.id}`, { method: 'PUT', body, cookie: user.cookie })
    expect((await update({ notes: 'Kept' })).status).toBe(200)
    expect(await listed()).toBe('2026-11-25T20:30:00.000Z')
    expect((await update({ voiceNoteRecordedAt: null })).status).toBe(200)
    expect(await listed()).toBeNull()

    const refused = await update({ voiceNoteRecordedAt: 'tomorrow' })
    expect(refused.status).toBe(400)
    expect((await json(refused)).message).toBe('Recording time must be a date and time')
  })
})

describe('follow-ups', () => {
  it('are a calendar day and a done flag, set on create and changed on update', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie, { followUpOn: '2030-03-01' })
    expect(connection).toMatchObject({ followUpOn: '2030-03-01', followUpDone: false })

    const update = async (body: Record<string, unknown>) =>
      json<Connection>(
        await t.request(`/api/connections/${connection.id}`, {
          method: 'PUT',
          body,
          cookie: user.cookie,
        }),
      )
    expect(await update({ followUpDone: true })).toMatchObject({
      followUpOn: '2030-03-01',
      followUpDone: true,
    })
    expect(await update({ followUpOn: '' })).toMatchObject({ followUpOn: null })
  })

  it.each([
    [{ followUpOn: '2030-02-30' }, 'Follow-up date must be a date (YYYY-MM-DD)'],
    [{ followUpDone: 'yes' }, 'Follow-up done must be true or false'],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie)
    const response = await t.request(`/api/connections/${connection.id}`, {
      method: 'PUT',
      body,
      cookie: user.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('download as an iCalendar event for the author only', async () => {
    const user = await registerUser(t)
    const stranger = await registerUser(t)
    const connection = await addConnection(user.cookie, {
      eventId,
      followUpOn: '2030-03-01',
      notes: 'Send the deck; mention pricing, too',
    })
    const path = `/api/connections/${connection.id}/follow-up.ics`

    const response = await t.request(path, { cookie: user.cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="follow-up-grace-hopper.ics"',
    )
    const text = await response.text()
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text).toMatch(/END:VCALENDAR\r\n$/)
    expect(text).not.toMatch(/(?<!\r)\n/)
    const unfolded = text.replaceAll('\r\n ', '')
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20300301\r\n')
    expect(unfolded).toContain('SUMMARY:Follow up with Grace Hopper\r\n')
    expect(unfolded).toContain(
      'DESCRIPTION:Met at Ideas Fest\\nTypes: SA\\nSend the deck\\; mention pricing\\, too\r\n',
    )
    expect(unfolded).toContain(`UID:follow-up-${connection.id}@fiveconnect\r\n`)

    const foreign = await t.request(path, { cookie: stranger.cookie })
    expect(foreign.status).toBe(404)
    expect(await json(foreign)).toEqual({ message: 'Connection not found.' })
    expect((await t.request(path)).status).toBe(401)
  })

  it('answer 404 without a follow-up date and 400 for a bad id', async () => {
    const user = await registerUser(t)
    const connection = await addConnection(user.cookie)
    const none = await t.request(`/api/connections/${connection.id}/follow-up.ics`, {
      cookie: user.cookie,
    })
    expect(none.status).toBe(404)
    expect(await json(none)).toEqual({ message: 'This connection has no follow-up date.' })
    const bad = await t.request('/api/connections/nope/follow-up.ics', { cookie: user.cookie })
    expect(bad.status).toBe(400)
    expect((await json(bad)).message).toBe('Not a valid id')
  })
})

describe('answers', () => {
  it('come gzip-compressed to a client that accepts it, and whole to one that does not', async () => {
    const user = await registerUser(t)
    for (let index = 0; index < 3; index++)
      await addConnection(user.cookie, { notes: 'x'.repeat(500) })
    const plain = await t.request('/api/connections', { cookie: user.cookie })
    const compressed = await t.request('/api/connections', {
      cookie: user.cookie,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    const plainText = await plain.text()
    const body = Buffer.from(await compressed.arrayBuffer())
    expect(body.length).toBeLessThan(Buffer.byteLength(plainText) / 4)
    expect(gunzipSync(body).toString()).toBe(plainText)
  })
})
