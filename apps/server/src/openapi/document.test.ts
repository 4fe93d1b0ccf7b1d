import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { buildOpenApiDocument } from './document.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const isCardDav = (path: string) => path.startsWith('/dav') || path === '/.well-known/carddav'

describe('the OpenAPI document', () => {
  it('has an operation for every REST route the server answers', async () => {
    const documented = new Set(
      Object.entries(buildOpenApiDocument().paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    )
    const routes = t.app.routes
      // Middleware (ALL), the tRPC endpoint (and its lists' fast path, GET /api/trpc/:path), the
      // Prometheus scrape, CardDAV (RFC 6352 describes it) and the share page (HTML for people,
      // /c/...) are not REST operations.
      .filter(({ method, path }) => method !== 'ALL' && path !== '/metrics' && !isCardDav(path))
      .filter(({ path }) => !path.startsWith('/c/') && !path.startsWith('/api/trpc/'))
      .map(({ method, path }) =>
        `${method} ${path}`
          .replace(/:(\w+)/g, '{$1}')
          // The voice-note player's route takes the id as the path's last part.
          .replace('/api/voice-notes/*', '/api/voice-notes/{id}'),
      )
    expect(routes.filter((route) => !documented.has(route))).toEqual([])
    expect(await (await t.request('/api/openapi.json')).json()).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument())),
    )
  })
})
