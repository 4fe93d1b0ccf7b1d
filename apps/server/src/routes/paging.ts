import { encodeCursor, MAX_PAGE_SIZE, pageInput } from '@fiveconnect/api/schemas'
import { TRPCError } from '@trpc/server'
import type { Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../http/app-env.ts'

/**
 * The REST lists answer the SPEC's JSON array. `?limit=` (and the `cursor` a page gave) asks for a
 * page instead: the same array, shorter, with the next page's address in `Link` and its cursor in
 * `X-Next-Cursor` (docs/api-details.md).
 */
export type PageQuery = { limit?: number; cursor?: string }

/** The page asked for; undefined when neither `limit` nor `cursor` is given: the whole list. */
export function pageQueryOf(c: Context<AppEnv>): PageQuery | undefined {
  const limit = c.req.query('limit') || undefined
  const cursor = c.req.query('cursor') || undefined
  if (limit === undefined && cursor === undefined) return undefined
  // Not a number (NaN) is refused by the schema with its own message.
  return { limit: limit === undefined ? undefined : Number(limit), cursor }
}

/** A query checked as the tRPC procedures check their input: a clear 400 when it is bad. */
export function parseQuery<Schema extends z.ZodType>(schema: Schema, query: unknown) {
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error })
  return parsed.data
}

/** The page query checked as the tRPC lists check it: a clear 400 for a bad limit or cursor. */
export const parsePageQuery = (query: PageQuery) => parseQuery(pageInput, query)

/** Where the page after this one is: this request's address with the next cursor. */
function nextPageHeaders(c: Context<AppEnv>, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {}
  const url = new URL(c.req.url)
  url.searchParams.set('cursor', nextCursor)
  return { Link: `<${url.pathname}${url.search}>; rel="next"`, 'X-Next-Cursor': nextCursor }
}

/** What a paged procedure answers. */
export type Page = { items: unknown[]; nextCursor: string | null }

/** Answers a page's items as the list's JSON array, and where the next page is. */
export function sendPage(c: Context<AppEnv>, page: Page) {
  return c.json(page.items, 200, nextPageHeaders(c, page.nextCursor))
}

/** Answers JSON text the database wrote, as it is. */
export function sendJsonText(
  c: Context<AppEnv>,
  json: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  return c.body(json, 200, { 'Content-Type': 'application/json', ...headers })
}

/** Answers a page written as JSON text by the database, and where the next page is. */
export function sendJsonTextPage(
  c: Context<AppEnv>,
  page: { json: Uint8Array<ArrayBuffer>; next: object | null },
) {
  const nextCursor = page.next && encodeCursor(page.next)
  return sendJsonText(c, page.json, nextPageHeaders(c, nextCursor))
}

/** Every item of a paged procedure, for the whole-list answer of a list that is never long. */
export async function wholeList<Item>(
  readPage: (input: { cursor?: string; limit: number }) => Promise<{
    items: Item[]
    nextCursor: string | null
  }>,
): Promise<Item[]> {
  const items: Item[] = []
  let cursor: string | undefined
  do {
    const page = await readPage({ cursor, limit: MAX_PAGE_SIZE })
    items.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return items
}
