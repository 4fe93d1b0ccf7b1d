import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import { events, people as peopleTable } from '@fiveconnect/db'
import { untilEarlierTransactionsEnd } from '@fiveconnect/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, TEST_APP_URL, type TestApp } from '../test/test-app.ts'
import { trpcMutation, trpcQuery } from '../test/trpc-calls.ts'

let t: TestApp
let eventId: string
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...RATE_LIMIT_POLICIES,
      'dav-sign-in:account-ip': { limit: 40, windowMs: 15 * 60_000 },
    },
  })
  const [event] = await t.db.select().from(events)
  eventId = event?.id ?? ''
})
afterAll(() => t.close())

type User = Awaited<ReturnType<typeof registerUser>>

function appPasswordFor(user: User, name = 'My phone') {
  return trpcMutation<{ password: string; appPassword: { id: string } }>(
    t,
    user.cookie,
    'appPasswords.create',
    { name },
  )
}

function dav(
  method: string,
  path: string,
  auth: { email: string; password: string } | undefined,
  options: { body?: string; depth?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/xml; charset=utf-8' }
  if (auth) {
    headers.authorization = `Basic ${Buffer.from(`${auth.email}:${auth.password}`).toString('base64')}`
  }
  if (options.depth !== undefined) headers.depth = options.depth
  return t.app.request(`${TEST_APP_URL}${path}`, { method, headers, body: options.body })
}

async function addPerson(user: User, details: Record<string, unknown>) {
  const response = await t.request('/api/people', { body: details, cookie: user.cookie })
  return json<{ id: string }>(response)
}

const PROPFIND_ETAGS = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>`
const hrefsIn = (xml: string) =>
  [...xml.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1] ?? '')
const syncTokenIn = (xml: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(xml)?.[1] ?? ''
const syncBody = (token: string, limit?: number) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level>${limit ? `<d:limit><d:nresults>${limit}</d:nresults></d:limit>` : ''}<d:prop><d:getetag/><card:address-data/></d:prop></d:sync-collection>`

describe('the CardDAV address book', () => {
  it('is found from the bare host and lists only the user’s own people as cards', async () => {
    const owner = await registerUser(t)
    const stranger = await registerUser(t)
    const ada = await addPerson(owner, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      email: 'ada@analytical.example',
      mobile: '+44 20 7946 0958',
    })
    await t.request('/api/connections', {
      body: { personId: ada.id, eventId, connectionTypes: ['SA', 'RF'] },
      cookie: owner.cookie,
    })
    // A title comes from an import or a scanned card; no app form sets it directly.
    await t.db
      .update(peopleTable)
      .set({ title: 'Head of Research' })
      .where(eq(peopleTable.id, ada.id))
    await addPerson(stranger, { firstName: 'Not', lastName: 'Yours' })
    const { password } = await appPasswordFor(owner)
    const auth = { email: owner.email, password }

    const wellKnown = await dav('PROPFIND', '/.well-known/carddav', auth)
    expect(wellKnown.status).toBe(301)
    expect(wellKnown.headers.get('location')).toBe('/dav/')

    const root = await (await dav('PROPFIND', '/dav/', auth, { depth: '0' })).text()
    expect(root).toContain('<d:current-user-principal><d:href>/dav/principal/</d:href>')
    const principal = await dav('PROPFIND', '/dav/principal/', auth, {
      depth: '0',
      body: `<d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><card:addressbook-home-set/><d:foo/></d:prop></d:propfind>`,
    })
    expect(principal.status).toBe(207)
    const principalXml = await principal.text()
    expect(principalXml).toContain('<card:addressbook-home-set><d:href>/dav/addressbooks/</d:href>')
    expect(principalXml).toMatch(/<d:foo\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/)

    const home = await (await dav('PROPFIND', '/dav/addressbooks/', auth, { depth: '1' })).text()
    expect(home).toContain('<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>')

    const listing = await (
      await dav('PROPFIND', '/dav/addressbooks/people/', auth, { depth: '1', body: PROPFIND_ETAGS })
    ).text()
    expect(hrefsIn(listing)).toEqual([
      '/dav/addressbooks/people/',
      `/dav/addressbooks/people/${ada.id}.vcf`,
    ])

    const card = await dav('GET', `/dav/addressbooks/people/${ada.id}.vcf`, auth)
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
    const vcard = await card.text()
    expect(vcard).toContain(`UID:${ada.id}`)
    expect(vcard).toContain('TITLE:Head of Research')
    expect(vcard).toContain('ORG:Analytical Engines')
    expect(vcard).toMatch(
      /NOTE:Met at .+ on \d{4}-\d{2}-\d{2} \(Strategic Alliance\\, Raving Fan\)/,
    )
    expect(vcard).toContain('CATEGORIES:FiveConnect,')
    expect(listing).toContain(`<d:getetag>${card.headers.get('etag')?.replaceAll('"', '&quot;')}`)

    const notMine = await dav('GET', `/dav/addressbooks/people/${ada.id}.vcf`, {
      email: stranger.email,
      password: (await appPasswordFor(stranger)).password,
    })
    expect(notMine.status).toBe(404)
  })

  it('syncs only what changed since the last token, a page at a time', async () => {
    const owner = await registerUser(t)
    const people = []
    for (const firstName of ['Kept', 'Edited', 'Deleted', 'Fourth', 'Fifth']) {
      people.push(await addPerson(owner, { firstName, lastName: 'Person' }))
    }
    const { password } = await appPasswordFor(owner)
    const auth = { email: owner.email, password }

    // The first sync, two cards an answer: 507 on the collection says there is more.
    await untilEarlierTransactionsEnd(t.db)
    const seen: string[] = []
    let token = ''
    for (let page = 0; page < 5; page++) {
      const answer = await (
        await dav('REPORT', '/dav/addressbooks/people/', auth, { body: syncBody(token, 2) })
      ).text()
      token = syncTokenIn(answer)
      seen.push(...hrefsIn(answer).filter((href) => href?.endsWith('.vcf')))
      if (!answer.includes('507 Insufficient Storage')) break
    }
    expect(seen.sort()).toEqual(
      people.map((person) => `/dav/addressbooks/people/${person.id}.vcf`).sort(),
    )

    const [, edited, deleted] = people
    // Meeting someone again changes their card (its note and categories); a person leaves the
    // book when an import is undone or the account is deleted, here straight in the database.
    const met = await t.request('/api/connections', {
      body: { personId: edited?.id, eventId, connectionTypes: ['JV'] },
      cookie: owner.cookie,
    })
    expect(met.status).toBe(201)
    await t.db.delete(peopleTable).where(eq(peopleTable.id, deleted?.id ?? ''))

    await untilEarlierTransactionsEnd(t.db)
    const changes = await (
      await dav('REPORT', '/dav/addressbooks/people/', auth, { body: syncBody(token) })
    ).text()
    expect(changes).toContain(
      `<d:response><d:href>/dav/addressbooks/people/${deleted?.id}.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`,
    )
    expect(changes).toContain('(Joint Venture)')
    expect(hrefsIn(changes).sort()).toEqual(
      [
        `/dav/addressbooks/people/${edited?.id}.vcf`,
        `/dav/addressbooks/people/${deleted?.id}.vcf`,
      ].sort(),
    )
    const unchanged = await (
      await dav('REPORT', '/dav/addressbooks/people/', auth, {
        body: syncBody(syncTokenIn(changes)),
      })
    ).text()
    expect(hrefsIn(unchanged)).toEqual([])

    const badToken = await dav('REPORT', '/dav/addressbooks/people/', auth, {
      body: syncBody('http://elsewhere/1'),
    })
    expect(badToken.status).toBe(403)
    expect(await badToken.text()).toContain('<d:valid-sync-token/>')
  })

  it('answers multiget with each card, and 404 for one that is not the user’s', async () => {
    const owner = await registerUser(t)
    const stranger = await registerUser(t)
    const mine = await addPerson(owner, { firstName: 'Mine', lastName: 'Card' })
    const theirs = await addPerson(stranger, { firstName: 'Their', lastName: 'Card' })
    const { password } = await appPasswordFor(owner)
    const body = `<card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop><d:href>/dav/addressbooks/people/${mine.id}.vcf</d:href><d:href>/dav/addressbooks/people/${theirs.id}.vcf</d:href></card:addressbook-multiget>`
    const answer = await (
      await dav('REPORT', '/dav/addressbooks/people/', { email: owner.email, password }, { body })
    ).text()
    expect(answer).toContain('FN:Mine Card')
    expect(answer).not.toContain('Their')
    expect(answer).toContain(
      `<d:href>/dav/addressbooks/people/${theirs.id}.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`,
    )
  })

  it('signs in only with a live app password of that account, never the account password', async () => {
    const owner = await registerUser(t)
    const other = await registerUser(t)
    const created = await appPasswordFor(owner, 'Laptop')
    const path = '/dav/principal/'

    expect((await dav('PROPFIND', path, undefined)).headers.get('www-authenticate')).toMatch(
      /^Basic realm=/,
    )
    expect(
      (await dav('PROPFIND', path, { email: owner.email, password: owner.password })).status,
    ).toBe(401)
    expect(
      (await dav('PROPFIND', path, { email: other.email, password: created.password })).status,
    ).toBe(401)
    expect(
      (
        await dav('PROPFIND', path, {
          email: owner.email.toUpperCase(),
          password: created.password.toUpperCase(),
        })
      ).status,
    ).toBe(207)

    const [listed] = await trpcQuery<{ name: string; lastUsedAt: Date | null }[]>(
      t,
      owner.cookie,
      'appPasswords.list',
    )
    expect(listed?.name).toBe('Laptop')
    expect(listed?.lastUsedAt).toBeInstanceOf(Date)

    await trpcMutation(t, owner.cookie, 'appPasswords.revoke', { id: created.appPassword.id })
    expect(
      (await dav('PROPFIND', path, { email: owner.email, password: created.password })).status,
    ).toBe(401)
    await expect(
      trpcMutation(t, other.cookie, 'appPasswords.revoke', { id: created.appPassword.id }),
    ).rejects.toThrow('App password not found.')
  })

  it('refuses writes, infinite depth, bad XML and too many sign-ins with readable answers', async () => {
    const owner = await registerUser(t)
    const { password } = await appPasswordFor(owner)
    const auth = { email: owner.email, password }
    expect(
      (await dav('PUT', '/dav/addressbooks/people/x.vcf', auth, { body: 'BEGIN:VCARD' })).status,
    ).toBe(403)
    const infinite = await dav('PROPFIND', '/dav/addressbooks/people/', auth, { depth: 'infinity' })
    expect(infinite.status).toBe(403)
    expect(await infinite.text()).toContain('propfind-finite-depth')
    expect(
      (await dav('REPORT', '/dav/addressbooks/people/', auth, { body: '<not xml' })).status,
    ).toBe(400)
    expect(
      (
        await dav('REPORT', '/dav/addressbooks/people/', auth, {
          body: '<d:expand-property xmlns:d="DAV:"/>',
        })
      ).status,
    ).toBe(403)

    let last: Response | undefined
    for (let attempt = 0; attempt < 45 && last?.status !== 429; attempt++) {
      last = await dav('PROPFIND', '/dav/principal/', {
        email: owner.email,
        password: 'aaaaa-aaaaa-aaaaa-aaaaa',
      })
    }
    expect(last?.status).toBe(429)
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
