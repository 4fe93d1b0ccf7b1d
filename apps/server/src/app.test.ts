import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerUser, type TestApp } from './test/test-app.ts'

let t: TestApp
let clientDir: string
beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'fiveconnect-client-'))
  await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>FiveConnect</title>')
  await writeFile(join(clientDir, 'robots.txt'), 'User-agent: *')
  t = await createTestApp({ clientDir })
})
afterAll(async () => {
  await t.close()
  await rm(clientDir, { recursive: true, force: true })
})

describe('the HTTP app', () => {
  it('reports database reachability at /api/health', async () => {
    const response = await t.request('/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request('/api/does-not-exist')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Not found' })
  })

  it('serves the client: files as they are, other paths as index.html for the client router', async () => {
    expect(await (await t.request('/robots.txt')).text()).toBe('User-agent: *')
    for (const path of ['/', '/login', '/connections', '/no/such/page']) {
      const response = await t.request(path)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<title>FiveConnect</title>')
    }
  })

  it('serves tRPC under /api/trpc with superjson', async () => {
    const user = await registerUser(t)
    const response = await t.request(`/api/trpc/auth.me`, { cookie: user.cookie })
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      result: { data: Parameters<typeof superjson.deserialize>[0] }
    }
    const me = superjson.deserialize<{ email: string; createdAt: Date }>(body.result.data)
    expect(me.email).toBe(user.email)
    expect(me.createdAt).toBeInstanceOf(Date)
  })

  it('gives tRPC validation errors the first readable message and the field issues', async () => {
    const response = await t.request('/api/trpc/auth.login', {
      body: superjson.serialize({ email: 'nope', password: '' }),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as {
      error: {
        json: { message: string; data: { issues: { fieldErrors: Record<string, string[]> } } }
      }
    }
    expect(body.error.json.message).toBe('Invalid email address')
    expect(body.error.json.data.issues.fieldErrors.password).toEqual(['Password is required'])
  })

  it('refuses a tRPC batch of more than 20 calls before running any of them', async () => {
    const user = await registerUser(t)
    const batch = (path: string, calls: number) =>
      `/api/trpc/${Array<string>(calls).fill(path).join(',')}?batch=1`

    const tooMany = await t.request(batch('auth.logout', 21), { body: {}, cookie: user.cookie })
    expect(tooMany.status).toBe(400)
    const refusal = (await tooMany.json()) as { error: { json: { message: string } } }
    expect(refusal.error.json.message).toBe('Batch call exceeds maximum size')
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(200)

    const allowed = await t.request(batch('auth.me', 20), { cookie: user.cookie })
    expect(allowed.status).toBe(200)
    expect(await allowed.json()).toHaveLength(20)
  })

  it('marks every API answer, signed in or not, as not to be cached', async () => {
    const user = await registerUser(t)
    for (const path of [
      '/api/auth/user',
      '/api/connections',
      '/api/connections/export.csv',
      '/api/account/export.json',
      '/api/trpc/auth.me',
      '/api/does-not-exist',
    ]) {
      const response = await t.request(path, { cookie: user.cookie })
      expect([path, response.headers.get('cache-control')]).toEqual([path, 'no-store'])
    }
    const signedOut = await t.request('/api/auth/user')
    expect(signedOut.status).toBe(401)
    expect(signedOut.headers.get('cache-control')).toBe('no-store')
  })
})
