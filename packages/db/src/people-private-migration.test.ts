import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import { searchConnections } from './queries/connection-search.ts'
import { listConnections, updateConnection } from './queries/connections.ts'
import { findMetPeopleLike } from './queries/duplicates.ts'
import { searchPeople } from './queries/people.ts'
import { people } from './schema/index.ts'
import { createTestDb } from './testing.ts'

// Migration 0011 makes every person private to one owner. Before it, one person row was shared by
// everyone who met them; this seeds such a database and holds each user's view to what it was.

const ids = {
  ann: '00000000-0000-4000-8000-00000000000a',
  ben: '00000000-0000-4000-8000-00000000000b',
  cat: '00000000-0000-4000-8000-00000000000c',
  carol: '00000000-0000-4000-8000-0000000000c1',
  dave: '00000000-0000-4000-8000-0000000000d1',
  eve: '00000000-0000-4000-8000-0000000000e1',
  frank: '00000000-0000-4000-8000-0000000000f1',
  gina: '00000000-0000-4000-8000-0000000000a1',
  event: '00000000-0000-4000-8000-0000000000e0',
}
const users = [ids.ann, ids.ben, ids.cat]

let handle: DbHandle

async function seedSharedPeople() {
  const { db } = handle
  await db.execute(sql`
    insert into users (id, email, password_hash, first_name, last_name) values
      (${ids.ann}, 'ann@example.com', 'hash', 'Ann', 'Author'),
      (${ids.ben}, 'ben@example.com', 'hash', 'Ben', 'Better'),
      (${ids.cat}, 'cat@example.com', 'hash', 'Cat', 'Third')`)
  await db.execute(sql`
    insert into events (id, title, start_date_time, created_by)
    values (${ids.event}, 'Fintech Summit', '2026-03-01T09:00:00Z', ${ids.ann})`)
  // Carol and Gina entered by Ann, Dave by Ben; Eve's and Frank's creator deleted their account.
  await db.execute(sql`
    insert into people (id, first_name, last_name, email, mobile, company, title, location, linkedin,
      website, profile_image_url, has_user_profile, created_by, created_at, updated_at) values
      (${ids.carol}, 'Carol', 'Carter', 'carol@acme.example', '+44 7700 900123', 'Acme', 'CTO',
        'London', 'linkedin.com/in/carol', 'https://carol.example', '/objects/carol-face', false,
        ${ids.ann}, '2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z'),
      (${ids.dave}, 'Dave', 'Dunn', 'ben@example.com', null, 'Dunn Ltd', null, null, null, null,
        null, true, ${ids.ben}, '2026-01-04T10:00:00Z', '2026-01-04T10:00:00Z'),
      (${ids.eve}, 'Eve', 'Early', null, '555 0100', null, null, null, null, null, null, false, null,
        '2026-01-05T10:00:00Z', '2026-01-05T10:00:00Z'),
      (${ids.frank}, 'Frank', 'Forgotten', null, null, null, null, null, null, null, null, false,
        null, '2026-01-06T10:00:00Z', '2026-01-06T10:00:00Z'),
      (${ids.gina}, 'Gina', 'Alone', 'gina@example.com', null, null, null, null, null, null, null,
        false, ${ids.ann}, '2026-01-07T10:00:00Z', '2026-01-07T10:00:00Z')`)
  await db.execute(sql`
    insert into connections (author_id, person_id, event_id, connection_types, connection_focus,
      notes, photos, voice_note_url, voice_note_transcription, follow_up_on, follow_up_done,
      created_at, updated_at) values
      (${ids.ann}, ${ids.carol}, ${ids.event}, '{SA,JV}', 'payments', 'Talked about card fees',
        '{/objects/ann-photo}', '/objects/ann-voice', 'She wants a pilot in spring', '2026-04-01',
        false, '2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z'),
      (${ids.ben}, ${ids.carol}, null, '{RF}', 'hiring', 'Met again at the bar', '{}', null, null,
        '2026-05-01', true, '2026-03-05T10:00:00Z', '2026-03-05T10:00:00Z'),
      (${ids.ben}, ${ids.carol}, ${ids.event}, '{IC}', null, 'Second chat about payments', '{}',
        null, null, null, false, '2026-03-06T10:00:00Z', '2026-03-06T10:00:00Z'),
      (${ids.ann}, ${ids.dave}, null, '{MA}', null, null, '{}', null, null, null, false,
        '2026-03-07T10:00:00Z', '2026-03-07T10:00:00Z'),
      (${ids.ben}, ${ids.dave}, null, '{}', null, 'Dave from Dunn', '{}', null, null, null, false,
        '2026-03-08T10:00:00Z', '2026-03-08T10:00:00Z'),
      (${ids.cat}, ${ids.dave}, null, '{SA}', null, null, '{}', null, null, null, false,
        '2026-03-09T10:00:00Z', '2026-03-09T10:00:00Z'),
      (${ids.cat}, ${ids.eve}, null, '{JV}', 'early contact', null, '{}', null, null, null, false,
        '2026-03-10T10:00:00Z', '2026-03-10T10:00:00Z'),
      (${ids.ann}, ${ids.eve}, null, '{}', null, 'Eve again', '{}', null, null, null, false,
        '2026-03-11T10:00:00Z', '2026-03-11T10:00:00Z')`)
}

/** Everything a user sees of their connections, people and searches; person ids aside. */
async function viewOf(userId: string) {
  const { db } = handle
  // A copied person has a new id; everything else about them must be as it was.
  const withoutPersonIds = <T extends { personId: string; person: { id: string } }>({
    personId: _personId,
    person: { id: _id, ...person },
    ...rest
  }: T) => ({ ...rest, person })
  const search = (query: string) =>
    searchConnections(db, { authorId: userId, query, limit: 20 }).then((found) =>
      found.map(withoutPersonIds),
    )
  const metBefore = (email: string) =>
    findMetPeopleLike(db, { authorId: userId, candidate: { email } }).then((found) =>
      found.map(({ person, ...rest }) => ({ ...rest, person: { ...person, id: undefined } })),
    )
  return {
    connections: (await listConnections(db, userId)).map(withoutPersonIds),
    searches: {
      payments: await search('payments'),
      carol: await search('carol'),
      acme: await search('acme'),
      dunn: await search('dunn'),
    },
    metBefore: {
      carol: await metBefore('carol@acme.example'),
      dave: await metBefore('ben@example.com'),
    },
  }
}

function peopleOf(userId: string) {
  return handle.db
    .select({ id: people.id, firstName: people.firstName })
    .from(people)
    .where(eq(people.ownerId, userId))
    .orderBy(people.firstName)
}

const before = new Map<string, Awaited<ReturnType<typeof viewOf>>>()

/**
 * Columns that 0011 and the migrations after it add to what the view reads. Today's queries read
 * them, so the view before 0011 gets them, null as later migrations leave existing rows (owner_id is
 * set per view below); they are dropped again before the migrations run.
 */
const LATER_COLUMNS = [
  { table: 'connections', column: 'voice_note_recorded_at', type: 'timestamptz' },
  { table: 'people', column: 'owner_id', type: 'uuid' },
  {
    table: 'events',
    column: 'search_vector',
    type: "tsvector generated always as (setweight(to_tsvector('english', title), 'B')) stored",
  },
  { table: 'connections', column: 'related_words', type: "tsvector not null default ''" },
]

beforeAll(async () => {
  handle = await createTestDb({ migrateUpTo: '0010_people_company_prefix_index' })
  await seedSharedPeople()
  const { db } = handle
  for (const { table, column, type } of LATER_COLUMNS) {
    await db.execute(sql.raw(`alter table ${table} add column ${column} ${type}`))
  }
  // As migration 0028 fills it in: the person's words and the event's.
  await db.execute(sql`update connections set related_words =
    (select search_vector from people where people.id = person_id)
    || coalesce((select search_vector from events where events.id = event_id), ''::tsvector)`)
  for (const user of users) {
    // Memory search joins only the author's own people, which 0011 makes every person a connection
    // names. Before it people were shared, so for each user's view every person is theirs: the
    // join then reads what it read before people had owners.
    await db.execute(sql`update people set owner_id = ${user}`)
    before.set(user, await viewOf(user))
  }
  for (const { table, column } of LATER_COLUMNS) {
    await db.execute(sql.raw(`alter table ${table} drop column ${column}`))
  }
  await handle.migrate()
}, 60_000)
afterAll(() => handle.close())

describe('making people private to their owner (migration 0011)', () => {
  it("leaves every user's connections, people's details, files, follow-ups and searches as they were", async () => {
    for (const user of users) {
      const view = await viewOf(user)
      expect(view).toEqual(before.get(user))
    }
    // The seed is not trivially empty: each view holds what the test means to compare.
    expect(before.get(ids.ann)?.connections).toHaveLength(3)
    expect(before.get(ids.ben)?.searches.payments).toHaveLength(1)
    expect(before.get(ids.ben)?.metBefore.carol).toHaveLength(1)
  })

  it('gives each user their own copy of everyone they met, and keeps originals with their creators', async () => {
    expect(await peopleOf(ids.ann)).toEqual([
      { id: ids.carol, firstName: 'Carol' },
      { id: expect.not.stringMatching(ids.dave) as string, firstName: 'Dave' },
      { id: expect.not.stringMatching(ids.eve) as string, firstName: 'Eve' },
      { id: ids.gina, firstName: 'Gina' },
    ])
    expect(await peopleOf(ids.ben)).toEqual([
      { id: expect.not.stringMatching(ids.carol) as string, firstName: 'Carol' },
      { id: ids.dave, firstName: 'Dave' },
    ])
    // Eve's creator is gone: she stays with Cat, who met her first. Frank, whom nobody met or
    // owns, is nobody's data and is gone.
    expect(await peopleOf(ids.cat)).toEqual([
      { id: expect.not.stringMatching(ids.dave) as string, firstName: 'Dave' },
      { id: ids.eve, firstName: 'Eve' },
    ])
    expect(await handle.db.select().from(people).where(eq(people.id, ids.frank))).toEqual([])
  })

  it("lets one user edit their copy without touching another's", async () => {
    const { db } = handle
    const bensCarol = (await listConnections(db, ids.ben)).find(
      (connection) => connection.person.firstName === 'Carol',
    )
    if (!bensCarol) throw new Error('Ben has not met Carol')
    await updateConnection(db, {
      id: bensCarol.id,
      authorId: ids.ben,
      content: {},
      person: { website: 'https://phishing.example', email: 'ann@example.com' },
    })
    const annsCarol = (await listConnections(db, ids.ann)).find(
      (connection) => connection.person.firstName === 'Carol',
    )
    expect(annsCarol?.person).toMatchObject({
      website: 'https://carol.example',
      email: 'carol@acme.example',
      hasUserProfile: false,
    })
    expect(
      (await searchPeople(db, { ownerId: ids.ann, query: 'carol', limit: 20 })).map(
        (person) => person.id,
      ),
    ).toEqual([ids.carol])
  })
})
