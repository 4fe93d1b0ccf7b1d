import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { buildOpenApiDocument } from './document.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('has an operation for every REST route the server answers', async () => {
    const documented = new Set(
      Object.entries(buildOpenApiDocument().paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    )
    const routes = t.app.routes
      // Middleware (ALL), the tRPC endpoint and the Prometheus scrape are not REST operations, nor
      // is the CardDAV address book (WebDAV, for address-book apps: docs/decisions/022).
      .filter(({ method, path }) => method !== 'ALL' && path !== '/metrics')
      .filter(({ path }) => !path.startsWith('/dav/'))
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
