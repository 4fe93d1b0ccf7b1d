import { createHash } from 'node:crypto'
import { appRouter } from '@fiveconnect/api'
import { objectIdFromUrl } from '@fiveconnect/api/server'
import {
  claimReminderDigest,
  connections,
  contactImportRows,
  contactImports,
  eventAttendees,
  events,
  people,
  storedObjects,
  users,
  voiceNoteTranscriptions,
} from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { objectPathFrom, uploadAndConfirm } from './test/files.ts'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from './test/test-app.ts'

// Every procedure and every REST route with an id in its path is listed below, so a new one
// without a case fails this test. Each case is run by a second attendee with the first user's ids:
// it must be refused (or, where the call is open to everyone by design, say why), and neither change
// the first user's data nor answer any of it.

type Victim = {
  id: string
  personId: string
  connectionId: string
  photo: string
  eventId: string
  /** The SHA-256 kept of the victim's calendar feed token, written as a token is (base64url). */
  feedTokenHash: string
  /** The same of the unsubscribe token in a reminder digest sent to the victim. */
  digestTokenHash: string
  /** A committed contact import, and a file still being staged. */
  importId: string
  uploadId: string
  /** One of the victim's app passwords, for their address book. */
  appPasswordId: string
}
type Attacker = { personId: string; connectionId: string }

/** Refused with this status and message: the refusal the rule gives, not some other error. */
type Refusal = { refusedWith: 400 | 401 | 403 | 404; saying: string }
type Allowance = { allowedBecause: string }

type Attack = { input: (victim: Victim, attacker: Attacker) => unknown } & (Refusal | Allowance)

type Case = { takesNoId: string } | { attacks: Attack[] }

const signedInOnly = { takesNoId: "answers only the caller's own data" }
const publicCall = { takesNoId: 'a signed-out call that takes no stored id' }
const adminRequired: Refusal = { refusedWith: 403, saying: 'Admin access required.' }
const notYourConnection: Refusal = { refusedWith: 404, saying: 'Connection not found.' }
const notYourUpload: Refusal = {
  refusedWith: 400,
  saying: 'This upload was not found. Please upload the file again.',
}
const noSuchFeed: Refusal = { refusedWith: 404, saying: 'Calendar feed not found.' }
const noSuchUnsubscribeLink: Refusal = {
  refusedWith: 404,
  saying: 'This unsubscribe link is not valid.',
}
const notYourImportUpload: Refusal = {
  refusedWith: 404,
  saying: 'This import was not found. Please choose the file again.',
}
const adminOnly = (input: (victim: Victim) => unknown = () => undefined): Case => ({
  attacks: [{ input, ...adminRequired }],
})

const procedureCases: Record<string, Case> = {
  'auth.me': signedInOnly,
  'auth.register': publicCall,
  'auth.login': publicCall,
  'auth.logout': signedInOnly,
  'auth.forgotPassword': publicCall,
  'auth.resetPassword': publicCall,
  'auth.changePassword': signedInOnly,
  'support.contact': publicCall,
  'connections.list': {
    attacks: [
      {
        input: (victim) => ({ eventId: victim.eventId }),
        allowedBecause: "a filter: it narrows the caller's own connections",
      },
    ],
  },
  'home.summary': signedInOnly,
  'connections.search': {
    attacks: [
      {
        input: (victim) => ({ q: 'private', eventId: victim.eventId }),
        allowedBecause: "a filter: it narrows the caller's own connections",
      },
    ],
  },
  'connections.create': {
    attacks: [
      {
        input: (victim) => ({ personId: victim.personId }),
        refusedWith: 400,
        saying: 'That person does not exist.',
      },
      {
        input: (victim, attacker) => ({ personId: attacker.personId, photos: [victim.photo] }),
        ...notYourUpload,
      },
    ],
  },
  'connections.createWithPerson': {
    attacks: [
      {
        input: (victim) => ({ person: { firstName: 'A', lastName: 'B' }, eventId: victim.eventId }),
        allowedBecause: 'events are open to every attendee',
      },
      {
        input: (victim) => ({ person: { firstName: 'A', lastName: 'B' }, photos: [victim.photo] }),
        ...notYourUpload,
      },
      {
        input: (victim) => ({
          person: { firstName: 'A', lastName: 'B', profileImageUrl: victim.photo },
        }),
        ...notYourUpload,
      },
    ],
  },
  'connections.update': {
    attacks: [
      {
        input: (victim) => ({
          id: victim.connectionId,
          notes: 'changed',
          email: 'attacker@example.com',
          website: 'https://phishing.example',
        }),
        ...notYourConnection,
      },
      {
        input: (victim, attacker) => ({ id: attacker.connectionId, photos: [victim.photo] }),
        ...notYourUpload,
      },
    ],
  },
  'connections.delete': {
    attacks: [{ input: (victim) => ({ id: victim.connectionId }), ...notYourConnection }],
  },
  'connections.transcribe': {
    attacks: [{ input: (victim) => ({ id: victim.connectionId }), ...notYourConnection }],
  },
  'people.search': signedInOnly,
  'people.listDuplicates': signedInOnly,
  'people.create': {
    attacks: [
      {
        input: (victim) => ({ firstName: 'A', lastName: 'B', profileImageUrl: victim.photo }),
        ...notYourUpload,
      },
    ],
  },
  'people.createFromProfile': {
    attacks: [
      {
        input: (victim) => ({ userId: victim.id }),
        allowedBecause: "a registered user's public profile is open to every attendee",
      },
    ],
  },
  'events.list': signedInOnly,
  'events.listJoined': signedInOnly,
  'events.join': {
    attacks: [
      {
        input: (victim) => ({ id: victim.eventId }),
        allowedBecause: 'events are open to every attendee',
      },
    ],
  },
  'events.leave': {
    attacks: [
      {
        input: (victim) => ({ id: victim.eventId }),
        allowedBecause: "leaving changes only the caller's attendance",
      },
    ],
  },
  'events.create': adminOnly(() => ({ title: 'Mine', startDateTime: new Date() })),
  'events.update': adminOnly((victim) => ({
    id: victim.eventId,
    title: 'Changed',
    startDateTime: new Date(),
  })),
  'events.delete': adminOnly((victim) => ({ id: victim.eventId })),
  'profile.update': {
    attacks: [
      {
        input: (victim) => ({ firstName: 'A', lastName: 'B', profileImageUrl: victim.photo }),
        ...notYourUpload,
      },
    ],
  },
  'account.exportData': signedInOnly,
  'account.delete': signedInOnly,
  'admin.stats': adminOnly(),
  'admin.listUsers': adminOnly(),
  'admin.updateUser': adminOnly((victim) => ({ id: victim.id, firstName: 'Changed' })),
  'admin.setUserPassword': adminOnly((victim) => ({
    id: victim.id,
    newPassword: 'a new password 1',
  })),
  'admin.deactivateUser': adminOnly((victim) => ({ id: victim.id })),
  'admin.reactivateUser': adminOnly((victim) => ({ id: victim.id })),
  'admin.auditLog': adminOnly(),
  'exports.connectionsCsv': signedInOnly,
  'exports.connectionsVcf': signedInOnly,
  'exports.connectionVcf': {
    attacks: [{ input: (victim) => ({ id: victim.connectionId }), ...notYourConnection }],
  },
  'exports.profileVcf': signedInOnly,
  'exports.followUpIcs': {
    attacks: [{ input: (victim) => ({ id: victim.connectionId }), ...notYourConnection }],
  },
  'exports.adminCsv': adminOnly(() => ({ table: 'people' })),
  'uploads.createUploadUrl': signedInOnly,
  'uploads.confirmConnectionPhoto': {
    attacks: [{ input: (victim) => ({ photoURL: victim.photo }), ...notYourUpload }],
  },
  'uploads.confirmProfilePhoto': {
    attacks: [{ input: (victim) => ({ profileImageUrl: victim.photo }), ...notYourUpload }],
  },
  'uploads.confirmEventLogo': adminOnly((victim) => ({ logoURL: victim.photo })),
  'uploads.voiceNoteTranscription': {
    attacks: [
      {
        input: (victim) => ({ voiceNoteUrl: victim.photo }),
        allowedBecause: "only the caller's own files are looked up: another's reads as none",
      },
    ],
  },
  'appPasswords.list': signedInOnly,
  'appPasswords.create': signedInOnly,
  'appPasswords.revoke': {
    attacks: [
      {
        input: (victim) => ({ id: victim.appPasswordId }),
        refusedWith: 404,
        saying: 'App password not found.',
      },
    ],
  },
  'calendarFeed.status': signedInOnly,
  'calendarFeed.create': signedInOnly,
  'calendarFeed.revoke': signedInOnly,
  'calendarFeed.ics': {
    attacks: [{ input: (victim) => ({ token: victim.feedTokenHash }), ...noSuchFeed }],
  },
  'share.settings': signedInOnly,
  'share.createLink': signedInOnly,
  'share.setFields': signedInOnly,
  'share.turnOff': signedInOnly,
  'share.card': {
    takesNoId: 'a public card: its link is the only key, and shows what the owner chose',
  },
  'share.vcard': {
    takesNoId: 'a public card: its link is the only key, and shows what the owner chose',
  },
  'share.sendBack': { takesNoId: "files only with the link's owner (share-page.test.ts)" },
  'reminders.settings': signedInOnly,
  'reminders.update': signedInOnly,
  'reminders.setTimeZone': signedInOnly,
  'reminders.checkUnsubscribeLink': {
    attacks: [{ input: (victim) => ({ token: victim.digestTokenHash }), ...noSuchUnsubscribeLink }],
  },
  'reminders.unsubscribe': {
    attacks: [{ input: (victim) => ({ token: victim.digestTokenHash }), ...noSuchUnsubscribeLink }],
  },
  'imports.list': signedInOnly,
  'imports.preview': {
    attacks: [{ input: (victim) => ({ uploadId: victim.uploadId }), ...notYourImportUpload }],
  },
  'imports.create': {
    attacks: [
      {
        input: (victim) => ({ uploadId: victim.uploadId, source: 'vcard', fileName: 'x.vcf' }),
        ...notYourImportUpload,
      },
      {
        input: (victim) => ({
          uploadId: victim.uploadId,
          source: 'vcard',
          fileName: 'x.vcf',
          choices: [{ position: 1, action: 'merge', personId: victim.personId }],
        }),
        refusedWith: 404,
        saying: 'A person to merge into was not found.',
      },
    ],
  },
  'imports.undo': {
    attacks: [
      {
        input: (victim) => ({ id: victim.importId }),
        refusedWith: 404,
        saying: 'This import was not found.',
      },
    ],
  },
  // After preview and create: from here on the attacker has rows of their own under this id.
  'imports.stage': {
    attacks: [
      {
        input: (victim) => ({
          uploadId: victim.uploadId,
          contacts: [{ position: 1, firstName: 'Mallory' }],
        }),
        allowedBecause: "an upload id names only the caller's own staged contacts",
      },
    ],
  },
}

/**
 * REST routes whose path holds an id, with the victim's id that the attacker puts there. The path
 * is the route's own pattern filled in, so each case reaches the route it names.
 */
const restCases: Record<string, { id: (victim: Victim) => string } & (Refusal | Allowance)> = {
  'PUT /api/connections/:id': { id: (victim) => victim.connectionId, ...notYourConnection },
  'DELETE /api/connections/:id': { id: (victim) => victim.connectionId, ...notYourConnection },
  'GET /api/connections/:id/contact.vcf': {
    id: (victim) => victim.connectionId,
    ...notYourConnection,
  },
  'GET /api/connections/:id/follow-up.ics': {
    id: (victim) => victim.connectionId,
    ...notYourConnection,
  },
  'POST /api/connections/:id/transcribe': {
    id: (victim) => victim.connectionId,
    ...notYourConnection,
  },
  'POST /api/events/:id/attend': {
    id: (victim) => victim.eventId,
    allowedBecause: 'events are open to every attendee',
  },
  'DELETE /api/events/:id/attend': {
    id: (victim) => victim.eventId,
    allowedBecause: "leaving changes only the caller's attendance",
  },
  'PUT /api/events/:id': { id: (victim) => victim.eventId, ...adminRequired },
  'DELETE /api/events/:id': { id: (victim) => victim.eventId, ...adminRequired },
  'PUT /api/admin/users/:id': { id: (victim) => victim.id, ...adminRequired },
  'PUT /api/admin/users/:id/deactivate': { id: (victim) => victim.id, ...adminRequired },
  'PUT /api/admin/users/:id/reactivate': { id: (victim) => victim.id, ...adminRequired },
  'PUT /api/admin/users/:id/password': { id: (victim) => victim.id, ...adminRequired },
  'GET /api/admin/export/:file': { id: () => 'people.csv', ...adminRequired },
  'GET /objects/:id': { id: (victim) => objectIdOf(victim.photo), refusedWith: 404, saying: '' },
  'GET /api/voice-notes/*': {
    id: (victim) => objectIdOf(victim.photo),
    refusedWith: 404,
    saying: '',
  },
  'GET /api/calendar/:file': { id: (victim) => `${victim.feedTokenHash}.ics`, ...noSuchFeed },
  // The answer is an HTML page, which says it in its own words.
  'GET /api/reminders/unsubscribe/:token': {
    id: (victim) => victim.digestTokenHash,
    refusedWith: 404,
    saying: '',
  },
  'POST /api/reminders/unsubscribe/:token': {
    id: (victim) => victim.digestTokenHash,
    refusedWith: 404,
    saying: '',
  },
  // The share page opens only to its link's secret, never to a stored id; its pages say it in words.
  ...Object.fromEntries(
    ['GET /c/:token', 'GET /c/:token/contact.vcf', 'POST /c/:token'].map((route) => [
      route,
      { id: (victim: Victim) => victim.connectionId, refusedWith: 404 as const, saying: '' },
    ]),
  ),
  // The address book opens only to an app password: a browser's session cookie reads nothing.
  ...Object.fromEntries(
    [
      'GET',
      'HEAD',
      'PROPFIND',
      'REPORT',
      'PUT',
      'DELETE',
      'PROPPATCH',
      'MKCOL',
      'MOVE',
      'COPY',
      'POST',
    ].map((method) => [
      `${method} /dav/*`,
      {
        id: (victim: Victim) => `addressbooks/people/${victim.personId}.vcf`,
        refusedWith: 401,
        saying: '',
      },
    ]),
  ),
  'OPTIONS /dav/*': {
    id: (victim) => `addressbooks/people/${victim.personId}.vcf`,
    allowedBecause: 'it names the methods the address book answers, and reads nothing',
  },
  'PUT /api/objects/local-upload/incoming/:id': {
    id: (victim) => objectIdOf(victim.photo),
    refusedWith: 403,
    saying: '',
  },
}

const objectIdOf = (path: string) => path.split('/').pop() ?? ''

/** Field names that carry a stored id: a record's, a user's or a stored file's. */
const ID_FIELD = /^(id|\w+Id|photos|\w+Url|\w+URL)$/

/** The router's procedures by path, as far as this test reads them. */
const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } }
>

function inputFieldsOf(path: string): string[] {
  const procedure = procedures[path]
  const fields = new Set<string>()
  const collect = (schema: unknown) => {
    if (!schema || typeof schema !== 'object') return
    const node = schema as Record<string, unknown>
    if (node.properties && typeof node.properties === 'object') {
      for (const [name, property] of Object.entries(node.properties)) {
        fields.add(name)
        collect(property)
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(node[key])) for (const part of node[key] as unknown[]) collect(part)
    }
  }
  for (const input of procedure?._def.inputs ?? []) {
    collect(z.toJSONSchema(input as z.ZodType, { io: 'input', unrepresentable: 'any' }))
  }
  return [...fields]
}

let t: TestApp
let victim: Victim
let attacker: Attacker & { cookie: string }
/** Words of the victim's that no answer to the attacker may hold. */
const secrets = {
  userMobile: '+44 7700 900999',
  personEmail: 'carol.private@victim.example',
  personMobile: '+44 7700 900111',
  personCompany: 'Victim Secret Holdings',
  notes: 'private-words-of-the-victim',
  transcript: 'the-victims-spoken-words',
}

async function victimData() {
  const [user, ownPeople, ownConnections, attendance, objects, allEvents, imports, staged] =
    await Promise.all([
      t.db.select().from(users).where(eq(users.id, victim.id)),
      t.db.select().from(people).where(eq(people.ownerId, victim.id)),
      t.db.select().from(connections).where(eq(connections.authorId, victim.id)),
      t.db.select().from(eventAttendees).where(eq(eventAttendees.userId, victim.id)),
      t.db.select().from(storedObjects).where(eq(storedObjects.ownerId, victim.id)),
      t.db.select().from(events),
      t.db.select().from(contactImports).where(eq(contactImports.ownerId, victim.id)),
      t.db.select().from(contactImportRows).where(eq(contactImportRows.ownerId, victim.id)),
    ])
  return { user, ownPeople, ownConnections, attendance, objects, allEvents, imports, staged }
}

beforeAll(async () => {
  t = await createTestApp()
  const admin = await signInAdmin(t)
  const event = await json<{ id: string }>(
    await t.request('/api/events', {
      body: { title: 'Summit', startDateTime: '2030-01-01T10:00:00.000Z' },
      cookie: admin.cookie,
    }),
  )
  const owner = await registerUser(t, { mobile: secrets.userMobile })
  await t.request(`/api/events/${event.id}/attend`, { body: {}, cookie: owner.cookie })
  const photo = await objectPathFrom(await uploadAndConfirm(t, owner.cookie))
  // A transcript the job queue wrote for one of the victim's stored files.
  await t.db.insert(voiceNoteTranscriptions).values({
    objectId: objectIdFromUrl(photo) ?? '',
    state: 'done',
    transcription: secrets.transcript,
  })
  const person = await json<{ id: string }>(
    await t.request('/api/people', {
      body: {
        firstName: 'Carol',
        lastName: 'Private',
        email: secrets.personEmail,
        mobile: secrets.personMobile,
        company: secrets.personCompany,
      },
      cookie: owner.cookie,
    }),
  )
  const connection = await json<{ id: string }>(
    await t.request('/api/connections', {
      body: {
        personId: person.id,
        eventId: event.id,
        connectionTypes: ['SA'],
        notes: secrets.notes,
        photos: [photo],
        followUpOn: '2030-02-01',
      },
      cookie: owner.cookie,
    }),
  )
  await t.request('/api/trpc/calendarFeed.create', { body: '{}', cookie: owner.cookie })
  const [feed] = await t.db
    .select({ hash: users.calendarFeedTokenHash })
    .from(users)
    .where(eq(users.id, owner.id))
  expect(feed?.hash).toMatch(/^[0-9a-f]{64}$/)
  const digestTokenHash = createHash('sha256').update(crypto.randomUUID()).digest('hex')
  await claimReminderDigest(t.db, {
    userId: owner.id,
    localDate: '2030-02-01',
    unsubscribeTokenHash: digestTokenHash,
  })
  const trpc = (path: string, input: unknown) =>
    t.request(`/api/trpc/${path}`, {
      method: 'POST',
      body: JSON.stringify(superjson.serialize(input)),
      cookie: owner.cookie,
    })
  const committedUpload = crypto.randomUUID()
  const privateContact = { position: 1, firstName: 'Dana', company: secrets.personCompany }
  await trpc('imports.stage', { uploadId: committedUpload, contacts: [privateContact] })
  const { result } = await json<{ result: { data: { json: { contactImport: { id: string } } } } }>(
    await trpc('imports.create', { uploadId: committedUpload, source: 'vcard', fileName: 'a.vcf' }),
  )
  const uploadId = crypto.randomUUID()
  await trpc('imports.stage', { uploadId, contacts: [privateContact] })
  victim = {
    id: owner.id,
    personId: person.id,
    connectionId: connection.id,
    photo,
    eventId: event.id,
    feedTokenHash: Buffer.from(feed?.hash ?? '', 'hex').toString('base64url'),
    digestTokenHash: Buffer.from(digestTokenHash, 'hex').toString('base64url'),
    importId: result.data.json.contactImport.id,
    uploadId,
    appPasswordId: (
      await json<{ result: { data: { json: { appPassword: { id: string } } } } }>(
        await trpc('appPasswords.create', { name: 'Victim phone' }),
      )
    ).result.data.json.appPassword.id,
  }

  const other = await registerUser(t)
  const ownPerson = await json<{ id: string }>(
    await t.request('/api/people', {
      body: { firstName: 'Own', lastName: 'Contact' },
      cookie: other.cookie,
    }),
  )
  const ownConnection = await json<{ id: string }>(
    await t.request('/api/connections', {
      body: { personId: ownPerson.id, connectionTypes: [] },
      cookie: other.cookie,
    }),
  )
  attacker = { cookie: other.cookie, personId: ownPerson.id, connectionId: ownConnection.id }
})
afterAll(() => t.close())

function callProcedure(path: string, input: unknown) {
  const type = procedures[path]?._def.type
  const serialized = input === undefined ? undefined : JSON.stringify(superjson.serialize(input))
  return type === 'query'
    ? t.request(
        `/api/trpc/${path}${serialized ? `?input=${encodeURIComponent(serialized)}` : ''}`,
        { cookie: attacker.cookie },
      )
    : t.request(`/api/trpc/${path}`, {
        method: 'POST',
        body: serialized ?? '{}',
        cookie: attacker.cookie,
      })
}

function expectOutcome(status: number, answer: string, outcome: Refusal | Allowance) {
  if ('allowedBecause' in outcome) {
    expect(status, `${answer} (${outcome.allowedBecause})`).toBe(200)
    return
  }
  expect(status, answer).toBe(outcome.refusedWith)
  if (outcome.saying) expect(answer).toContain(JSON.stringify(outcome.saying))
}

function expectNoSecretIn(answer: string) {
  for (const secret of Object.values(secrets)) expect(answer).not.toContain(secret)
}

describe('authorization, by construction', () => {
  it('has a case for every procedure, and an attack for every procedure that takes an id', () => {
    const paths = Object.keys(procedures).sort()
    expect(Object.keys(procedureCases).sort()).toEqual(paths)
    const takingIds = paths.filter((path) =>
      inputFieldsOf(path).some((field) => ID_FIELD.test(field)),
    )
    expect(takingIds.length).toBeGreaterThan(10)
    for (const path of takingIds) {
      expect(procedureCases[path], `${path} takes an id`).toHaveProperty('attacks')
    }
  })

  it('has a case for every REST route with an id in its path', () => {
    const withIds = [
      ...new Set(
        t.app.routes
          .filter((route) => route.method !== 'ALL' && /[:*]/.test(route.path))
          .filter((route) => route.path !== '/api/*')
          // tRPC's lists answered from Postgres's JSON: procedures, each with its own case above.
          .filter((route) => route.path !== '/api/trpc/:path')
          .map((route) => `${route.method} ${route.path}`),
      ),
    ].sort()
    expect(Object.keys(restCases).sort()).toEqual(withIds)
  })

  const attacks = Object.entries(procedureCases).flatMap(([path, testCase]) =>
    'attacks' in testCase ? testCase.attacks.map((attack) => ({ path, attack })) : [],
  )

  it.each(attacks)(
    "another user's ids at $path are refused or harmless",
    async ({ path, attack }) => {
      const before = await victimData()
      const response = await callProcedure(path, attack.input(victim, attacker))
      const answer = await response.text()
      expectOutcome(response.status, answer, attack)
      expectNoSecretIn(answer)
      expect(await victimData()).toEqual(before)
    },
  )

  it.each(Object.entries(restCases))(
    "another user's ids at %s are refused or harmless",
    async (route, restCase) => {
      const before = await victimData()
      const [method = 'GET', pattern = ''] = route.split(' ')
      const path = pattern.replace(/:\w+|\*/, restCase.id(victim))
      const response = await t.request(path, {
        method,
        cookie: attacker.cookie,
        ...(['GET', 'HEAD'].includes(method)
          ? {}
          : { body: { notes: 'changed', title: 'Changed' } }),
      })
      const answer = await response.text()
      expectOutcome(response.status, answer, restCase)
      expectNoSecretIn(answer)
      expect(await victimData()).toEqual(before)
    },
  )

  it('answers none of the victim data to the calls that take no id, nor changes it', async () => {
    const before = await victimData()
    for (const [path, testCase] of Object.entries(procedureCases)) {
      if (!('takesNoId' in testCase) || path.startsWith('auth.') || path === 'account.delete')
        continue
      const response = await callProcedure(path, undefined)
      expectNoSecretIn(await response.text())
    }
    for (const q of ['Carol', 'carol.private@victim.example', 'Victim Secret']) {
      const found = await callProcedure('people.search', { q })
      expect(found.status).toBe(200)
      expectNoSecretIn(await found.text())
    }
    // The day the victim's follow-up is due: it would be among the attacker's follow-ups due.
    const summary = await callProcedure('home.summary', { today: '2030-02-01' })
    expect(summary.status).toBe(200)
    const summaryAnswer = await summary.text()
    expectNoSecretIn(summaryAnswer)
    expect(summaryAnswer).not.toContain(victim.connectionId)
    const duplicates = await callProcedure('people.listDuplicates', {
      firstName: 'Carol',
      lastName: 'Private',
      email: secrets.personEmail,
      mobile: secrets.personMobile,
    })
    expect(duplicates.status).toBe(200)
    const { result } = await json<{ result: { data: { json: unknown } } }>(duplicates)
    expect(result.data.json).toEqual([])
    // calendarFeed.create and calendarFeed.revoke among them: the victim's feed is as it was.
    expect(await victimData()).toEqual(before)
  })
})
