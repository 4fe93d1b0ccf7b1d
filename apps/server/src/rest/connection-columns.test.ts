import { connectionOutput } from '@fiveconnect/api/schemas'
import { connections } from '@fiveconnect/db'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

// The connections table as it would be after a schema change that adds a column: drizzle's table
// has it from the start, as it would after the change. The database gets it below.
vi.mock('../../../../packages/db/src/schema/connections.ts', async (importOriginal) => {
  const schema = await importOriginal<{ connections: object }>()
  const { text } = await import('drizzle-orm/pg-core')
  // drizzle's column builders make their column with build(table), as its own pgTable() does.
  const builder = text('private_remark') as unknown as { build(table: unknown): unknown }
  const column = builder.build(schema.connections)
  // Where drizzle keeps a table's columns (Table.Symbol.Columns, which getTableColumns reads).
  const columns = Symbol.for('drizzle:Columns')
  const table = schema.connections as Record<symbol, Record<string, unknown>>
  table[columns] = { ...table[columns], privateRemark: column }
  Object.assign(schema.connections, { privateRemark: column })
  return schema
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.db.execute(
    sql`alter table connections add column private_remark text not null default 'for the database only'`,
  )
})
afterAll(() => t.close())

/** Every key path of a JSON value, with arrays' items merged: its shape without the values. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value) && value.length === 0) return [`${prefix}[]`]
  if (Array.isArray(value))
    return [...new Set(value.flatMap((item) => keyPaths(item, `${prefix}[]`)))]
  if (value === null || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([key, item]) => keyPaths(item, `${prefix}.${key}`))
}

/** The shape of every answer about a connection, over REST and tRPC, for a new connection. */
async function connectionAnswers(cookie: string) {
  const person = await json<{ id: string }>(
    await t.request('/api/people', { body: { firstName: 'Ada', lastName: 'Lovelace' }, cookie }),
  )
  const created = await json<{ id: string }>(
    await t.request('/api/connections', {
      body: { personId: person.id, notes: 'Analytical engines', connectionTypes: ['SA'] },
      cookie,
    }),
  )
  const updated = await t.request(`/api/connections/${created.id}`, {
    method: 'PUT',
    body: { followUpOn: '2030-01-02' },
    cookie,
  })
  const trpcList = await json<{ result: { data: { json: { items: unknown[] } } } }>(
    await t.request('/api/trpc/connections.list', { cookie }),
  )
  return {
    create: keyPaths(created).sort(),
    update: keyPaths(await json(updated)).sort(),
    restList: keyPaths(await json(await t.request('/api/connections', { cookie }))).sort(),
    search: keyPaths(
      await json(await t.request('/api/connections/search?q=analytical', { cookie })),
    ).sort(),
    // A page: its items are the REST list's rows.
    trpcList: keyPaths(trpcList.result.data.json.items).sort(),
    accountExport: keyPaths(
      (
        await json<{ connections: unknown }>(
          await t.request('/api/account/export.json', { cookie }),
        )
      ).connections,
    ).sort(),
  }
}

describe('a new column in the connections table', () => {
  it('changes no answer of the API: each keeps exactly the output schema’s keys', async () => {
    expect(Object.keys(connections)).toContain('privateRemark')
    const user = await registerUser(t)
    const answers = await connectionAnswers(user.cookie)
    const [row] = await t.db
      .select({ remark: sql`private_remark` })
      .from(connections)
      .limit(1)
    expect(row?.remark).toBe('for the database only')

    const topKeys = (paths: string[]) => [
      ...new Set(paths.map((path) => path.split('.')[1]?.replace('[]', ''))),
    ]
    expect(topKeys(answers.restList).sort()).toEqual(Object.keys(connectionOutput.shape).sort())
    for (const paths of Object.values(answers)) {
      expect(paths.some((path) => path.includes('privateRemark'))).toBe(false)
    }
    expect(answers.trpcList).toEqual(answers.restList)
    expect(answers.accountExport).toEqual(answers.restList)
    expect(answers.create).toEqual(answers.update)
  })
})
