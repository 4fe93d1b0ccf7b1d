import type { RestRoute } from '../route.ts'
import { peopleSearch } from '../serve/database-lists.ts'

/** SPEC section 7: finding and recording the people a user meets. */
export const peopleRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/people/search',
    summary: 'Find people you met and registered users',
    tag: 'People',
    access: 'user',
    procedure: 'people.search',
    input: 'query',
    // No `q` searches for nothing, as an empty one does.
    toInput: ({ q, ...read }) => ({ ...read, q: q ?? '' }),
    success: { status: 200, media: 'json' },
    serve: peopleSearch,
  },
  {
    method: 'get',
    path: '/api/people/duplicates',
    summary: 'People you already met who match the details typed so far',
    tag: 'People',
    access: 'user',
    procedure: 'people.listDuplicates',
    input: 'query',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'post',
    path: '/api/people',
    summary: 'Record a person',
    tag: 'People',
    access: 'user',
    procedure: 'people.create',
    input: 'body',
    idempotencyKey: true,
    success: { status: 201, media: 'json' },
    otherStatuses: { 409: { description: 'You already have a contact with this email address.' } },
  },
]
