import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import superjson from 'superjson'
import { createTestApp, json, registerUser, type TestApp } from './test/test-app.ts'

type Summary = {
  totalConnections: number
  recentConnections: { id: string; notes: string | null; person: { firstName: string } }[]
  followUpsDue: { id: string; followUpOn: string; person: Record<string, string> }[]
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const TODAY = '2026-03-10'

function summary(cookie: string, input: unknown = { today: TODAY }) {
  const serialized = encodeURIComponent(JSON.stringify(superjson.serialize(input)))
  return t.request(`/api/trpc/home.summary?input=${serialized}`, { cookie })
}

async function summaryOf(cookie: string) {
  const response = await summary(cookie)
  expect(response.status).toBe(200)
  return superjson.deserialize<Summary>(
    (await json<{ result: { data: Parameters<typeof superjson.deserialize>[0] } }>(response)).result
      .data,
  )
}

async function addConnection(cookie: string, firstName: string, body: Record<string, unknown>) {
  const person = await json<{ id: string }>(
    await t.request('/api/people', { body: { firstName, lastName: 'Test' }, cookie }),
  )
  const response = await t.request('/api/connections', {
    body: { personId: person.id, connectionTypes: ['SA'], ...body },
    cookie,
  })
  expect(response.status).toBe(201)
  return json<{ id: string }>(response)
}

describe('home.summary', () => {
  it('counts every connection and answers the 3 newest, with what their dialog shows', async () => {
    const user = await registerUser(t)
    const added = []
    for (const name of ['Ann', 'Bob', 'Cat', 'Dan', 'Eve']) {
      added.push(await addConnection(user.cookie, name, { notes: `Notes on ${name}` }))
    }
    const answer = await summaryOf(user.cookie)
    expect(answer.totalConnections).toBe(5)
    expect(answer.recentConnections.map((connection) => connection.person.firstName)).toEqual([
      'Eve',
      'Dan',
      'Cat',
    ])
    expect(answer.recentConnections[0]).toMatchObject({ id: added[4]?.id, notes: 'Notes on Eve' })
  })

  it('answers open follow-ups overdue or due within 14 days of the given day, earliest first (then first made)', async () => {
    const user = await registerUser(t)
    await addConnection(user.cookie, 'Later', { followUpOn: '2026-03-25' })
    const soon = await addConnection(user.cookie, 'Soon', { followUpOn: '2026-03-24' })
    await addConnection(user.cookie, 'Done', { followUpOn: '2026-03-01', followUpDone: true })
    const overdue = await addConnection(user.cookie, 'Overdue', { followUpOn: '2026-03-01' })
    const today = await addConnection(user.cookie, 'Today', { followUpOn: TODAY })
    const todayLater = await addConnection(user.cookie, 'Again', { followUpOn: TODAY })
    await addConnection(user.cookie, 'None', {})

    expect((await summaryOf(user.cookie)).followUpsDue).toEqual([
      {
        id: overdue.id,
        followUpOn: '2026-03-01',
        person: { firstName: 'Overdue', lastName: 'Test' },
      },
      { id: today.id, followUpOn: TODAY, person: { firstName: 'Today', lastName: 'Test' } },
      { id: todayLater.id, followUpOn: TODAY, person: { firstName: 'Again', lastName: 'Test' } },
      { id: soon.id, followUpOn: '2026-03-24', person: { firstName: 'Soon', lastName: 'Test' } },
    ])
  })

  it("answers only the caller's own connections", async () => {
    const owner = await registerUser(t)
    await addConnection(owner.cookie, 'Private', { followUpOn: TODAY })
    const other = await registerUser(t)
    expect(await summaryOf(other.cookie)).toEqual({
      totalConnections: 0,
      recentConnections: [],
      followUpsDue: [],
      sharedWithYou: [],
    })
  })

  it('refuses a day that is not a date with a 400, and a signed-out caller with a 401', async () => {
    const user = await registerUser(t)
    for (const input of [{ today: 'tomorrow' }, { today: '2026-02-30' }, {}, null]) {
      const response = await summary(user.cookie, input)
      expect(response.status).toBe(400)
    }
    expect((await t.request('/api/trpc/home.summary', { cookie: user.cookie })).status).toBe(400)
    const refused = await summary(user.cookie, { today: 'tomorrow' })
    expect(await refused.text()).toContain('Today must be a date (YYYY-MM-DD)')
    expect((await summary('')).status).toBe(401)
  })
})
