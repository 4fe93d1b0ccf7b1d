import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARE_PAGE_CSP } from '../share/share-page.html.ts'
import { serveOverNode, type NodeServer } from '../test/node-server.ts'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'

// Served by Node (as index.ts serves the app), the default headers go on Node's response; called
// as app.request, on the answer. Both must answer the same headers.
let t: TestApp
let server: NodeServer
let base = ''
let cookie = ''
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await registerUser(t)).cookie
  server = await serveOverNode(t.app.fetch)
  base = server.base
})
afterAll(async () => {
  await server.close()
  await t.close()
})

/** What differs from one answer to the next, or belongs to the connection rather than the answer. */
const VOLATILE = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function stableHeaders(response: Response) {
  expect(response.headers.get('x-request-id')).toMatch(UUID)
  return Object.fromEntries([...response.headers].filter(([name]) => !VOLATILE.has(name)))
}

// fetch() asks for gzip unless told otherwise; app.request asks for nothing.
const IDENTITY = { 'accept-encoding': 'identity' }

async function throughNode(path: string, headers: Record<string, string>) {
  const response = await fetch(base + path, { headers: { ...IDENTITY, ...headers } })
  await response.arrayBuffer()
  return response
}

describe('the headers every answer carries, served by Node', () => {
  it.each([
    ['an API answer', '/api/events', { cookie }],
    ['a compressed API answer', '/api/events', { cookie, 'accept-encoding': 'gzip' }],
    ["tRPC's own Response", '/api/trpc/auth.me', { cookie }],
    ['an API error', '/api/no-such-route', {}],
    ['an answer outside the API', '/metrics', {}],
    ['the share page, with its own policy', '/c/no-such-token', {}],
  ])('are those app.request answers: %s', async (_name, path, headers) => {
    const node = await throughNode(path, headers)
    const direct = await t.request(path, { headers: { ...IDENTITY, ...headers } })
    expect(node.status).toBe(direct.status)
    expect(stableHeaders(node)).toEqual(stableHeaders(direct))
  })

  it("let the answer's own headers replace them", async () => {
    const api = await throughNode('/api/events', { cookie })
    expect(api.headers.get('cache-control')).toBe('no-store')
    expect(api.headers.get('vary')).toBe('Accept-Encoding')
    expect(api.headers.get('x-frame-options')).toBe('DENY')

    const compressed = await throughNode('/api/events', { cookie, 'accept-encoding': 'gzip' })
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding')

    const share = await throughNode('/c/no-such-token', {})
    expect(share.headers.get('content-security-policy')).toBe(SHARE_PAGE_CSP)
    expect(share.headers.get('x-frame-options')).toBe('DENY')
  })

  it('answer the id a proxy sent as X-Request-Id', async () => {
    const response = await throughNode('/api/health', { 'x-request-id': 'from-the-proxy.1' })
    expect(response.headers.get('x-request-id')).toBe('from-the-proxy.1')
  })
})
