import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import { users } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOverNode, type NodeServer } from '../test/node-server.ts'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

// The app listens on a real port and its APP_URL is that port's address, so a feed link is
// fetched exactly as a calendar app would fetch it: with Node's fetch, the URL and nothing else.

const FEED_FETCHES_PER_HOUR = 5
let t: TestApp
let server: NodeServer
let grace: Awaited<ReturnType<typeof registerUser>>
let stranger: Awaited<ReturnType<typeof registerUser>>

beforeAll(async () => {
  // Nothing is fetched before the app below exists.
  server = await serveOverNode((request, env) => t.app.fetch(request, env))
  const { base } = server
  t = await createTestApp({
    appUrl: base,
    rateLimits: {
      ...RATE_LIMIT_POLICIES,
      'calendar-feed:token': { limit: FEED_FETCHES_PER_HOUR, windowMs: 60 * 60_000 },
    },
  })

  grace = await registerUser(t, { firstName: 'Grace', lastName: 'Hopper' })
  stranger = await registerUser(t)
  const [ideasFest] = await json<{ id: string }[]>(
    await t.request('/api/events', { cookie: grace.cookie }),
  )
  await meet(grace.cookie, { firstName: 'Ada', lastName: 'Lovelace' }, { followUpOn: '2030-02-28' })
  await meet(
    grace.cookie,
    { firstName: 'Katherine', lastName: 'Johnson', company: 'NASA, Langley' },
    { followUpOn: '2030-01-15', eventId: ideasFest?.id, connectionFocus: 'Orbits; re-entry' },
  )
  await meet(
    grace.cookie,
    { firstName: 'Alan', lastName: 'Turing' },
    { followUpOn: '2030-01-20', followUpDone: true },
  )
  await meet(grace.cookie, { firstName: 'Margaret', lastName: 'Hamilton' }, {})
  await meet(
    stranger.cookie,
    { firstName: 'Hidden', lastName: 'Stranger' },
    {
      followUpOn: '2030-01-15',
      notes: 'not yours',
    },
  )
})
afterAll(async () => {
  await server.close()
  await t.close()
})

async function meet(
  cookie: string,
  person: Record<string, string>,
  connection: Record<string, unknown>,
) {
  const { id: personId } = await json<{ id: string }>(
    await t.request('/api/people', { body: person, cookie }),
  )
  const response = await t.request('/api/connections', {
    body: { personId, connectionTypes: ['SA'], ...connection },
    cookie,
  })
  expect(response.status).toBe(201)
}

type Links = { url: string; webcalUrl: string }

/** Calls a calendarFeed procedure over tRPC as the holder of `cookie`; its status and data. */
async function feedCall(procedure: 'status' | 'create' | 'revoke', cookie?: string) {
  const response =
    procedure === 'status'
      ? await t.request('/api/trpc/calendarFeed.status', { cookie })
      : await t.request(`/api/trpc/calendarFeed.${procedure}`, { body: '{}', cookie })
  const body = await json<{ result?: { data: { json: unknown } } }>(response)
  return { status: response.status, data: body.result?.data.json }
}

async function createFeed(cookie: string): Promise<Links> {
  const { status, data } = await feedCall('create', cookie)
  expect(status).toBe(200)
  return data as Links
}

type ParsedCalendar = {
  name: string
  errors: string[]
  events: {
    uid: string
    summary: string
    description: string | null
    url: string
    start: string
    end: string
    isAllDay: boolean
  }[]
}

/** Reads a calendar with Python's icalendar (Debian's python3-icalendar), not with our code. */
const PARSE = `
import datetime, json, sys
from icalendar import Calendar

calendar = Calendar.from_ical(sys.stdin.buffer.read())
events = []
for event in calendar.walk('VEVENT'):
    start, end = event.decoded('DTSTART'), event.decoded('DTEND')
    description = event.get('DESCRIPTION')
    events.append({
        'uid': str(event['UID']),
        'summary': str(event['SUMMARY']),
        'description': None if description is None else str(description),
        'url': str(event['URL']),
        'start': start.isoformat(),
        'end': end.isoformat(),
        'isAllDay': not isinstance(start, datetime.datetime)
            and not isinstance(end, datetime.datetime),
    })
errors = [str(error) for component in calendar.walk() for error in component.errors]
print(json.dumps({'name': str(calendar['X-WR-CALNAME']), 'errors': errors, 'events': events}))
`

function parseWithPython(ics: string): Promise<ParsedCalendar> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', ['-c', PARSE], { stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out) as ParsedCalendar)
      else reject(new Error(`${err}\n(scripts/setup-test-deps.sh installs python3-icalendar)`))
    })
    child.stdin.end(ics)
  })
}

describe('the private calendar feed', () => {
  it('is subscribed to with only its URL and read by an independent iCalendar parser', async () => {
    expect(await feedCall('status', grace.cookie)).toEqual({
      status: 200,
      data: { hasFeed: false },
    })
    const links = await createFeed(grace.cookie)
    expect(links.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[\w-]{43}\.ics$/)
    expect(links.webcalUrl).toBe(links.url.replace(/^http:/, 'webcal:'))
    expect(await feedCall('status', grace.cookie)).toEqual({
      status: 200,
      data: { hasFeed: true },
    })

    const response = await fetch(links.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('set-cookie')).toBeNull()
    const ics = await response.text()

    const calendar = await parseWithPython(ics)
    expect(calendar.errors).toEqual([])
    expect(calendar.name).toBe('FiveConnect follow-ups')
    expect(calendar.events).toEqual([
      {
        uid: expect.stringMatching(/^follow-up-[\w-]{36}@fiveconnect$/) as string,
        summary: 'Follow up with Katherine Johnson',
        description: 'Company: NASA, Langley\nMet at Ideas Fest\nFocus: Orbits; re-entry',
        url: `${new URL(links.url).origin}/connections?q=Katherine%20Johnson`,
        start: '2030-01-15',
        end: '2030-01-16',
        isAllDay: true,
      },
      {
        uid: expect.stringMatching(/^follow-up-[\w-]{36}@fiveconnect$/) as string,
        summary: 'Follow up with Ada Lovelace',
        description: null,
        url: `${new URL(links.url).origin}/connections?q=Ada%20Lovelace`,
        start: '2030-02-28',
        end: '2030-03-01',
        isAllDay: true,
      },
    ])
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n')
    expect(ics).toContain('X-PUBLISHED-TTL:PT1H\r\n')
    // Done follow-ups, connections with no date and other users' connections stay out.
    expect(ics).not.toMatch(/Turing|Hamilton|Hidden|not yours/)
  })

  it('keeps the same UIDs from one fetch to the next, so calendar apps update the events', async () => {
    const { url } = await createFeed(grace.cookie)
    const uids = async () => (await (await fetch(url)).text()).match(/^UID:.*$/gm)
    expect(await uids()).toEqual(await uids())
  })

  it('stops working when turned off, and a new link replaces the old one', async () => {
    const first = await createFeed(grace.cookie)
    expect((await fetch(first.url)).status).toBe(200)

    const second = await createFeed(grace.cookie)
    expect(second.url).not.toBe(first.url)
    const old = await fetch(first.url)
    expect(old.status).toBe(404)
    expect(await old.json()).toEqual({ message: 'Calendar feed not found.' })
    expect((await fetch(second.url)).status).toBe(200)

    expect(await feedCall('revoke', grace.cookie)).toEqual({ status: 200, data: { ok: true } })
    expect((await fetch(second.url)).status).toBe(404)
    expect(await feedCall('status', grace.cookie)).toEqual({
      status: 200,
      data: { hasFeed: false },
    })
    // Turning off a feed that is already off is fine.
    expect((await feedCall('revoke', grace.cookie)).status).toBe(200)

    const third = await createFeed(grace.cookie)
    expect((await fetch(third.url)).status).toBe(200)
    expect((await fetch(second.url)).status).toBe(404)
  })

  it("keeps only the token's SHA-256, which is no working link and is in no answer", async () => {
    const { url } = await createFeed(grace.cookie)
    const token = /\/api\/calendar\/([\w-]+)\.ics$/.exec(url)?.[1] ?? ''
    const [row] = await t.db
      .select({ hash: users.calendarFeedTokenHash })
      .from(users)
      .where(eq(users.id, grace.id))
    const hash = createHash('sha256').update(token).digest('hex')
    expect(row?.hash).toBe(hash)
    expect((await fetch(url.replace(token, hash))).status).toBe(404)

    for (const path of ['/api/account/export.json', '/api/auth/user', '/api/trpc/auth.me']) {
      const answer = await (await t.request(path, { cookie: grace.cookie })).text()
      expect(answer).not.toContain(hash)
      expect(answer).not.toContain(token)
    }
  })

  it("gives each user their own feed: another user's link shows none of theirs", async () => {
    const { url } = await createFeed(stranger.cookie)
    const ics = await (await fetch(url)).text()
    expect(ics.match(/^SUMMARY:.*$/gm)).toEqual(['SUMMARY:Follow up with Hidden Stranger'])
    // The stranger's new link did not touch Grace's.
    expect(await feedCall('status', grace.cookie)).toMatchObject({ data: { hasFeed: true } })
  })

  it('answers an empty calendar when nothing is open', async () => {
    const newcomer = await registerUser(t)
    const { url } = await createFeed(newcomer.cookie)
    const calendar = await parseWithPython(await (await fetch(url)).text())
    expect(calendar).toEqual({ name: 'FiveConnect follow-ups', errors: [], events: [] })
  })

  it("goes quiet while its owner is deactivated, and comes back if they're reactivated", async () => {
    const member = await registerUser(t)
    await meet(
      member.cookie,
      { firstName: 'Paused', lastName: 'Person' },
      {
        followUpOn: '2030-05-01',
      },
    )
    const { url } = await createFeed(member.cookie)
    const admin = await signInAdmin(t)
    const setActive = (action: 'deactivate' | 'reactivate') =>
      t.request(`/api/admin/users/${member.id}/${action}`, {
        method: 'PUT',
        body: {},
        cookie: admin.cookie,
      })

    expect((await setActive('deactivate')).status).toBe(200)
    expect((await fetch(url)).status).toBe(404)
    expect((await setActive('reactivate')).status).toBe(200)
    expect((await fetch(url)).status).toBe(200)
  })

  it('answers a malformed or unknown link with a 4xx and a message, never a 5xx', async () => {
    const { url } = await createFeed(grace.cookie)
    const origin = new URL(url).origin
    const token = /\/api\/calendar\/([\w-]+)\.ics$/.exec(url)?.[1] ?? ''
    const notFound = [
      url.replace(/\.ics$/, ''),
      url.replace(/\.ics$/, '.ical'),
      `${origin}/api/calendar/${token.slice(1)}.ics`,
      `${origin}/api/calendar/${'A'.repeat(43)}.ics`,
      `${origin}/api/calendar/.ics`,
      `${origin}/api/calendar/%00${token.slice(1)}.ics`,
      `${origin}/api/calendar/${encodeURIComponent(`${token.slice(1)}é`)}.ics`,
    ]
    for (const address of notFound) {
      const response = await fetch(address)
      expect(response.status, address).toBe(404)
      expect(await response.json()).toEqual({ message: 'Calendar feed not found.' })
    }
    const tooLong = await fetch(`${origin}/api/calendar/${'A'.repeat(300)}.ics`)
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toMatchObject({ message: 'The calendar feed link is too long' })
  })

  it('is refused to signed-out callers for status, create and revoke', async () => {
    for (const procedure of ['status', 'create', 'revoke'] as const) {
      expect((await feedCall(procedure)).status).toBe(401)
    }
  })

  it('limits how often one link is fetched, with a 429 and Retry-After', async () => {
    const { url } = await createFeed(grace.cookie)
    for (let fetches = 0; fetches < FEED_FETCHES_PER_HOUR; fetches++) {
      expect((await fetch(url)).status).toBe(200)
    }
    const limited = await fetch(url)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({
      message: 'Too many attempts. Please wait 60 minutes and try again.',
    })
  })
})
