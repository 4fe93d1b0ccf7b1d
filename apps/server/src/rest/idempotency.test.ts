import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Created = { id: string }

async function countConnections(cookie: string) {
  return (await json<Created[]>(await t.request('/api/connections', { cookie }))).length
}

describe('creating with an idempotency key (the offline outbox retries with one)', () => {
  it('answers a repeated POST /api/people with the same person, by header or body', async () => {
    const user = await registerUser(t)
    const key = randomUUID()
    const body = { firstName: 'Katherine', lastName: 'Johnson' }
    const first = await t.request('/api/people', {
      body,
      cookie: user.cookie,
      headers: { 'Idempotency-Key': key },
    })
    const repeat = await t.request('/api/people', {
      body: { ...body, idempotencyKey: key },
      cookie: user.cookie,
    })
    expect(first.status).toBe(201)
    expect(repeat.status).toBe(201)
    expect(await json(repeat)).toEqual(await json(first))
  })

  it('answers a repeated POST /api/connections with the same connection and adds none', async () => {
    const user = await registerUser(t)
    const person = await json<Created>(
      await t.request('/api/people', {
        body: { firstName: 'Dorothy', lastName: 'Vaughan' },
        cookie: user.cookie,
      }),
    )
    const send = () =>
      t.request('/api/connections', {
        body: { personId: person.id, eventId: null, connectionTypes: ['IC'] },
        cookie: user.cookie,
        headers: { 'Idempotency-Key': key },
      })
    const key = randomUUID()
    const responses = await Promise.all([send(), send(), send()])
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201])
    const [first, ...repeats] = await Promise.all(responses.map((response) => json(response)))
    for (const repeat of repeats) expect(repeat).toEqual(first)
    expect(await countConnections(user.cookie)).toBe(1)
  })

  it('refuses a key that is not a UUID, and two different keys', async () => {
    const user = await registerUser(t)
    const notUuid = await t.request('/api/people', {
      body: { firstName: 'Mary', lastName: 'Jackson' },
      cookie: user.cookie,
      headers: { 'Idempotency-Key': 'retry-1' },
    })
    expect(notUuid.status).toBe(400)
    expect(await notUuid.text()).toContain('The idempotency key must be a UUID')

    const twoKeys = await t.request('/api/people', {
      body: { firstName: 'Mary', lastName: 'Jackson', idempotencyKey: randomUUID() },
      cookie: user.cookie,
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(twoKeys.status).toBe(400)
    expect(await json(twoKeys)).toEqual({
      message: 'The Idempotency-Key header and the body’s idempotencyKey differ.',
    })
  })
})
