import { randomUUID } from 'node:crypto'
import { contactImportRows, contactImports, people } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

// Bulk import over tRPC, as the Import contacts screen calls it: stage the file's contacts in
// parts, preview, commit, list, undo.

let t: TestApp
let user: Awaited<ReturnType<typeof registerUser>>

type Answer = { status: number; data: unknown; message?: string }

async function call(path: string, input: unknown, cookie = user.cookie): Promise<Answer> {
  const serialized = JSON.stringify(superjson.serialize(input))
  const isQuery = path === 'imports.preview' || path === 'imports.list'
  const response = isQuery
    ? await t.request(`/api/trpc/${path}?input=${encodeURIComponent(serialized)}`, { cookie })
    : await t.request(`/api/trpc/${path}`, { method: 'POST', body: serialized, cookie })
  const body = await json<{
    result?: { data: { json: unknown; meta?: unknown } }
    error?: { json: { message: string } }
  }>(response)
  return {
    status: response.status,
    data: body.result
      ? superjson.deserialize(body.result.data as Parameters<typeof superjson.deserialize>[0])
      : undefined,
    message: body.error?.json.message,
  }
}

const contacts = (from: number, names: string[], extra: Record<string, string> = {}) =>
  names.map((name, i) => {
    const [firstName = '', lastName = ''] = name.split(' ')
    return { position: from + i, firstName, lastName, ...extra }
  })

beforeAll(async () => {
  t = await createTestApp()
  user = await registerUser(t)
  await t.request('/api/people', {
    body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' },
    cookie: user.cookie,
  })
})
afterAll(() => t.close())

describe('importing a contact file', () => {
  it('stages parts, previews the duplicates, imports the rest, and undoes', async () => {
    const uploadId = randomUUID()
    expect(
      await call('imports.stage', {
        uploadId,
        contacts: [
          { position: 1, firstName: 'Grace', lastName: 'H', email: 'GRACE@navy.example' },
          { position: 2, firstName: 'Alan', lastName: 'Turing', email: '', title: 'Codebreaker' },
        ],
      }),
    ).toMatchObject({ status: 200, data: { staged: 2 } })
    expect(
      await call('imports.stage', {
        uploadId,
        contacts: [
          { position: 3, firstName: 'Joan', lastName: 'Clarke', mobile: '+44 7700 900777' },
          { position: 4, firstName: 'J', lastName: 'Clarke', mobile: '07700900777' },
        ],
      }),
    ).toMatchObject({ data: { staged: 4 } })

    const preview = await call('imports.preview', { uploadId })
    expect(preview).toMatchObject({
      status: 200,
      data: {
        total: 4,
        toImport: 2,
        duplicates: [
          {
            position: 1,
            firstName: 'Grace',
            matches: [
              { kind: 'person', firstName: 'Grace', lastName: 'Hopper', reasons: ['email'] },
            ],
          },
          {
            position: 4,
            matches: [{ kind: 'row', ofPosition: 3, firstName: 'Joan', reasons: ['mobile'] }],
          },
        ],
      },
    })

    const created = await call('imports.create', {
      uploadId,
      source: 'vcard',
      fileName: 'friends.vcf',
    })
    expect(created).toMatchObject({
      status: 200,
      data: { contactImport: { fileName: 'friends.vcf', peopleCount: 2 }, skipped: 2 },
    })
    const importId = (created.data as { contactImport: { id: string } }).contactImport.id
    const alan = await t.db
      .select({ id: people.id, title: people.title, email: people.email })
      .from(people)
      .where(eq(people.lastName, 'Turing'))
    expect(alan.map(({ title, email }) => ({ title, email }))).toEqual([
      { title: 'Codebreaker', email: null },
    ])
    await t.request('/api/connections', {
      body: { personId: alan[0]?.id, connectionTypes: [] },
      cookie: user.cookie,
    })

    expect(await call('imports.list', undefined)).toMatchObject({
      data: [{ id: importId, peopleCount: 2, undoneAt: null }],
    })
    const undone = await call('imports.undo', { id: importId })
    expect(undone).toMatchObject({ status: 200, data: { removed: 1, kept: 1 } })
    expect(
      (undone.data as { contactImport: { undoneAt: unknown } }).contactImport.undoneAt,
    ).toBeInstanceOf(Date)
    expect(await call('imports.undo', { id: importId })).toMatchObject({
      status: 409,
      message: 'This import has already been undone.',
    })
    const names = await t.db
      .select({ lastName: people.lastName })
      .from(people)
      .where(eq(people.ownerId, user.id))
    expect(names.map((person) => person.lastName).sort()).toEqual(['Hopper', 'Turing'])
  })

  it('refuses bad parts with a message a person can read, and keeps nothing of them', async () => {
    const uploadId = randomUUID()
    const refusals: [unknown, string][] = [
      [{ uploadId, contacts: [{ position: 1, firstName: ' ', lastName: '' }] }, 'No name'],
      [
        { uploadId, contacts: [{ position: 1, firstName: 'A', email: 'not an email' }] },
        'Invalid email address',
      ],
      [
        { uploadId, contacts: [{ position: 1, firstName: 'A'.repeat(101) }] },
        'Names are limited to 100 characters',
      ],
      [{ uploadId, contacts: [] }, 'A part holds at least one contact'],
      [
        { uploadId, contacts: contacts(1, Array<string>(501).fill('Same Name')) },
        'A part holds at most 500 contacts',
      ],
      [{ uploadId: 'nope', contacts: contacts(1, ['A B']) }, 'Not a valid id'],
    ]
    for (const [input, message] of refusals) {
      expect(await call('imports.stage', input)).toMatchObject({ status: 400, message })
    }
    expect(
      await t.db.select().from(contactImportRows).where(eq(contactImportRows.uploadId, uploadId)),
    ).toEqual([])
  })

  it('refuses more than 5,000 contacts in one import', async () => {
    const uploadId = randomUUID()
    for (let part = 0; part < 10; part++) {
      const names = Array.from({ length: 500 }, (_, i) => `Person ${part * 500 + i}`)
      expect(
        (await call('imports.stage', { uploadId, contacts: contacts(part * 500 + 1, names) }))
          .status,
      ).toBe(200)
    }
    expect(
      await call('imports.stage', { uploadId, contacts: contacts(5001, ['One More']) }),
    ).toMatchObject({
      status: 400,
      message: 'An import holds at most 5,000 contacts. Please split the file.',
    })
  })

  it('shows strong and weak duplicates apart; each is skipped, imported or merged', async () => {
    const owner = await registerUser(t)
    const add = (body: Record<string, string>) =>
      t
        .request('/api/people', { body, cookie: owner.cookie })
        .then((response) => json<{ id: string }>(response))
    const grace = await add({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
      company: 'US Navy',
    })
    await add({ firstName: 'John', lastName: 'Smith', company: 'Acme', email: 'john@acme.example' })
    const uploadId = randomUUID()
    await call(
      'imports.stage',
      {
        uploadId,
        contacts: [
          {
            position: 1,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@navy.example',
            mobile: '+44 7700 900999',
            company: 'Navy',
            title: 'Rear Admiral',
          },
          // Another Smith at Acme, with an email of his own: a weak match, a different person.
          {
            position: 2,
            firstName: 'Jon',
            lastName: 'Smith',
            company: 'Acme',
            email: 'jon@acme.example',
          },
          { position: 3, firstName: 'Jane', lastName: 'Doe', company: 'Acme' },
        ],
      },
      owner.cookie,
    )
    const preview = await call('imports.preview', { uploadId }, owner.cookie)
    expect(preview).toMatchObject({
      data: {
        total: 3,
        toImport: 1,
        duplicates: [
          {
            position: 1,
            strength: 'strong',
            matches: [{ personId: grace.id, reasons: ['email'] }],
          },
          { position: 2, strength: 'weak', matches: [{ firstName: 'John', reasons: ['name'] }] },
        ],
      },
    })

    const stranger = await registerUser(t)
    const theirs = await t
      .request('/api/people', {
        body: { firstName: 'Not', lastName: 'Yours' },
        cookie: stranger.cookie,
      })
      .then((response) => json<{ id: string }>(response))
    expect(
      await call(
        'imports.create',
        {
          uploadId,
          source: 'vcard',
          fileName: 'team.vcf',
          choices: [{ position: 1, action: 'merge', personId: theirs.id }],
        },
        owner.cookie,
      ),
    ).toMatchObject({ status: 404, message: 'A person to merge into was not found.' })

    expect(
      await call(
        'imports.create',
        {
          uploadId,
          source: 'vcard',
          fileName: 'team.vcf',
          choices: [
            { position: 1, action: 'merge', personId: grace.id },
            { position: 2, action: 'import' },
            { position: 3, action: 'skip' },
          ],
        },
        owner.cookie,
      ),
    ).toMatchObject({
      status: 200,
      data: { contactImport: { peopleCount: 1 }, merged: 1, skipped: 1 },
    })
    const theirPeople = await t.db
      .select({
        firstName: people.firstName,
        lastName: people.lastName,
        email: people.email,
        mobile: people.mobile,
        company: people.company,
        title: people.title,
      })
      .from(people)
      .where(eq(people.ownerId, owner.id))
    expect(theirPeople.sort((a, b) => a.firstName.localeCompare(b.firstName))).toEqual([
      // Merged: the empty mobile and title filled in, the company kept as it was.
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@navy.example',
        mobile: '+44 7700 900999',
        company: 'US Navy',
        title: 'Rear Admiral',
      },
      {
        firstName: 'John',
        lastName: 'Smith',
        email: 'john@acme.example',
        mobile: null,
        company: 'Acme',
        title: null,
      },
      {
        firstName: 'Jon',
        lastName: 'Smith',
        email: 'jon@acme.example',
        mobile: null,
        company: 'Acme',
        title: null,
      },
    ])
  })

  it('answers 404 for an upload or import that is not the caller’s', async () => {
    const uploadId = randomUUID()
    await call('imports.stage', { uploadId, contacts: contacts(1, ['Kept Private']) })
    const other = await registerUser(t)
    const notFound = {
      status: 404,
      message: 'This import was not found. Please choose the file again.',
    }
    expect(await call('imports.preview', { uploadId }, other.cookie)).toMatchObject(notFound)
    expect(
      await call('imports.create', { uploadId, source: 'vcard', fileName: 'x.vcf' }, other.cookie),
    ).toMatchObject(notFound)
    const [anImport] = await t.db.select({ id: contactImports.id }).from(contactImports)
    expect(await call('imports.undo', { id: anImport?.id }, other.cookie)).toMatchObject({
      status: 404,
      message: 'This import was not found.',
    })
  })
})

describe('how often', () => {
  it('a user may check or commit imports 60 times an hour, then gets 429 with a message', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...RATE_LIMIT_POLICIES,
        'contact-import:user': { limit: 2, windowMs: 3_600_000 },
      },
    })
    try {
      const { cookie } = await registerUser(limited)
      const preview = () =>
        limited.request(
          `/api/trpc/imports.preview?input=${encodeURIComponent(JSON.stringify({ json: { uploadId: randomUUID() } }))}`,
          { cookie },
        )
      expect((await preview()).status).toBe(404)
      expect((await preview()).status).toBe(404)
      const refused = await preview()
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(JSON.stringify(await refused.json())).toContain(
        'Too many attempts. Please wait 60 minutes and try again.',
      )
    } finally {
      await limited.close()
    }
  })
})

describe('random contacts and bodies', () => {
  it('never answer 5xx, and a refusal says why', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('', ' ', 'a\u0000b', 'a\uD800b', 'x'.repeat(3000), 'a@b.example'),
    )
    const contact = fc.record(
      {
        position: fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.double(), fc.constant('1')),
        firstName: text,
        lastName: text,
        email: fc.option(text),
        mobile: fc.option(text),
        company: fc.option(text),
        title: fc.option(text),
        linkedin: fc.option(text),
        website: fc.option(text),
      },
      { requiredKeys: [] },
    )
    const uploadId = randomUUID()
    await fc.assert(
      fc.asyncProperty(fc.array(contact, { maxLength: 5 }), async (contacts) => {
        const answer = await call('imports.stage', { uploadId, contacts })
        expect(answer.status).toBeLessThan(500)
        if (answer.status !== 200) expect(answer.message).toMatch(/\w/)
      }),
      { numRuns: 150 },
    )
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (a, b) => {
        for (const path of ['imports.create', 'imports.undo', 'imports.stage']) {
          const response = await t.request(`/api/trpc/${path}`, {
            method: 'POST',
            body: JSON.stringify({ json: { uploadId: a, id: a, source: b, fileName: b } }) ?? '',
            cookie: user.cookie,
          })
          expect(response.status).toBeLessThan(500)
        }
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
