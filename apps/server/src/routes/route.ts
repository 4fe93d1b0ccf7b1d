import type { AppRouter } from '@fiveconnect/api'
import type { Database } from '@fiveconnect/db'
import type { AnyTRPCProcedure } from '@trpc/server'
import type { Context } from 'hono'
import type { H } from 'hono/types'
import type { StatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { VoiceNoteRouteDeps } from '../files/voice-note-routes.ts'
import type { ServerStorage } from '../files/storage/index.ts'
import type { AppEnv } from '../http/app-env.ts'

/** Who may call a route: anyone, a signed-in user, an admin, or whoever holds the link. */
export type Access = 'public' | 'user' | 'admin' | 'link'

/** What an answer holds. */
export type Media =
  | 'none'
  | 'json'
  | 'text/csv'
  | 'text/vcard'
  | 'text/calendar'
  | 'text/html'
  | 'text/javascript'
  | 'stored-file'

/** The middleware in front of every /api route, each of which a route may be left out of. */
export type ApiMiddleware =
  /** The 1 MB limit on JSON bodies (routes that take files set their own). */
  | 'bodyLimit'
  /** The refusal of state-changing requests from other sites. */
  | 'originCheck'
  /** The 10 s deadline (downloads, uploads and transcription may rightly take longer). */
  | 'deadline'
  /** Reading the session and building the request's API context. */
  | 'session'

type ProcedurePathsOf<Record, Prefix extends string = ''> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCProcedure
    ? `${Prefix}${Key}`
    : ProcedurePathsOf<Record[Key], `${Prefix}${Key}.`>
}[keyof Record & string]

/** A procedure of the router by its dotted path, as tRPC names it: 'connections.create'. */
export type ProcedurePath = ProcedurePathsOf<AppRouter['_def']['record']>

/** A response header the document declares; `value` is sent as it is by the procedure handler. */
export type HeaderDoc = { description: string; value?: string; required?: true }

/** A route's successful answer. */
export type Success = {
  status: StatusCode
  media: Media
  /** The JSON schema of the body; the procedure's output unless given. */
  schema?: z.ZodType
  description?: string
  headers?: Record<string, HeaderDoc>
}

/** What the app gives a route's own handler. */
export type RouteDeps = {
  db: Database
  storage: ServerStorage
  voiceNotes: VoiceNoteRouteDeps
  /** Whether the server has been told to stop (and is draining its load balancer's traffic). */
  stopping: () => boolean
  /** The OpenAPI document of the routes being served, built once when first asked for. */
  document: () => object
}

/** Something read from the request for the route: its input, or its procedure's answer to it. */
export type RequestRead = (c: Context<AppEnv>) => Promise<unknown>

/**
 * A route's own handler, for what the generic one cannot do: bytes in or out, a page, a redirect.
 * Given the app's dependencies, the route's input as its entry says to read it (`readInput`) and
 * its procedure called with that input (`call`). It answers the handlers to mount (middleware
 * first), or nothing when this app does not serve the route (local uploads with S3 storage).
 */
export type Serve = (
  served: RouteDeps & { readInput: RequestRead; call: RequestRead },
) => H<AppEnv>[] | undefined

/**
 * One REST route: how it is served and how the OpenAPI document describes it, in one entry. A
 * procedure-backed route needs nothing else: the generic handler reads its input, calls the
 * procedure and answers the success status with the procedure's output.
 */
export type RestRoute = {
  /** A 'head' entry only documents: Hono answers HEAD with the GET route's handler. */
  method: 'get' | 'head' | 'post' | 'put' | 'delete'
  /** The OpenAPI path: `{name}` for a path parameter. */
  path: `/${string}`
  /** The Hono pattern it is served at, when it is not the path with `:name` for `{name}`. */
  servedAt?: string
  summary: string
  description?: string
  tag: string
  access: Access
  /** The tRPC procedure the route calls; its input and output schemas describe the route. */
  procedure?: ProcedurePath
  /**
   * Where the procedure's input comes from besides the path's parameters (always read, by their
   * names): the JSON body or the query string (each of the input's fields by its name).
   */
  input?: 'body' | 'query'
  /** The procedure's input from what was read, where the two do not match by name. */
  toInput?: (read: Record<string, unknown>) => unknown
  /** Accepts the Idempotency-Key header (create calls the offline outbox replays). */
  idempotencyKey?: true
  /**
   * A paged list (docs/api-details.md): the procedure answers a page, the route the SPEC's array of
   * its items; `limit` and `cursor` ask for one page, and `Link` and `X-Next-Cursor` name the next.
   * Without either, the route answers every item ('all') or the first so many.
   */
  paged?: { whenNotAsked: 'all' | number }
  success: Success
  /** The answer's status and body from the procedure's output, when not the success status and the output. */
  answer?: (output: unknown) => { status: StatusCode; body: unknown }
  /** Answers besides the success and the error statuses every route of its kind has. */
  otherStatuses?: Record<number, { description: string; media?: Media; schema?: z.ZodType }>
  /** A request body that no procedure input describes (files, forms), as media type to JSON schema. */
  requestBody?: { description: string; required: boolean; content: Record<string, object> }
  /** Query parameters that the route's own handler reads. */
  query?: Record<string, { description: string; required?: boolean }>
  /** The route's own handler; the generic procedure handler unless given. */
  serve?: Serve
  /** The /api middleware the route is left out of. */
  exemptFrom?: ApiMiddleware[]
}

/** The route's path parameters' names, in order. */
export function pathParamsOf(route: Pick<RestRoute, 'path'>): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
}

/** The Hono pattern the route is served at. */
export function honoPathOf(route: Pick<RestRoute, 'path' | 'servedAt'>): string {
  return route.servedAt ?? route.path.replace(/\{(\w+)\}/g, ':$1')
}
