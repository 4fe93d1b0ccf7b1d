import { randomUUID } from 'node:crypto'
import { events } from '@fiveconnect/db'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

type Person = { id: string; firstName: string; lastName: string; email: string | null }
type Connection = {
  id: string
  personId: string
  connectionTypes: string[]
  person: Person
  event: { id: string; title: string } | null
}

let t: TestApp
let eventId: string
beforeAll(async () => {
  t = await createTestApp()
  const [event] = await t.db.select().from(events)
  eventId = event?.id ?? ''
})
afterAll(() => t.close())

/** connections.createWithPerson over HTTP, as the client's tRPC link sends it. */
async function createWithPerson(cookie: string, input: Record<string, unknown>) {
  const response = await t.request('/api/trpc/connections.createWithPerson', {
    method: 'POST',
    body: JSON.stringify(superjson.serialize(input)),
    cookie,
  })
  const body = await json<{
    result?: { data: { json: Connection } }
    error?: { json: { message: string } }
  }>(response)
  return { status: response.status, connection: body.result?.data.json, error: body.error?.json }
}

async function listOf<T>(path: string, cookie: string) {
  return json<T[]>(await t.request(path, { cookie }))
}

describe('connections.createWithPerson', () => {
  it('saves a new person and the connection with them, answering both', async () => {
    const user = await registerUser(t)
    const { status, connection } = await createWithPerson(user.cookie, {
      person: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engines.example' },
      eventId,
      connectionTypes: ['SA'],
    })
    expect(status).toBe(200)
    expect(connection).toMatchObject({
      connectionTypes: ['SA'],
      person: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engines.example' },
      event: { id: eventId, title: 'Ideas Fest' },
    })
    const list = await listOf<Connection>('/api/connections', user.cookie)
    expect(list.map(({ id, person }) => [id, person.id])).toEqual([
      [connection?.id, connection?.personId],
    ])
  })

  it("reuses the caller's own person with the same email instead of adding a second", async () => {
    const user = await registerUser(t)
    const known = await json<Person>(
      await t.request('/api/people', {
        body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' },
        cookie: user.cookie,
      }),
    )
    const { connection } = await createWithPerson(user.cookie, {
      person: { firstName: 'Grace', lastName: 'H.', email: 'Grace@Navy.example' },
    })
    expect(connection?.personId).toBe(known.id)
  })

  it('leaves no person behind when the connection is refused', async () => {
    const user = await registerUser(t)
    const { status, error } = await createWithPerson(user.cookie, {
      person: { firstName: 'Katherine', lastName: 'Johnson' },
      eventId: randomUUID(),
    })
    expect(status).toBe(400)
    expect(error?.message).toBe('That event does not exist.')
    const search = await t.request(
      `/api/trpc/people.search?input=${encodeURIComponent(JSON.stringify({ json: { q: 'Katherine' } }))}`,
      { cookie: user.cookie },
    )
    expect(
      (await json<{ result: { data: { json: unknown[] } } }>(search)).result.data.json,
    ).toEqual([])
    expect(await listOf('/api/connections', user.cookie)).toEqual([])
  })

  it('answers a replay with the same key with the same connection, adding nothing', async () => {
    const user = await registerUser(t)
    const input = {
      person: { firstName: 'Dorothy', lastName: 'Vaughan' },
      connectionTypes: ['IC'],
      idempotencyKey: randomUUID(),
    }
    const first = await createWithPerson(user.cookie, input)
    const [again, racing] = await Promise.all([
      createWithPerson(user.cookie, input),
      createWithPerson(user.cookie, input),
    ])
    expect(first.status).toBe(200)
    expect(again.connection).toEqual(first.connection)
    expect(racing.connection).toEqual(first.connection)
    const list = await listOf<Connection>('/api/connections', user.cookie)
    expect(list.map(({ id }) => id)).toEqual([first.connection?.id])

    const another = await createWithPerson(user.cookie, { ...input, idempotencyKey: randomUUID() })
    expect(another.connection?.personId).not.toBe(first.connection?.personId)
  })

  it('refuses a person without a last name with a 400 and saves nothing', async () => {
    const user = await registerUser(t)
    const { status, error } = await createWithPerson(user.cookie, {
      person: { firstName: 'Mary', lastName: ' ' },
    })
    expect(status).toBe(400)
    expect(error?.message).toBe('Last name is required')
    expect(await listOf('/api/connections', user.cookie)).toEqual([])
  })
})
