import { CONNECTION_SEARCH_LIMIT, CONNECTION_SEARCH_MIN_LENGTH } from '@fiveconnect/api/schemas'
import type { RestRoute } from '../route.ts'
import { connectionList, connectionSearch } from '../serve/database-lists.ts'

/** SPEC section 7: the signed-in user's connections; not in the SPEC: their filters and search. */
export const connectionRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/connections',
    summary: 'List your connections',
    description:
      'Newest first, each with its person and event. Not in the SPEC: `eventId`, `type` and `needsFollowUp=true` narrow it to one event, one connection type, or open follow-ups.',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.list',
    paged: { whenNotAsked: 'all' },
    success: { status: 200, media: 'json' },
    serve: connectionList,
  },
  {
    method: 'get',
    path: '/api/connections/search',
    summary: 'Search your connections (memory search)',
    description: `Searches of fewer than ${CONNECTION_SEARCH_MIN_LENGTH} characters answer an empty list.`,
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.search',
    input: 'query',
    paged: { whenNotAsked: CONNECTION_SEARCH_LIMIT },
    success: { status: 200, media: 'json' },
    serve: connectionSearch,
  },
  {
    method: 'post',
    path: '/api/connections',
    summary: 'Record a connection',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.create',
    input: 'body',
    idempotencyKey: true,
    success: { status: 201, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/connections/{id}',
    summary: 'Change a connection and its person’s contact details',
    description: 'Fields left out stay as they are.',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.update',
    input: 'body',
    success: { status: 200, media: 'json' },
    otherStatuses: { 409: { description: 'Another of your contacts has this email address.' } },
  },
  {
    method: 'delete',
    path: '/api/connections/{id}',
    summary: 'Delete a connection',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.delete',
    success: { status: 200, media: 'json' },
  },
]
