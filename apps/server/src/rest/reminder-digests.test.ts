import { RATE_LIMIT_POLICIES, sendDueDigests } from '@fiveconnect/api/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createSmtpMailer } from '../mail/smtp-mailer.ts'
import { startSmtpSink } from '../test/smtp-sink.ts'
import {
  createTestApp,
  json,
  registerUser,
  signInAdmin,
  TEST_APP_URL,
  type TestApp,
} from '../test/test-app.ts'

// Digests go through the SMTP mailer to a real SMTP server on loopback, and the clock is whatever
// `now` each run is given, so a whole day of five-minute runs takes a moment.

type Mail = { to: string; headers: string; text: string; sentAt: string }
const delivered: Mail[] = []
let refuseMail = false
let currentRun = ''
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let t: TestApp
let mailer: ReturnType<typeof createSmtpMailer>

/** The mail's headers, unfolded, and its body decoded from quoted-printable if it was. */
function parseMail(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  let text = raw.slice(split + 4)
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) {
    text = text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
  return { headers, text: text.replace(/\r\n/g, '\n') }
}

beforeAll(async () => {
  sink = await startSmtpSink((mail) => {
    if (refuseMail) return false
    delivered.push({ to: mail.to.join(', '), ...parseMail(mail.raw), sentAt: currentRun })
    return true
  })
  mailer = sink.mailer()
  t = await createTestApp({ mailer })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

type User = Awaited<ReturnType<typeof registerUser>>

async function signUp(firstName: string, lastName: string, timeZone?: string): Promise<User> {
  const user = await registerUser(t, { firstName, lastName })
  if (timeZone) {
    const response = await t.request('/api/profile/time-zone', {
      method: 'PUT',
      body: { timeZone },
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
  }
  return user
}

async function followUp(
  user: User,
  person: { firstName: string; lastName: string; company?: string },
  connection: { followUpOn: string; followUpDone?: boolean },
): Promise<string> {
  const { id: personId } = await json<{ id: string }>(
    await t.request('/api/people', { body: person, cookie: user.cookie }),
  )
  const response = await t.request('/api/connections', {
    body: { personId, connectionTypes: ['SA'], ...connection },
    cookie: user.cookie,
  })
  expect(response.status).toBe(201)
  return (await json<{ id: string }>(response)).id
}

async function setReminders(user: User, settings: unknown) {
  return t.request('/api/reminders', { method: 'PUT', body: settings, cookie: user.cookie })
}

const run = async (at: string) => {
  currentRun = at
  return sendDueDigests({ db: t.db, mailer, appUrl: TEST_APP_URL, now: new Date(at) })
}

/** Runs every five minutes from `from` (inclusive) to `to` (exclusive). */
async function runEveryFiveMinutes(from: string, to: string) {
  for (let at = Date.parse(from); at < Date.parse(to); at += 5 * 60_000) {
    await run(new Date(at).toISOString())
  }
}

const mailsTo = (user: User) => delivered.filter((mail) => mail.to === user.email)
/** The one mail the user got so far. */
function firstMailTo(user: User): Mail {
  const [mail] = mailsTo(user)
  if (!mail) throw new Error(`No mail to ${user.email}`)
  return mail
}
const header = (mail: Mail, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(mail.headers)?.[1] ?? ''

describe('the daily follow-up digest', () => {
  let berlin: User
  let losAngeles: User
  let auckland: User
  let off: User
  let nothingDue: User
  let deactivated: User
  let noTimeZone: User
  let adaConnection: string
  let katherineConnection: string

  beforeAll(async () => {
    berlin = await signUp('Grace', 'Hopper', 'Europe/Berlin')
    adaConnection = await followUp(
      berlin,
      { firstName: 'Ada', lastName: 'Lovelace' },
      { followUpOn: '2026-12-01' },
    )
    katherineConnection = await followUp(
      berlin,
      { firstName: 'Katherine', lastName: 'Johnson', company: 'NASA' },
      { followUpOn: '2026-11-28' },
    )
    await followUp(berlin, { firstName: 'Not', lastName: 'Yet' }, { followUpOn: '2026-12-05' })
    await followUp(
      berlin,
      { firstName: 'Already', lastName: 'Done' },
      { followUpOn: '2026-11-30', followUpDone: true },
    )

    losAngeles = await signUp('Hedy', 'Lamarr', 'America/Los_Angeles')
    await followUp(
      losAngeles,
      { firstName: 'Alan', lastName: 'Turing' },
      { followUpOn: '2026-12-01' },
    )

    // At 07:00 on Wednesday in Auckland it is still Tuesday 18:00 in UTC.
    auckland = await signUp('Kate', 'Sheppard', 'Pacific/Auckland')
    expect((await setReminders(auckland, { enabled: true, hour: 7 })).status).toBe(200)
    await followUp(
      auckland,
      { firstName: 'Ernest', lastName: 'Rutherford' },
      { followUpOn: '2026-12-02' },
    )

    off = await signUp('Quiet', 'Person', 'Europe/Berlin')
    expect((await setReminders(off, { enabled: false, hour: 8 })).status).toBe(200)
    await followUp(off, { firstName: 'Some', lastName: 'One' }, { followUpOn: '2026-12-01' })

    nothingDue = await signUp('Later', 'Person', 'Europe/Berlin')
    await followUp(
      nothingDue,
      { firstName: 'Next', lastName: 'Week' },
      { followUpOn: '2026-12-08' },
    )

    deactivated = await signUp('Gone', 'Person', 'Europe/Berlin')
    await followUp(
      deactivated,
      { firstName: 'Some', lastName: 'Body' },
      { followUpOn: '2026-12-01' },
    )
    const admin = await signInAdmin(t)
    const response = await t.request(`/api/admin/users/${deactivated.id}/deactivate`, {
      method: 'PUT',
      cookie: admin.cookie,
    })
    expect(response.status).toBe(200)

    noTimeZone = await signUp('Never', 'Opened')
    await followUp(noTimeZone, { firstName: 'Any', lastName: 'Body' }, { followUpOn: '2026-12-01' })
  })

  it('goes to each user once, at their hour in their own time zone, across a day of runs', async () => {
    await runEveryFiveMinutes('2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z')

    expect(mailsTo(berlin).map((mail) => mail.sentAt)).toEqual(['2026-12-01T07:00:00.000Z'])
    expect(mailsTo(losAngeles).map((mail) => mail.sentAt)).toEqual(['2026-12-01T16:00:00.000Z'])
    expect(mailsTo(auckland).map((mail) => mail.sentAt)).toEqual(['2026-12-01T18:00:00.000Z'])
    for (const user of [off, nothingDue, deactivated, noTimeZone]) {
      expect(mailsTo(user)).toEqual([])
    }
  })

  it('lists the follow-ups due that day and the overdue ones, with links and unsubscribe headers', () => {
    const mail = firstMailTo(berlin)
    expect(header(mail, 'Subject')).toBe('Your follow-ups for Tuesday 1 December')
    expect(mail.text).toContain(
      `Due today:\n- Ada Lovelace\n  ${TEST_APP_URL}/connections?connection=${adaConnection}`,
    )
    expect(mail.text).toContain(
      `Overdue:\n- Katherine Johnson, NASA\n  ${TEST_APP_URL}/connections?connection=${katherineConnection}\n  Was due Saturday 28 November`,
    )
    expect(mail.text).not.toContain('Not Yet')
    expect(mail.text).not.toContain('Already Done')
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = header(mail, 'List-Unsubscribe')
    expect(unsubscribe).toMatch(
      /^<http:\/\/localhost:3000\/api\/reminders\/unsubscribe\/[\w-]{43}>$/,
    )
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe.slice(1, -1)}`)

    const wednesday = firstMailTo(auckland)
    expect(header(wednesday, 'Subject')).toBe('Your follow-ups for Wednesday 2 December')
    expect(wednesday.text).toContain('Due today:\n- Ernest Rutherford')
  })

  it('stops after the link is used, without signing in, and only for that user', async () => {
    const link = header(firstMailTo(berlin), 'List-Unsubscribe').slice(1 + TEST_APP_URL.length, -1)

    // Opening the link (as mail scanners do) only asks.
    const page = await t.request(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('Stop follow-up reminders?')
    expect(html).toContain('<form method="post">')
    const before = await json(await t.request('/api/reminders', { cookie: berlin.cookie }))
    expect(before).toEqual({ enabled: true, hour: 8, timeZone: 'Europe/Berlin' })

    // A mail app's one-click unsubscribe (RFC 8058): a POST with no cookie.
    const posted = await t.request(link, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('You are unsubscribed')
    expect(await json(await t.request('/api/reminders', { cookie: berlin.cookie }))).toEqual({
      enabled: false,
      hour: 8,
      timeZone: 'Europe/Berlin',
    })

    await runEveryFiveMinutes('2026-12-02T00:00:00Z', '2026-12-03T00:00:00Z')
    expect(mailsTo(berlin)).toHaveLength(1)
    // Hedy's follow-up of the 1st is overdue now, and her reminders are still on.
    expect(mailsTo(losAngeles).map((mail) => mail.sentAt)).toEqual([
      '2026-12-01T16:00:00.000Z',
      '2026-12-02T16:00:00.000Z',
    ])
  })

  it('takes the POST from its own page (Origin: null, as no-referrer sends it) or another site', async () => {
    for (const [user, origin] of [
      [losAngeles, 'null'],
      [auckland, 'https://mail.example'],
    ] as const) {
      const link = header(firstMailTo(user), 'List-Unsubscribe').slice(1 + TEST_APP_URL.length, -1)
      const response = await t.request(link, {
        method: 'POST',
        headers: { origin, 'sec-fetch-site': 'cross-site' },
      })
      expect(response.status).toBe(200)
      expect(await json(await t.request('/api/reminders', { cookie: user.cookie }))).toMatchObject({
        enabled: false,
      })
    }
  })

  it('answers a link that is not one with a 404 page', async () => {
    for (const token of ['x'.repeat(43), 'short']) {
      const response = await t.request(`/api/reminders/unsubscribe/${token}`, { method: 'POST' })
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('This unsubscribe link is not valid.')
    }
    expect((await t.request('/api/reminders/unsubscribe/short')).status).toBe(404)
  })

  it('is sent once when two runs race', async () => {
    const racer = await signUp('Two', 'Instances', 'Asia/Tokyo')
    await followUp(racer, { firstName: 'Due', lastName: 'Today' }, { followUpOn: '2026-12-10' })
    await Promise.all([run('2026-12-10T00:00:00Z'), run('2026-12-10T00:00:00Z')])
    expect(mailsTo(racer)).toHaveLength(1)
  })

  it('that could not be sent is tried again at the next run', async () => {
    const unlucky = await signUp('Bad', 'Luck', 'Europe/London')
    await followUp(unlucky, { firstName: 'Due', lastName: 'Soon' }, { followUpOn: '2026-12-20' })
    refuseMail = true
    const errors: unknown[] = []
    await sendDueDigests({
      db: t.db,
      mailer,
      appUrl: TEST_APP_URL,
      now: new Date('2026-12-20T08:00:00Z'),
      onSendError: (error) => errors.push(error),
    })
    refuseMail = false
    expect(errors.length).toBeGreaterThanOrEqual(1)
    expect(mailsTo(unlucky)).toEqual([])

    await run('2026-12-20T08:05:00Z')
    expect(mailsTo(unlucky).map((mail) => mail.sentAt)).toEqual(['2026-12-20T08:05:00Z'])
  })
})

describe('the reminder settings', () => {
  it('keep the hour and the switch, and the time zone by its IANA name', async () => {
    const user = await signUp('Set', 'Tings')
    expect(await json(await t.request('/api/reminders', { cookie: user.cookie }))).toEqual({
      enabled: true,
      hour: 8,
      timeZone: null,
    })
    const changed = await setReminders(user, { enabled: false, hour: 21 })
    expect(changed.status).toBe(200)
    const zone = await t.request('/api/profile/time-zone', {
      method: 'PUT',
      body: { timeZone: 'america/new_york' },
      cookie: user.cookie,
    })
    expect(zone.status).toBe(200)
    expect(await json(await t.request('/api/reminders', { cookie: user.cookie }))).toEqual({
      enabled: false,
      hour: 21,
      timeZone: 'America/New_York',
    })
  })

  it.each([
    [{ enabled: true, hour: 24 }, 'Reminder hour must be a whole number from 0 to 23'],
    [{ enabled: true, hour: -1 }, 'Reminder hour must be a whole number from 0 to 23'],
    [{ enabled: true, hour: 7.5 }, 'Reminder hour must be a whole number from 0 to 23'],
    [{ enabled: true, hour: '8' }, 'Reminder hour must be a whole number from 0 to 23'],
    [{ enabled: 'yes', hour: 8 }, 'Reminders must be turned on (true) or off (false)'],
  ])('refuse %j with a 400 that says why', async (settings, message) => {
    const user = await signUp('Bad', 'Settings')
    const response = await setReminders(user, settings)
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it.each([
    [
      'Mars/Olympus_Mons',
      "Unknown time zone 'Mars/Olympus_Mons': use an IANA name such as Europe/Berlin",
    ],
    ['+01:00', "Unknown time zone '+01:00': use an IANA name such as Europe/Berlin"],
    ['', "Unknown time zone '': use an IANA name such as Europe/Berlin"],
    [42, 'Time zone must be text'],
  ])('refuse the time zone %j with a 400 that says why', async (timeZone, message) => {
    const user = await signUp('Bad', 'Zone')
    const response = await t.request('/api/profile/time-zone', {
      method: 'PUT',
      body: { timeZone },
      cookie: user.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('need a session', async () => {
    expect((await t.request('/api/reminders')).status).toBe(401)
    const response = await t.request('/api/reminders', {
      method: 'PUT',
      body: { enabled: false, hour: 8 },
    })
    expect(response.status).toBe(401)
  })
})

describe('the unsubscribe link', () => {
  it('is limited per address, so tokens cannot be guessed at speed', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...RATE_LIMIT_POLICIES,
        'reminder-unsubscribe:ip': { limit: 2, windowMs: 60 * 60_000 },
      },
    })
    try {
      const statuses = []
      for (let attempt = 0; attempt < 3; attempt++) {
        const token = `${'x'.repeat(42)}${String(attempt)}`
        statuses.push((await limited.request(`/api/reminders/unsubscribe/${token}`)).status)
      }
      expect(statuses).toEqual([404, 404, 429])
    } finally {
      await limited.close()
    }
  })
})
