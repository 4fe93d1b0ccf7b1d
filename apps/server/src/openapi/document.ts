import { MAX_PAGE_SIZE } from '@fiveconnect/api/schemas'
import { z } from 'zod'
import { JSON_BODY_LIMIT_BYTES } from '../http/body-limit.ts'
import { errorBody } from '../http/errors.ts'
import {
  inputSchemaOf,
  jsonSchemaOf,
  procedureOf,
  propertiesOf,
  type JsonSchema,
} from '../routes/procedures.ts'
import {
  pathParamsOf,
  type ApiMiddleware,
  type HeaderDoc,
  type RestRoute,
} from '../routes/route.ts'
import { megabytes } from '../routes/table/files.ts'
import { restRoutes } from '../routes/table/index.ts'

const SESSION_COOKIE = 'fiveconnect_session'

const text = { type: 'string' }
const bytes = { type: 'string', contentMediaType: 'application/octet-stream' }

/** The media types of each kind of body, with their schemas. */
const MEDIA_TYPES = {
  'text/csv': { 'text/csv': text },
  'text/vcard': { 'text/vcard': text },
  'text/calendar': { 'text/calendar': text },
  'text/html': { 'text/html': text },
  'text/javascript': { 'text/javascript': text },
  // A stored file is served with the type it was stored as: an image or a voice note.
  'stored-file': { 'image/*': bytes, 'audio/*': bytes, 'application/octet-stream': bytes },
} as const

const TAGS: Record<string, string> = {
  Health: 'Whether the server and its database are up.',
  Reference: 'This document and the interactive reference built from it.',
  Auth: 'Registration, sign-in and passwords. Signing in sets the session cookie.',
  Connections: 'The people you met, what you talked about and when to follow up.',
  'Voice notes': 'Recordings kept with a connection, and their transcripts.',
  People: 'The people your connections are with.',
  Events: 'Events to join; admins create and change them.',
  Profile: 'Your own profile and reminder emails.',
  Account: 'A copy of your data, and deleting your account.',
  Admin: 'User management, the audit log and table downloads (admins only).',
  Exports: 'Contact cards, CSV and calendar files.',
  Files: 'Uploading images and reading stored files.',
}

const RETRY_AFTER = {
  description: 'How many seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid; `issues` names the fields when the input was refused.',
  401: 'Not signed in.',
  403: 'Not allowed: not an admin, or a state-changing request from another site.',
  404: 'Not found, or not yours.',
  413: `The request body is larger than ${megabytes(JSON_BODY_LIMIT_BYTES)}.`,
  500: 'Something went wrong on the server.',
  503: 'The server or its database is busy or down; try again (see Retry-After).',
}

/** The headers of the shared error answers: a 503 says when to try again when it can. */
const STATUS_HEADERS: Record<number, object> = { 503: { 'Retry-After': RETRY_AFTER } }

function pageParameters(paged: NonNullable<RestRoute['paged']>): Record<string, string> {
  const whenNotAsked =
    paged.whenNotAsked === 'all' ? 'the whole list comes' : `the first ${paged.whenNotAsked} come`
  return {
    limit: `Asks for a page of at most this many (1 to ${MAX_PAGE_SIZE}); without \`limit\` or \`cursor\` ${whenNotAsked}.`,
    cursor: 'The `X-Next-Cursor` of the page before, for the page after it.',
  }
}

const PAGE_HEADERS = {
  Link: {
    description: 'The next page\'s address, as `<...>; rel="next"`; absent on the last page.',
    schema: { type: 'string' },
  },
  'X-Next-Cursor': {
    description: "The next page's cursor; absent on the last page.",
    schema: { type: 'string' },
  },
}

/** What a paged list's REST route answers: the array of the items of the procedure's page. */
function pageItemsOf(pageSchema: z.ZodType): z.ZodType {
  if (!(pageSchema instanceof z.ZodObject) || !(pageSchema.shape.items instanceof z.ZodArray)) {
    throw new Error("A paged operation's procedure must answer { items, nextCursor }")
  }
  return pageSchema.shape.items
}

/** The schema without the named properties (the path's parameters, which are not in the body). */
function omitProperties(schema: JsonSchema, names: string[]): JsonSchema {
  if (schema.allOf) return { ...schema, allOf: schema.allOf.map((s) => omitProperties(s, names)) }
  if (!schema.properties) return schema
  const properties = Object.fromEntries(
    Object.entries(schema.properties).filter(([name]) => !names.includes(name)),
  )
  const required = schema.required?.filter((name) => !names.includes(name))
  return { ...schema, properties, ...(required && { required }) }
}

function content(media: keyof typeof MEDIA_TYPES | 'json', schema?: JsonSchema) {
  if (media === 'json') return { 'application/json': { schema: schema ?? {} } }
  return Object.fromEntries(
    Object.entries(MEDIA_TYPES[media]).map(([type, typeSchema]) => [type, { schema: typeSchema }]),
  )
}

function headersOf(headers: Record<string, HeaderDoc>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, { description, value, required }]) => [
      name,
      {
        description,
        ...(required && { required }),
        schema: value === undefined ? { type: 'string' } : { type: 'string', const: value },
      },
    ]),
  )
}

const errorResponse = (status: number) => ({ $ref: `#/components/responses/Error${status}` })

const runs = (route: RestRoute, middleware: ApiMiddleware) =>
  route.path.startsWith('/api/') && !route.exemptFrom?.includes(middleware)

/**
 * The error statuses a route can answer besides its own: from who may call it, the middleware it
 * runs behind (app.ts) and what it reads.
 */
function commonErrorStatuses(route: RestRoute, pathParams: string[]): number[] {
  const statuses = [500, 503]
  const changesState = !['get', 'head'].includes(route.method)
  if (route.access === 'user' || route.access === 'admin') statuses.push(401)
  if (route.access === 'admin') statuses.push(403)
  if (changesState && runs(route, 'originCheck')) statuses.push(403)
  if (changesState && runs(route, 'bodyLimit')) statuses.push(413)
  if (route.input || route.paged || route.requestBody || route.query || pathParams.length > 0) {
    statuses.push(400)
  }
  if (pathParams.length > 0) statuses.push(404)
  return [...new Set(statuses)]
}

function operationObject(route: RestRoute) {
  const procedure = route.procedure ? procedureOf(route.procedure) : undefined
  const pathParams = pathParamsOf(route)
  const input = procedure && inputSchemaOf(procedure)
  const inputProperties = new Map(
    (input ? propertiesOf(input) : []).map(([name, schema, required]) => [
      name,
      { schema, required },
    ]),
  )

  const parameters: object[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: inputProperties.get(name)?.schema ?? { type: 'string' },
  }))
  if (route.input === 'query' || route.paged) {
    const described: Record<string, string> = route.paged ? pageParameters(route.paged) : {}
    for (const [name, { schema, required }] of inputProperties) {
      const description = described[name]
      parameters.push({ name, in: 'query', required, schema, ...(description && { description }) })
    }
  }
  for (const [name, { description, required }] of Object.entries(route.query ?? {})) {
    parameters.push({
      name,
      in: 'query',
      required: required ?? false,
      description,
      schema: { type: 'string' },
    })
  }
  if (route.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'The same as the body’s idempotencyKey: a repeated create answers the first one’s result.',
      schema: { type: 'string', format: 'uuid' },
    })
  }

  let requestBody: object | undefined
  if (route.input === 'body' && input) {
    requestBody = { required: true, content: content('json', omitProperties(input, pathParams)) }
  } else if (route.requestBody) {
    const { description, required } = route.requestBody
    requestBody = {
      required,
      description,
      content: Object.fromEntries(
        Object.entries(route.requestBody.content).map(([type, schema]) => [type, { schema }]),
      ),
    }
  }

  const { success } = route
  const output = procedure?._def.output
  const successSchema =
    success.schema ??
    (route.paged && output ? pageItemsOf(output) : success.media === 'json' ? output : undefined)
  const successHeaders = {
    ...(route.paged && PAGE_HEADERS),
    ...(success.headers && headersOf(success.headers)),
  }
  const responses: Record<string, object> = {
    [success.status]: {
      description: success.description ?? 'Success.',
      ...(Object.keys(successHeaders).length > 0 && { headers: successHeaders }),
      ...(success.media !== 'none' && {
        content: content(success.media, successSchema && jsonSchemaOf(successSchema, 'output')),
      }),
    },
  }
  for (const status of commonErrorStatuses(route, pathParams)) {
    responses[status] = errorResponse(status)
  }
  for (const [status, other] of Object.entries(route.otherStatuses ?? {})) {
    const media = other.media ?? 'json'
    responses[status] = {
      description: other.description,
      // Every 429 comes from a rate limit or a quota, which says when to try again (errors.ts).
      ...(status === '429' && { headers: { 'Retry-After': { ...RETRY_AFTER, required: true } } }),
      ...(media !== 'none' && {
        content:
          media === 'json'
            ? {
                'application/json': {
                  schema: other.schema
                    ? jsonSchemaOf(other.schema, 'output')
                    : { $ref: '#/components/schemas/Error' },
                },
              }
            : content(media),
      }),
    }
  }

  return {
    operationId: `${route.method}${route.path
      .replace(/\{(\w+)\}/g, 'By-$1')
      .split(/[^A-Za-z0-9]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('')}`,
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.tag],
    security: route.access === 'user' || route.access === 'admin' ? [{ session: [] }] : [],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: Object.fromEntries(
      Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
    ),
  }
}

/**
 * The OpenAPI 3.1 document of the REST API: the route table's entries, their schemas from the
 * procedures' zod schemas. The app serves the same table (routes/mount.ts).
 */
export function buildOpenApiDocument(routes: RestRoute[] = restRoutes) {
  const paths: Record<string, Record<string, object>> = {}
  for (const route of routes) {
    if (!TAGS[route.tag]) throw new Error(`${route.method} ${route.path}: no tag ${route.tag}`)
    paths[route.path] = {
      ...paths[route.path],
      [route.method]: operationObject(route),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'FiveConnect API',
      version: '1.0.0',
      description:
        'The REST API of FiveConnect. Sign in with `POST /api/login`; the answer sets the session cookie, which every other call sends. State-changing calls from a browser must come from the app’s own origin. The app itself uses the same procedures over tRPC at `/api/trpc` (see docs/calling-the-api.md).',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie that signing in or registering sets.',
        },
      },
      schemas: { Error: jsonSchemaOf(errorBody, 'output') },
      responses: Object.fromEntries(
        Object.entries(STATUS_TEXT).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            ...(STATUS_HEADERS[Number(status)] && { headers: STATUS_HEADERS[Number(status)] }),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
