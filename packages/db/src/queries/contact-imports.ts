import { and, count, desc, eq, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { Database } from '../client.ts'
import type { ContactDetails } from './contact-details.ts'
import {
  connections,
  contactImportRows,
  contactImports,
  people,
  users,
  type ContactImportSource,
} from '../schema/index.ts'
import {
  fullNameKey,
  linkedinKey,
  MOBILE_DIGITS,
  mobileDigitsOf,
  NAME_SIMILARITY,
  type MatchReason,
} from './duplicates.ts'
import { normalizeEmail } from './users.ts'

/** One contact of a file being imported, as its owner's client sent it. */
export type StagedContact = ContactDetails & {
  position: number
  linkedin: string | null
  website: string | null
}

type Upload = { ownerId: string; uploadId: string }

export class ImportTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`An import holds at most ${limit} contacts`)
  }
}

/**
 * Keeps a part of a file being imported until the import is committed; a part sent twice is kept
 * once. The owner's other unfinished uploads are dropped: one import at a time, so abandoned ones
 * cannot pile up. Refuses (and keeps nothing of this part) past `maxContacts` in the upload.
 * Returns how many contacts the upload holds.
 */
export async function stageContacts(
  db: Database,
  {
    ownerId,
    uploadId,
    contacts,
    maxContacts,
  }: Upload & {
    contacts: StagedContact[]
    maxContacts: number
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .delete(contactImportRows)
      .where(and(eq(contactImportRows.ownerId, ownerId), ne(contactImportRows.uploadId, uploadId)))
    if (contacts.length > 0) {
      await tx
        .insert(contactImportRows)
        .values(
          contacts.map((contact) => ({
            ...contact,
            email: contact.email ? normalizeEmail(contact.email) : null,
            ownerId,
            uploadId,
          })),
        )
        .onConflictDoNothing()
    }
    const staged = await countStaged(tx, { ownerId, uploadId })
    if (staged > maxContacts) throw new ImportTooLargeError(maxContacts)
    return staged
  })
}

async function countStaged(db: Database, { ownerId, uploadId }: Upload) {
  const [row] = await db
    .select({ value: count() })
    .from(contactImportRows)
    .where(and(eq(contactImportRows.ownerId, ownerId), eq(contactImportRows.uploadId, uploadId)))
  return row?.value ?? 0
}

const staged = contactImportRows

type MatchColumns = Record<
  'email' | 'mobile' | 'linkedin' | 'company' | 'firstName' | 'lastName',
  SQLWrapper
>

/**
 * The keys the 'Met before?' rules compare, computed once per row so that each rule is an equality
 * join (a hash join) rather than a comparison of every pair: null where a rule does not apply.
 */
function matchKeys(row: MatchColumns) {
  const digits = mobileDigitsOf(row.mobile)
  const linkedin = linkedinKey(row.linkedin)
  return {
    email: sql<string | null>`${row.email}`.as('email_key'),
    mobile: sql<
      string | null
    >`case when length(${digits}) >= ${MOBILE_DIGITS} then right(${digits}, ${MOBILE_DIGITS}) end`.as(
      'mobile_key',
    ),
    linkedin: sql<string | null>`case when length(${linkedin}) >= 5 then ${linkedin} end`.as(
      'linkedin_key',
    ),
    company: sql<string | null>`nullif(lower(trim(${row.company})), '')`.as('company_key'),
    fullName: sql<string>`${fullNameKey(row.firstName, row.lastName)}`.as('full_name'),
  }
}

// Drizzle writes a CTE's computed columns unqualified in a join, which is ambiguous in a self-join.
const keyOf = (cte: string, key: string) => sql`${sql.identifier(cte)}.${sql.identifier(key)}`

/** The rule as a join condition between two sets of keys, named by their CTEs. */
function ruleBetween(reason: MatchReason, row: string, other: string): SQL {
  if (reason !== 'name')
    return sql`${keyOf(row, `${reason}_key`)} = ${keyOf(other, `${reason}_key`)}`
  return sql`${keyOf(row, 'company_key')} = ${keyOf(other, 'company_key')}
    and similarity(${keyOf(row, 'full_name')}, ${keyOf(other, 'full_name')}) >= ${NAME_SIMILARITY}`
}

const REASONS: MatchReason[] = ['email', 'mobile', 'linkedin', 'name']

export type StagedMatch = {
  position: number
  reasons: MatchReason[]
} & (
  | {
      kind: 'person'
      personId: string
      firstName: string
      lastName: string
      company: string | null
    }
  | { kind: 'row'; ofPosition: number }
)

/**
 * Per rule, the two set-based queries that find duplicates whatever the file's size: staged
 * contacts against all the owner's people (by the 'Met before?' rules), and against earlier
 * contacts of the same file. Run them in `withHashJoins`.
 */
export function stagedDuplicateQueries(db: Database, { ownerId, uploadId }: Upload) {
  const stagedKeys = (name: string) =>
    db.$with(name).as(
      db
        .select({ position: staged.position, ...matchKeys(staged) })
        .from(staged)
        .where(and(eq(staged.ownerId, ownerId), eq(staged.uploadId, uploadId))),
    )
  const rows = stagedKeys('staged_keys')
  const earlier = stagedKeys('earlier_keys')
  const known = db.$with('people_keys').as(
    db
      .select({
        personId: people.id,
        firstName: people.firstName,
        lastName: people.lastName,
        personCompany: people.company,
        ...matchKeys(people),
      })
      .from(people)
      .where(eq(people.ownerId, ownerId)),
  )
  return REASONS.map((reason) => ({
    reason,
    asPerson: db
      .with(rows, known)
      .select({
        position: rows.position,
        personId: known.personId,
        firstName: known.firstName,
        lastName: known.lastName,
        company: known.personCompany,
      })
      .from(rows)
      .innerJoin(known, ruleBetween(reason, 'staged_keys', 'people_keys')),
    asRow: db
      .with(rows, earlier)
      .select({ position: rows.position, ofPosition: earlier.position })
      .from(rows)
      .innerJoin(
        earlier,
        and(
          ruleBetween(reason, 'staged_keys', 'earlier_keys'),
          lt(earlier.position, rows.position),
        ),
      ),
  }))
}

/**
 * Runs `work` in a transaction that joins by hashing. Rows staged a moment ago have no statistics
 * yet: the planner takes the upload for one row and would compare every pair in a nested loop (25
 * million for 5,000 contacts). The rules are equalities, so hash joins are always right here.
 */
export function withHashJoins<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`)
    return work(tx)
  })
}

/**
 * The staged contacts that are probably someone the owner already has or a repeat of an earlier
 * contact in the same file. By position, then person or row.
 */
export function findStagedDuplicates(db: Database, upload: Upload): Promise<StagedMatch[]> {
  return withHashJoins(db, async (tx) => {
    const byKey = new Map<string, StagedMatch>()
    for (const { reason, asPerson, asRow } of stagedDuplicateQueries(tx, upload)) {
      for (const { position, ...person } of await asPerson) {
        const key = `${position}:person:${person.personId}`
        const match = byKey.get(key) ?? {
          kind: 'person' as const,
          position,
          reasons: [],
          ...person,
        }
        match.reasons.push(reason)
        byKey.set(key, match)
      }
      for (const { position, ofPosition } of await asRow) {
        const key = `${position}:row:${ofPosition}`
        const match = byKey.get(key) ?? { kind: 'row' as const, position, ofPosition, reasons: [] }
        match.reasons.push(reason)
        byKey.set(key, match)
      }
    }
    return [...byKey.values()].sort(
      (a, b) =>
        a.position - b.position ||
        (a.kind === 'person' ? 0 : 1) - (b.kind === 'person' ? 0 : 1) ||
        (a.kind === 'row' && b.kind === 'row' ? a.ofPosition - b.ofPosition : 0),
    )
  })
}

/** Every staged contact of the upload, by position. */
export function listStagedContacts(db: Database, { ownerId, uploadId }: Upload) {
  return db
    .select({
      position: staged.position,
      firstName: staged.firstName,
      lastName: staged.lastName,
      email: staged.email,
      company: staged.company,
    })
    .from(staged)
    .where(and(eq(staged.ownerId, ownerId), eq(staged.uploadId, uploadId)))
    .orderBy(staged.position)
}

const importColumns = {
  id: contactImports.id,
  source: contactImports.source,
  fileName: contactImports.fileName,
  peopleCount: contactImports.peopleCount,
  createdAt: contactImports.createdAt,
  undoneAt: contactImports.undoneAt,
}

export type ContactImport = Awaited<ReturnType<typeof listContactImports>>[number]

/** What to do with one contact of the file: a flagged one is skipped unless chosen otherwise. */
export type ImportChoice =
  | { position: number; action: 'skip' | 'import' }
  | { position: number; action: 'merge'; personId: string }

/** Which of `personIds` are the owner's people. */
export async function ownedPeopleIds(
  db: Database,
  { ownerId, personIds }: { ownerId: string; personIds: string[] },
): Promise<Set<string>> {
  if (personIds.length === 0) return new Set()
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.ownerId, ownerId), inArray(people.id, personIds)))
  return new Set(rows.map((row) => row.id))
}

/** A column of the person kept when it has a value, else the staged contact's. */
const filled = (column: SQLWrapper, value: string | null) =>
  sql`coalesce(nullif(${column}, ''), ${value || null})`

/**
 * Fills the person's empty fields from the staged contact (the name is the person's own); the
 * email only when none of the owner's people has it, as each email is one person's. Whether a
 * person of the owner's was merged into.
 */
async function mergeInto(db: Database, upload: Upload, choice: MergeChoice): Promise<boolean> {
  const [contact] = await db
    .select()
    .from(staged)
    .where(
      and(
        eq(staged.ownerId, upload.ownerId),
        eq(staged.uploadId, upload.uploadId),
        eq(staged.position, choice.position),
      ),
    )
  if (!contact) return false
  const [emailTaken] = contact.email
    ? await db
        .select({ id: people.id })
        .from(people)
        .where(and(eq(people.ownerId, upload.ownerId), eq(people.email, contact.email)))
        .limit(1)
    : []
  const merged = await db
    .update(people)
    .set({
      email: filled(people.email, emailTaken ? null : contact.email),
      mobile: filled(people.mobile, contact.mobile),
      company: filled(people.company, contact.company),
      title: filled(people.title, contact.title),
      linkedin: filled(people.linkedin, contact.linkedin),
      website: filled(people.website, contact.website),
    })
    .where(and(eq(people.ownerId, upload.ownerId), eq(people.id, choice.personId)))
    .returning({ id: people.id })
  return merged.length > 0
}

type MergeChoice = Extract<ImportChoice, { action: 'merge' }>

/**
 * Makes the staged contacts the owner's people, in one transaction: all of them or, on any
 * failure, none. The duplicates and repeats findStagedDuplicates finds now are skipped unless the
 * owner chose to import them anyway or to merge them into one of their people (filling only its
 * empty fields); a contact whose email the owner gained meanwhile is skipped too. Undefined when
 * nothing is staged under this upload for this owner.
 */
export async function commitContactImport(
  db: Database,
  {
    ownerId,
    uploadId,
    source,
    fileName,
    choices = [],
  }: Upload & { source: ContactImportSource; fileName: string; choices?: ImportChoice[] },
): Promise<{ contactImport: ContactImport; skipped: number; merged: number } | undefined> {
  return db.transaction(async (tx) => {
    const total = await countStaged(tx, { ownerId, uploadId })
    if (total === 0) return undefined
    const chosen = new Map(choices.map((choice) => [choice.position, choice.action]))
    const flagged = (await findStagedDuplicates(tx, { ownerId, uploadId })).map((m) => m.position)
    const left = new Set([
      ...flagged.filter((position) => chosen.get(position) !== 'import'),
      ...choices.filter((choice) => choice.action !== 'import').map((choice) => choice.position),
    ])
    let merged = 0
    for (const choice of choices) {
      if (choice.action === 'merge' && (await mergeInto(tx, { ownerId, uploadId }, choice)))
        merged++
    }
    const [created] = await tx
      .insert(contactImports)
      .values({ ownerId, source, fileName, peopleCount: 0 })
      .returning({ id: contactImports.id })
    if (!created) throw new Error('Insert returned no row')
    const isUpload = and(eq(staged.ownerId, ownerId), eq(staged.uploadId, uploadId))
    const isToImport =
      left.size > 0 ? and(isUpload, sql`not (${inArray(staged.position, [...left])})`) : isUpload
    // Drizzle's insert-select wants every column of people; this names only those an import fills.
    await tx.execute(sql`
      insert into ${people} (first_name, last_name, email, mobile, company, title, linkedin,
        website, has_user_profile, owner_id, import_id)
      select ${staged.firstName}, ${staged.lastName}, ${staged.email}, ${staged.mobile},
        ${staged.company}, ${staged.title}, ${staged.linkedin}, ${staged.website},
        exists (select 1 from ${users} where ${users.email} = ${staged.email}),
        ${staged.ownerId}, ${created.id}
      from ${staged} where ${isToImport} order by ${staged.position}
      on conflict do nothing`)
    const [inserted] = await tx
      .select({ value: count() })
      .from(people)
      .where(eq(people.importId, created.id))
    const peopleCount = inserted?.value ?? 0
    const [contactImport] = await tx
      .update(contactImports)
      .set({ peopleCount })
      .where(eq(contactImports.id, created.id))
      .returning(importColumns)
    await tx.delete(contactImportRows).where(isUpload)
    if (!contactImport) throw new Error('Update returned no row')
    return { contactImport, skipped: total - peopleCount - merged, merged }
  })
}

/** The owner's imports, newest first. */
export function listContactImports(
  db: Database,
  { ownerId, limit }: { ownerId: string; limit: number },
) {
  return db
    .select(importColumns)
    .from(contactImports)
    .where(eq(contactImports.ownerId, ownerId))
    .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
    .limit(limit)
}

export type UndoOutcome =
  | { outcome: 'undone'; removed: number; kept: number; contactImport: ContactImport }
  | { outcome: 'not-found' }
  | { outcome: 'already-undone' }

/**
 * Deletes the people an import added that the owner has not connected to since, keeps the others,
 * and marks the import undone. One transaction.
 */
export async function undoContactImport(
  db: Database,
  { ownerId, importId }: { ownerId: string; importId: string },
): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ undoneAt: contactImports.undoneAt })
      .from(contactImports)
      .where(and(eq(contactImports.id, importId), eq(contactImports.ownerId, ownerId)))
      .for('update')
    if (!found) return { outcome: 'not-found' }
    if (found.undoneAt) return { outcome: 'already-undone' }
    const isFromImport = and(eq(people.ownerId, ownerId), eq(people.importId, importId))
    const removed = await tx
      .delete(people)
      .where(
        and(
          isFromImport,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(connections)
              .where(eq(connections.personId, people.id)),
          ),
        ),
      )
      .returning({ id: people.id })
    const [kept] = await tx.select({ value: count() }).from(people).where(isFromImport)
    const [contactImport] = await tx
      .update(contactImports)
      .set({ undoneAt: new Date() })
      .where(and(eq(contactImports.id, importId), isNull(contactImports.undoneAt)))
      .returning(importColumns)
    if (!contactImport) throw new Error('Update returned no row')
    return { outcome: 'undone', removed: removed.length, kept: kept?.value ?? 0, contactImport }
  })
}

/** Drops staged contacts of uploads started before `before` and never committed. */
export async function deleteAbandonedImportRows(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(contactImportRows)
    .where(lt(contactImportRows.createdAt, before))
    .returning({ position: contactImportRows.position })
  return deleted.length
}
