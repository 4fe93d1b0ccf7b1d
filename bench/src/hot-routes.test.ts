import { describe, expect, it } from 'vitest'
import { trpcGet } from './hot-routes.ts'

describe('trpcGet', () => {
  it("writes the client's batch link URL: one call, its input as superjson under its place", () => {
    const { path } = trpcGet('connections.list', { limit: 30, direction: 'forward' })
    const url = new URL(path, 'http://localhost')
    expect(url.pathname).toBe('/api/trpc/connections.list')
    expect(url.searchParams.get('batch')).toBe('1')
    expect(JSON.parse(url.searchParams.get('input') ?? '')).toEqual({
      0: { json: { limit: 30, direction: 'forward' } },
    })
  })
})
