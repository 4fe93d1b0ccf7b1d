import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOverNode, type NodeServer } from '../test/node-server.ts'
import { createTestApp, TEST_APP_URL, type TestApp } from '../test/test-app.ts'

let t: TestApp
let server: NodeServer
let base = ''
beforeAll(async () => {
  t = await createTestApp()
  server = await serveOverNode(t.app.fetch)
  base = server.base
})
afterAll(async () => {
  await server.close()
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
