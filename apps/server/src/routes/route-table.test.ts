import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../openapi/document.ts'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'
import { trpcMutation } from '../test/trpc-calls.ts'
import { checkRoutes } from './mount.ts'
import type { RestRoute } from './route.ts'
import { restRoutes } from './table/index.ts'

/**
 * A procedure the REST API does not offer, offered by one entry: the worked example of
 * docs/calling-the-api.md.
 */
const newRoute: RestRoute = {
  method: 'get',
  path: '/api/calendar-feed',
  summary: 'Whether you have a calendar feed',
  tag: 'Exports',
  access: 'user',
  procedure: 'calendarFeed.status',
  success: { status: 200, media: 'json' },
}
const routes = [...restRoutes, newRoute]

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ routes })
})
afterAll(() => t.close())

type Document = ReturnType<typeof buildOpenApiDocument> & {
  paths: Record<string, Record<string, Record<string, unknown>>>
}

describe('a route added to the table', () => {
  it('is served: the procedure called with the session, its answer with the entry’s status', async () => {
    const user = await registerUser(t)
    // t.request checks every answer against this app's own document, which has the new route.
    const before = await t.request('/api/calendar-feed', { cookie: user.cookie })
    expect(before.status).toBe(200)
    expect(await json(before)).toEqual({ hasFeed: false })

    await trpcMutation(t, user.cookie, 'calendarFeed.create', undefined)
    expect(await json(await t.request('/api/calendar-feed', { cookie: user.cookie }))).toEqual({
      hasFeed: true,
    })

    const signedOut = await t.request('/api/calendar-feed')
    expect(signedOut.status).toBe(401)
    expect(await json(signedOut)).toEqual({ message: 'Unauthorized' })
  })

  it('is documented: in the document the app serves, from the procedure’s schemas', async () => {
    const document = await json<Document>(await t.request('/api/openapi.json'))
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(routes))))
    expect(document.paths['/api/calendar-feed']).toEqual({
      get: {
        operationId: 'getApiCalendarFeed',
        summary: 'Whether you have a calendar feed',
        tags: ['Exports'],
        security: [{ session: [] }],
        responses: {
          200: {
            description: 'Success.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { hasFeed: { type: 'boolean' } },
                  required: ['hasFeed'],
                  additionalProperties: false,
                },
              },
            },
          },
          401: { $ref: '#/components/responses/Error401' },
          500: { $ref: '#/components/responses/Error500' },
          503: { $ref: '#/components/responses/Error503' },
        },
      },
    })
  })

  it('is neither served nor documented by the app without it', async () => {
    expect(buildOpenApiDocument().paths).not.toHaveProperty(['/api/calendar-feed'])
    const standard = await createTestApp()
    try {
      const user = await registerUser(standard)
      const response = await standard.request('/api/calendar-feed', { cookie: user.cookie })
      expect(response.status).toBe(404)
    } finally {
      await standard.close()
    }
  })
})

describe('the table', () => {
  const route = (entry: Partial<RestRoute>): RestRoute => ({
    method: 'get',
    path: '/api/example',
    summary: 'An example',
    tag: 'Health',
    access: 'public',
    success: { status: 200, media: 'json' },
    ...entry,
  })

  it('refuses an entry that could answer other than it is documented', () => {
    expect(() =>
      checkRoutes([route({ procedure: 'auth.me', success: { status: 200, media: 'text/csv' } })]),
    ).toThrow('GET /api/example answers text/csv: that needs its own handler (serve)')
    expect(() => checkRoutes([route({})])).toThrow(
      'GET /api/example names neither a procedure nor its own handler (serve)',
    )
    expect(() => checkRoutes([route({ method: 'head', procedure: 'auth.me' })])).toThrow(
      'HEAD /api/example has no GET route to answer it',
    )
    expect(() =>
      checkRoutes([route({ procedure: 'auth.me' }), route({ procedure: 'auth.me' })]),
    ).toThrow('get /api/example is in the table twice')
    expect(() => checkRoutes(restRoutes)).not.toThrow()
  })

  it('refuses a procedure the router does not have', () => {
    const missing = route({ procedure: 'auth.nothing' as RestRoute['procedure'] })
    expect(() => buildOpenApiDocument([missing])).toThrow('No procedure auth.nothing')
  })
})
