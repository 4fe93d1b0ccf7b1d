import postgres from 'postgres'
import { describe, expect, it } from 'vitest'

// postgres-js 3.4.9 crashed the whole process when a write was due on a connection whose backend
// had just gone (porsager/postgres#1208); patches/postgres@3.4.9.patch makes it reject the query.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the patched postgres driver', () => {
  it('rejects a query on a connection whose backend died, and the process lives on', async () => {
    const url = process.env.TEST_DATABASE_URL ?? ''
    const client = postgres(url, { max: 2, onnotice: () => {} })
    const admin = postgres(url, { max: 1 })
    try {
      const reserved = await client.reserve()
      const [row] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`
      await admin`select pg_terminate_backend(${row?.pid ?? 0})`
      await new Promise((resolve) => setTimeout(resolve, 100))
      await expect(reserved`select 1`).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' })
      expect(await client`select 1 as one`).toEqual([{ one: 1 }])
    } finally {
      await Promise.all([client.end({ timeout: 1 }), admin.end({ timeout: 1 })])
    }
  })
})
