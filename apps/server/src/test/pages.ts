import { expect } from 'vitest'
import { json, type TestApp } from './test-app.ts'

/** The next page's address from a Link header, or null on the last page. */
export function nextLink(response: Response): string | null {
  const link = response.headers.get('Link')
  if (!link) return null
  const match = /^<([^>]+)>; rel="next"$/.exec(link)
  expect(match).not.toBeNull()
  return match?.[1] ?? null
}

/** Follows Link from a paged REST list's first page to its last: every page's items. */
export async function allPages<Item>(t: TestApp, firstPage: string, cookie: string) {
  const pages: Item[][] = []
  let next: string | null = firstPage
  while (next) {
    const response = await t.request(next, { cookie })
    expect(response.status).toBe(200)
    pages.push(await json<Item[]>(response))
    next = nextLink(response)
  }
  return pages
}

/** A paged tRPC list (`{ items, nextCursor }`), page after page: every page's items. */
export async function allTrpcPages<Item>(
  t: TestApp,
  procedure: string,
  input: Record<string, unknown>,
  cookie: string,
) {
  const pages: Item[][] = []
  let cursor: string | null | undefined
  do {
    const query = encodeURIComponent(JSON.stringify({ json: { ...input, cursor } }))
    const response = await t.request(`/api/trpc/${procedure}?input=${query}`, { cookie })
    expect(response.status).toBe(200)
    const page = await json<{
      result: { data: { json: { items: Item[]; nextCursor: string | null } } }
    }>(response)
    pages.push(page.result.data.json.items)
    cursor = page.result.data.json.nextCursor
  } while (cursor)
  return pages
}
