import { createCaller } from '@fiveconnect/api'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../http/app-env.ts'
import { readJson, readJsonWithIdempotencyKey } from '../http/read-json.ts'
import { type Page, pageQueryOf, sendPage, wholeList } from './paging.ts'
import { inputSchemaOf, procedureOf, propertiesOf, typesOf } from './procedures.ts'
import { pathParamsOf, type RequestRead, type RestRoute } from './route.ts'

/** The page's own query parameters, which paging.ts reads. */
const PAGE_FIELDS = new Set(['limit', 'cursor'])

/** ?flag=true|false as a boolean; anything else is passed on for the schema to refuse. */
function flag(value: string | undefined): unknown {
  if (value === undefined || value === '') return undefined
  return value === 'true' ? true : value === 'false' ? false : value
}

/** A number from the query; not a number (NaN) is refused by the schema with its own message. */
function number(value: string | undefined): unknown {
  return value === undefined || value === '' ? undefined : Number(value)
}

/**
 * The query parameters of a route that takes its input from the query: each field of the
 * procedure's input (but a page's, which paging reads), a boolean or a number as the schema says.
 * The document lists the same fields (document.ts).
 */
function queryFieldsOf(route: RestRoute) {
  const input = route.procedure && inputSchemaOf(procedureOf(route.procedure))
  return propertiesOf(input || {})
    .filter(([name]) => !PAGE_FIELDS.has(name))
    .map(([name, schema]) => {
      const types = typesOf(schema)
      const read = types.includes('boolean')
        ? flag
        : types.includes('integer') || types.includes('number')
          ? number
          : (value: string | undefined) => value
      return { name, read }
    })
}

/**
 * Reads a route's input as its entry says: the JSON body or the query, with the path's parameters
 * over it (PUT /things/{id} takes the id from the path). The procedure validates all of it.
 */
export function inputReader(route: RestRoute): RequestRead {
  const params = pathParamsOf(route)
  const query = route.input === 'query' || route.paged ? queryFieldsOf(route) : []
  return async (c) => {
    let read: Record<string, unknown> | undefined
    if (route.input === 'body') {
      read = route.idempotencyKey ? await readJsonWithIdempotencyKey(c) : await readJson(c)
    } else if (query.length > 0) {
      read = Object.fromEntries(query.map(({ name, read }) => [name, read(c.req.query(name))]))
    }
    if (params.length > 0) {
      read = { ...read, ...Object.fromEntries(params.map((name) => [name, c.req.param(name)])) }
    }
    return route.toInput ? route.toInput(read ?? {}) : read
  }
}

/** Calls a procedure in-process with this request's context, as the tRPC endpoint would. */
function callProcedure(c: Context<AppEnv>, path: string, input: unknown): Promise<unknown> {
  const caller: unknown = createCaller(c.get('api'))
  const procedure = path
    .split('.')
    .reduce((node, key) => (node as Record<string, unknown>)[key], caller)
  return (procedure as (input: unknown) => Promise<unknown>)(input)
}

function procedurePathOf(route: RestRoute): string {
  if (!route.procedure) throw new Error(`${route.method} ${route.path} names no procedure`)
  procedureOf(route.procedure)
  return route.procedure
}

/** The entry's procedure with its input read from the request: for the routes' own handlers. */
export function procedureCaller(route: RestRoute): RequestRead {
  const path = route.procedure && procedurePathOf(route)
  const readInput = inputReader(route)
  return async (c) => {
    if (!path) throw new Error(`${route.method} ${route.path} names no procedure`)
    return callProcedure(c, path, await readInput(c))
  }
}

/**
 * The one handler of every procedure-backed route: reads the input, calls the procedure and
 * answers its output with the entry's status and headers; a paged list answers its items, with the
 * next page's address in `Link` and `X-Next-Cursor` (paging.ts).
 */
export function procedureHandler(route: RestRoute): MiddlewareHandler<AppEnv> {
  const path = procedurePathOf(route)
  const readInput = inputReader(route)
  const { paged, answer, success } = route
  const headers = Object.fromEntries(
    Object.entries(success.headers ?? {}).flatMap(([name, { value }]) =>
      value === undefined ? [] : [[name, value]],
    ),
  )
  return async (c) => {
    const input = await readInput(c)
    const call = (page?: object) =>
      callProcedure(c, path, page ? { ...(input as object | undefined), ...page } : input)
    if (paged) {
      const pageQuery = pageQueryOf(c)
      if (!pageQuery && paged.whenNotAsked === 'all') {
        return c.json(await wholeList((page) => call(page) as Promise<Page>))
      }
      return sendPage(c, (await call(pageQuery ?? { limit: paged.whenNotAsked })) as Page)
    }
    const output = await call()
    const { status, body } = answer?.(output) ?? { status: success.status, body: output }
    return c.json(body, status as ContentfulStatusCode, headers)
  }
}
