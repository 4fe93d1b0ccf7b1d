import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_APP_URL, type TestApp } from '../test/test-app.ts'

let t: TestApp
let server: ReturnType<typeof serve>
let base = ''
beforeAll(async () => {
  t = await createTestApp()
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${String(info.port)}`
      resolve()
    })
  })
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

describe('a refusal that leaves the body unread, on a real keep-alive connection', () => {
  it('answers a too-large JSON body with 413, and the next request on the same client works', async () => {
    const tooLarge = await fetch(`${base}/api/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json', origin: TEST_APP_URL },
    })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toEqual({ message: 'The request body is too large.' })
    expect(tooLarge.headers.get('connection')).toBe('close')

    const next = await fetch(`${base}/api/health`)
    expect(next.status).toBe(200)
  })

  it('refuses a signed-out upload without reading it, and the next request works', async () => {
    const form = new FormData()
    form.append('audio', new Blob([new Uint8Array(4 * 1024 * 1024)]), 'voice-note.webm')
    const refused = await fetch(`${base}/api/voice-notes`, {
      method: 'POST',
      body: form,
      headers: { origin: TEST_APP_URL },
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('connection')).toBe('close')

    const next = await fetch(`${base}/api/health`)
    expect(next.status).toBe(200)
  })
})
