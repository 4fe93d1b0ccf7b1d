import { appRouter } from '@fiveconnect/api'
import { z } from 'zod'
import { errorBody } from '../http/errors.ts'
import { restOperations, type RestOperation } from './operations.ts'

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>
  required?: string[]
  allOf?: JsonSchema[]
}

type Procedure = { _def: { inputs: z.ZodType[]; output?: z.ZodType } }

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
  image: { 'image/*': bytes },
  // A stored file is served with the type it was stored as: an image or a voice note.
  'stored-file': { 'image/*': bytes, 'audio/*': bytes, 'application/octet-stream': bytes },
} as const

const TAGS = {
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

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid; `issues` names the fields when the input was refused.',
  401: 'Not signed in.',
  403: 'Not allowed: not an admin, or a state-changing request from another site.',
  404: 'Not found, or not yours.',
  413: 'The request body is too large.',
  500: 'Something went wrong on the server.',
  503: 'The server or its database is busy or down; try again (see Retry-After).',
}

const PAGE_PARAMETERS = {
  limit:
    'Asks for a page of at most this many (1 to 100); without `limit` or `cursor` the whole list comes.',
  cursor: 'The `X-Next-Cursor` of the page before, for the page after it.',
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

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), dates as ISO 8601 strings. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') {
        jsonSchema.type = 'string'
        jsonSchema.format = 'date-time'
      }
      // A record keyed by an enum has every key: name them as properties, which `required` needs.
      const { required, additionalProperties } = jsonSchema
      if (zodSchema._zod.def.type === 'record' && required && additionalProperties) {
        jsonSchema.properties = Object.fromEntries(
          required.map((key: string) => [key, additionalProperties]),
        )
        delete jsonSchema.propertyNames
        jsonSchema.additionalProperties = false
      }
    },
  })
  return json as JsonSchema
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

/** Every property of the schema, with whether it is required, through intersections. */
function propertiesOf(schema: JsonSchema): [string, JsonSchema, boolean][] {
  if (schema.allOf) return schema.allOf.flatMap(propertiesOf)
  return Object.entries(schema.properties ?? {}).map(([name, property]) => [
    name,
    property,
    schema.required?.includes(name) ?? false,
  ])
}

function procedureOf(path: string): Procedure {
  // tRPC keeps its procedures by their dotted path; its types describe only the nested routers.
  const procedures = appRouter._def.procedures as unknown as Record<string, Procedure | undefined>
  const procedure = procedures[path]
  if (!procedure) throw new Error(`No procedure ${path}`)
  return procedure
}

function content(media: keyof typeof MEDIA_TYPES | 'json', schema?: JsonSchema) {
  if (media === 'json') return { 'application/json': { schema: schema ?? {} } }
  return Object.fromEntries(
    Object.entries(MEDIA_TYPES[media]).map(([type, typeSchema]) => [type, { schema: typeSchema }]),
  )
}

const errorResponse = (status: number) => ({ $ref: `#/components/responses/Error${status}` })

/** The error statuses an operation can answer besides its own: from who may call it and how. */
function commonErrorStatuses(operation: RestOperation, pathParams: string[]): number[] {
  const statuses = [500, 503]
  const changesState = !['get', 'head'].includes(operation.method)
  if (operation.access === 'user' || operation.access === 'admin') statuses.push(401)
  if (operation.access === 'admin') statuses.push(403)
  // The Origin check and the JSON body limit cover every /api call but the unsubscribe link's and
  // the file routes', which set their own.
  if (changesState && operation.access !== 'link' && !operation.rawBody) statuses.push(403, 413)
  if (
    operation.input ||
    operation.paged ||
    operation.rawBody ||
    operation.query ||
    pathParams.length > 0
  ) {
    statuses.push(400)
  }
  if (pathParams.length > 0) statuses.push(404)
  return [...new Set(statuses)]
}

function operationObject(operation: RestOperation) {
  const procedure = operation.procedure ? procedureOf(operation.procedure) : undefined
  const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
  const inputSchema = procedure?._def.inputs[0]
  const input = inputSchema ? jsonSchemaOf(inputSchema, 'input') : undefined
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
  if (operation.input === 'query' || operation.paged) {
    for (const [name, { schema, required }] of inputProperties) {
      const description = PAGE_PARAMETERS[name as keyof typeof PAGE_PARAMETERS]
      parameters.push({ name, in: 'query', required, schema, ...(description && { description }) })
    }
  }
  for (const [name, { description, required }] of Object.entries(operation.query ?? {})) {
    parameters.push({
      name,
      in: 'query',
      required: required ?? false,
      description,
      schema: { type: 'string' },
    })
  }
  if (operation.idempotencyKey) {
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
  if (operation.input === 'body' && input) {
    requestBody = { required: true, content: content('json', omitProperties(input, pathParams)) }
  } else if (operation.rawBody?.media === 'multipart/form-data') {
    requestBody = {
      required: true,
      description: operation.rawBody.description,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { audio: bytes },
            required: ['audio'],
          },
        },
      },
    }
  } else if (operation.rawBody) {
    requestBody = {
      required: true,
      description: operation.rawBody.description,
      content: content(operation.rawBody.media),
    }
  }

  const { success } = operation
  const output = procedure?._def.output
  const successSchema =
    success.schema ??
    (operation.paged && output
      ? pageItemsOf(output)
      : success.media === 'json'
        ? output
        : undefined)
  const responses: Record<string, object> = {
    [success.status]: {
      description: success.description ?? 'Success.',
      ...(operation.paged && { headers: PAGE_HEADERS }),
      ...(success.media !== 'none' && {
        content: content(success.media, successSchema && jsonSchemaOf(successSchema, 'output')),
      }),
    },
  }
  for (const status of commonErrorStatuses(operation, pathParams)) {
    responses[status] = errorResponse(status)
  }
  for (const [status, other] of Object.entries(operation.otherStatuses ?? {})) {
    const media = other.media ?? 'json'
    responses[status] = {
      description: other.description,
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
    operationId: `${operation.method}${operation.path
      .replace(/\{(\w+)\}/g, 'By-$1')
      .split(/[^A-Za-z0-9]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('')}`,
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    tags: [operation.tag],
    security: operation.access === 'user' || operation.access === 'admin' ? [{ session: [] }] : [],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: Object.fromEntries(
      Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
    ),
  }
}

/** The OpenAPI 3.1 document of the REST API, built from the procedures' zod schemas. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, object>> = {}
  for (const operation of restOperations) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: operationObject(operation),
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
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
