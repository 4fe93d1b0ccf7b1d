import { z } from 'zod'
import {
  docsPage,
  docsStartScript,
  openApiDocument,
  scalarScript,
} from '../../openapi/docs-routes.ts'
import type { RestRoute } from '../route.ts'
import { health, healthOutput } from '../serve/health.ts'

/** Whether the server is up, and this document with its reference page. */
export const referenceRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Check the server and its database',
    tag: 'Health',
    access: 'public',
    success: { status: 200, media: 'json', schema: healthOutput },
    otherStatuses: {
      503: {
        description: 'The database is down, or the server is stopping.',
        schema: healthOutput,
      },
    },
    serve: health,
    // Answers while the database is down: no session to read, no deadline to wait for.
    exemptFrom: ['bodyLimit', 'originCheck', 'deadline', 'session'],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'Reference',
    access: 'public',
    success: { status: 200, media: 'json', schema: z.object({ openapi: z.string() }).loose() },
    serve: openApiDocument,
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'The interactive API reference',
    tag: 'Reference',
    access: 'public',
    success: { status: 200, media: 'text/html' },
    serve: docsPage,
  },
  ...(
    [
      ['scalar.js', scalarScript],
      ['start.js', docsStartScript],
    ] as const
  ).map(([file, serve]): RestRoute => ({
    method: 'get',
    path: `/api/docs/${file}`,
    summary: `The reference page’s script ${file}`,
    tag: 'Reference',
    access: 'public',
    success: { status: 200, media: 'text/javascript' },
    serve,
  })),
]
