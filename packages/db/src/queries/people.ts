import {
  and,
  desc,
  eq,
  ne,
  notExists,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import type { Database } from '../client.ts'
import { people, users } from '../schema/index.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'
import { jsonArrayText, jsonBytesStatement, jsonObject } from './json-text.ts'
import { escapeLike } from './like.ts'
import { normalizeEmail } from './users.ts'

export type Person = typeof people.$inferSelect
export type PersonDetails = Omit<
  Person,
  'id' | 'hasUserProfile' | 'userId' | 'createdAt' | 'updatedAt' | 'searchVector'
>

/** What a person's owner reads: every column but the owner, the link and the search vector. */
export const personColumns = {
  id: people.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  mobile: people.mobile,
  company: people.company,
  title: people.title,
  location: people.location,
  linkedin: people.linkedin,
  website: people.website,
  profileImageUrl: people.profileImageUrl,
  hasUserProfile: people.hasUserProfile,
  createdAt: people.createdAt,
  updatedAt: people.updatedAt,
}

export type PublicPerson = {
  [K in keyof typeof personColumns]: Person[K]
}

const isShared = (field: string) => sql`${field} = any(${users.sharedProfileFields})`

/** A profile field as others see it: its value where the user shares it, else null. */
const sharedOrNull = (field: string, column: SQLWrapper) =>
  sql<string | null>`case when ${isShared(field)} then ${column} end`.as(field)

/**
 * What any signed-in user may see of a registered user when looking for someone they met: the
 * name, and of email, mobile, company, LinkedIn and website the ones the user chose to share. The
 * photo stays private.
 */
export const publicProfileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: sharedOrNull('email', users.email),
  mobile: sharedOrNull('mobile', users.mobile),
  company: sharedOrNull('company', users.company),
  linkedin: sharedOrNull('linkedin', users.linkedin),
  website: sharedOrNull('website', users.website),
}

export type PublicProfile = {
  id: string
  firstName: string
  lastName: string
  email: string | null
  mobile: string | null
  company: string | null
  linkedin: string | null
  website: string | null
}

/** All the owner's people, connected to or not (imported ones too), by name. */
export function listOwnPeople(db: Database, ownerId: string): Promise<PublicPerson[]> {
  return db
    .select(personColumns)
    .from(people)
    .where(eq(people.ownerId, ownerId))
    .orderBy(people.lastName, people.firstName, people.id)
}

/** Marks the people recorded under this email as having a user profile (after that user registers). */
export async function linkPeopleToUser(db: Database, email: string): Promise<void> {
  await db
    .update(people)
    .set({ hasUserProfile: true })
    .where(eq(people.email, normalizeEmail(email)))
}

/** Whether a user has registered with this (normalised) email, as a value to store in a row. */
export function isRegisteredEmail(email: string | null): SQL<boolean> | boolean {
  return email
    ? sql<boolean>`exists (select 1 from ${users} where ${users.email} = ${email})`
    : false
}

// The prefix expressions must match the index expressions in schema/people.ts and
// schema/users.ts exactly, or the planner cannot use them.
const searchText = sql`lower(${people.firstName} || ' ' || ${people.lastName} || ' ' || coalesce(${people.email}, '') || ' ' || coalesce(${people.company}, ''))`
const fullName = sql`lower(${people.firstName} || ' ' || ${people.lastName})`
const lastName = sql`lower(${people.lastName})`
const company = sql`lower(${people.company})`
const userFullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`
const userLastName = sql`lower(${users.lastName})`
const userCompany = sql`lower(${users.company})`

/**
 * The least string after every string that starts with `prefix`, in code point order (the byte
 * order of UTF-8 that text_pattern_ops compares by): the prefix with its last code point raised by
 * one, skipping the surrogates and dropping trailing U+10FFFF, which has no successor. Empty when
 * there is none (an empty prefix, or one of U+10FFFF alone), so that nothing matches.
 */
function prefixEnd(prefix: string): string {
  const codePoints = Array.from(prefix, (char) => char.codePointAt(0) ?? 0)
  while (codePoints.at(-1) === 0x10ffff) codePoints.pop()
  const last = codePoints.pop()
  if (last === undefined) return ''
  return String.fromCodePoint(...codePoints, last === 0xd7ff ? 0xe000 : last + 1)
}

/**
 * Whether `key` starts with the needle, as a range in the prefix indexes' text_pattern_ops order.
 * Unlike `like $1`, a range on parameters is an index condition in the generic plan that a
 * prepared statement reuses, and it needs no escaping of the user's % _ and \.
 */
const startsWithNeedle = (
  key: SQL,
  { needle, needleEnd }: Pick<Terms<string | Placeholder>, 'needle' | 'needleEnd'>,
) => sql`(${key} ~>=~ ${needle} and ${key} ~<~ ${needleEnd})`

type PeopleSearch = { ownerId: string; query: string; limit: number }

/**
 * The owner's people whose name, full name, email or company contains the query, case-insensitively:
 * the exact name or email first, then names starting with the query, then companies starting with
 * it, then other matches, each by trigram similarity. Prefix matches come from prefix indexes; the
 * substring search runs only when they do not fill the page. The own-people parts of
 * searchPeopleAndProfiles, alone, for people.test.ts to hold its ranking.
 */
export async function searchPeople(db: Database, search: PeopleSearch): Promise<PublicPerson[]> {
  const statements = peopleSearchStatements(db)
  const terms = { ownerId: search.ownerId, ...searchTerms(search.query) }
  const byPrefix = await statements.byPrefix.execute({ ...terms, limit: search.limit })
  if (byPrefix.length >= search.limit) return byPrefix
  const others = await statements.byContent.execute({
    ...terms,
    limit: search.limit - byPrefix.length,
  })
  return [...byPrefix, ...others]
}

/** Each search's value, or the placeholder that a statement built once fills in per call. */
type Terms<T = string> = {
  ownerId: T
  needle: T
  needleEnd: T
  contains: T
  limit: T extends string ? number : T
}

function searchTerms(query: string) {
  const needle = query.trim().toLowerCase()
  return { needle, needleEnd: prefixEnd(needle), contains: `%${escapeLike(needle)}%` }
}

const placeholders: Terms<Placeholder> = {
  ownerId: sql.placeholder('ownerId'),
  needle: sql.placeholder('needle'),
  needleEnd: sql.placeholder('needleEnd'),
  contains: sql.placeholder('contains'),
  limit: sql.placeholder('limit'),
}

/** One answer of the search: one of the caller's people, or a registered user's public profile. */
export type PeopleSearchResult = {
  kind: 'person' | 'profile'
  id: string
  firstName: string
  lastName: string
  company: string | null
  email: string | null
  profileImageUrl: string | null
  hasUserProfile: boolean
}

/**
 * The caller's own people whose name, email or company holds the query (as searchPeople ranks
 * them), then registered users' public profiles (as searchPublicProfiles finds them) for what is
 * left of the page: one statement, one round trip. Each part runs only when the parts before it
 * did not fill the page.
 */
export function searchPeopleAndProfiles(
  db: Database,
  { userId, query, limit }: { userId: string; query: string; limit: number },
): Promise<PeopleSearchResult[]> {
  return peopleSearchStatements(db).all.execute({ ownerId: userId, limit, ...searchTerms(query) })
}

/**
 * searchPeopleAndProfiles' answer as the API writes it, a JSON array in UTF-8, written by Postgres
 * (json-text.ts).
 */
export function searchPeopleAndProfilesJson(
  db: Database,
  { userId, query, limit }: { userId: string; query: string; limit: number },
): Promise<Uint8Array<ArrayBuffer>> {
  return peopleSearchStatements(db).json({ ownerId: userId, limit, ...searchTerms(query) })
}

/**
 * The three parts of the search in one statement. Each part's rows keep their order as `rank`; a
 * part is gated by a one-time filter on the rows found before it, so Postgres does not run it at
 * all when the page is already full. Ordered by `part`, then `rank`.
 */
function foundPeopleAndProfiles(db: Database, terms: Terms<Placeholder>): SQL {
  const { limit } = terms
  const profiles = publicProfilesQuery(db, { ...terms, viewerId: terms.ownerId })
  return sql`(
    with own_prefix as (
      select part.*, row_number() over () as rank from (${prefixQuery(db, terms)}) part
    ), own_content as (
      select part.*, row_number() over () as rank from (${contentQuery(db, terms)}) part
      where (select count(*) from own_prefix) < ${limit}
    ), profiles as (
      select part.*, row_number() over () as rank from (${profiles}) part
      where (select count(*) from own_prefix) + (select count(*) from own_content) < ${limit}
    )
    select 'person' as kind, 1 as part, rank, id, first_name, last_name, company, email,
      profile_image_url, has_user_profile from own_prefix
    union all
    select 'person', 2, rank, id, first_name, last_name, company, email, profile_image_url,
      has_user_profile from own_content
    union all
    select 'profile', 3, rank, id, first_name, last_name, company, email, null, true from profiles
  ) as found`
}

/** The search's results, each one of the columns of `from` (a subquery's name). */
function resultColumns(from: string) {
  const column = <T>(name: string) => sql<T>`${sql.identifier(from)}.${sql.identifier(name)}`
  return {
    kind: column<PeopleSearchResult['kind']>('kind'),
    id: column<string>('id'),
    firstName: column<string>('first_name'),
    lastName: column<string>('last_name'),
    company: column<string | null>('company'),
    email: column<string | null>('email'),
    profileImageUrl: column<string | null>('profile_image_url'),
    hasUserProfile: column<boolean>('has_user_profile'),
  }
}

function peopleAndProfilesQuery(db: Database, terms: Terms<Placeholder>) {
  return db
    .select(resultColumns('found'))
    .from(foundPeopleAndProfiles(db, terms))
    .orderBy(sql`part, rank`)
    .limit(terms.limit)
}

/** The page of peopleAndProfilesQuery as one JSON array text. */
function peopleAndProfilesJsonQuery(db: Database, terms: Terms<Placeholder>) {
  const page = sql`(select * from ${foundPeopleAndProfiles(db, terms)} order by part, rank limit ${terms.limit}) as page`
  return db
    .select({ json: jsonArrayText(jsonObject(resultColumns('page')), sql`part, rank`) })
    .from(page)
}

const peopleSearchCache = new WeakMap<Database, ReturnType<typeof buildPeopleSearchStatements>>()

/** Built once per database: building them took more of a search's time than running them. */
function peopleSearchStatements(db: Database) {
  let statements = peopleSearchCache.get(db)
  if (!statements) {
    statements = buildPeopleSearchStatements(db)
    peopleSearchCache.set(db, statements)
  }
  return statements
}

function buildPeopleSearchStatements(db: Database) {
  return {
    byPrefix: prefixQuery(db, placeholders).prepare('people_search_by_prefix'),
    byContent: contentQuery(db, placeholders).prepare('people_search_by_content'),
    profiles: publicProfilesQuery(db, {
      ...placeholders,
      viewerId: sql.placeholder('viewerId'),
    }).prepare('people_search_public_profiles'),
    all: peopleAndProfilesQuery(db, placeholders).prepare('people_and_profiles_search'),
    json: jsonBytesStatement<Terms>(
      db,
      'people_and_profiles_search_json',
      peopleAndProfilesJsonQuery(db, placeholders),
    ),
  }
}

const isPrefixMatch = (terms: Terms<string | Placeholder>) =>
  sql`(${startsWithNeedle(fullName, terms)} or ${startsWithNeedle(lastName, terms)} or ${startsWithNeedle(company, terms)} or ${people.email} = ${terms.needle})`

/**
 * The exact name or email, then names and companies that start with the query. Each prefix index
 * is read in its own order and only for a page of rows, so a name that thousands of people share
 * costs no more than a rare one; the page's candidates are then ranked by similarity.
 */
export function searchPeopleByPrefixQuery(db: Database, { ownerId, query, limit }: PeopleSearch) {
  return prefixQuery(db, { ownerId, limit, ...searchTerms(query) })
}

function prefixQuery(db: Database, terms: Terms<string | Placeholder>) {
  const { ownerId, needle, limit } = terms
  const isExact = sql`(${fullName} = ${needle} or ${people.email} = ${needle})`
  const isOwn = eq(people.ownerId, ownerId)
  const isNamePrefix = sql`(${startsWithNeedle(fullName, terms)} or ${startsWithNeedle(lastName, terms)})`
  const firstInIndexOrder = (key: SQL) =>
    sql`(select ${people.id} from ${people} where ${isOwn} and ${startsWithNeedle(key, terms)} order by ${key} using ~<~ limit ${limit})`
  const candidates = sql.join(
    [
      sql`(select ${people.id} from ${people} where ${isOwn} and ${isExact} limit ${limit})`,
      firstInIndexOrder(fullName),
      firstInIndexOrder(lastName),
      firstInIndexOrder(company),
    ],
    sql` union `,
  )
  return db
    .select(personColumns)
    .from(people)
    .where(and(isOwn, sql`${people.id} in (${candidates})`))
    .orderBy(
      // `is true`: with no email, isExact is null, and nulls would sort first.
      desc(sql`${isExact} is true`),
      desc(isNamePrefix),
      desc(sql`similarity(${searchText}, ${needle})`),
      people.lastName,
      people.id,
    )
    .limit(limit)
}

/** The owner's other people whose name, email or company contains the query. */
export function searchPeopleByContentQuery(db: Database, { ownerId, query, limit }: PeopleSearch) {
  return contentQuery(db, { ownerId, limit, ...searchTerms(query) })
}

function contentQuery(db: Database, terms: Terms<string | Placeholder>) {
  const { ownerId, needle, contains, limit } = terms
  return db
    .select(personColumns)
    .from(people)
    .where(
      and(
        eq(people.ownerId, ownerId),
        sql`${searchText} like ${contains} and not coalesce(${isPrefixMatch(terms)}, false)`,
      ),
    )
    .orderBy(desc(sql`similarity(${searchText}, ${needle})`), people.lastName, people.id)
    .limit(limit)
}

type ProfileSearch = { viewerId: string; query: string; limit: number }

/**
 * Registered users, other than the viewer, whose name or shared company starts with the query, and
 * whom the viewer has not saved yet: their public profiles, by name. The last part of
 * searchPeopleAndProfiles, alone and with every shared field, for people.test.ts.
 */
export async function searchPublicProfiles(
  db: Database,
  { viewerId, query, limit }: ProfileSearch,
): Promise<PublicProfile[]> {
  const { needle, needleEnd } = searchTerms(query)
  return peopleSearchStatements(db).profiles.execute({ viewerId, needle, needleEnd, limit })
}

/** The public profiles search as a query, e.g. to explain its plan. */
export function searchPublicProfilesQuery(db: Database, { viewerId, query, limit }: ProfileSearch) {
  return publicProfilesQuery(db, { viewerId, limit, ...searchTerms(query) })
}

function publicProfilesQuery(
  db: Database,
  terms: Omit<Terms<string | Placeholder>, 'ownerId' | 'contains'> & {
    viewerId: string | Placeholder
  },
) {
  const { viewerId, limit } = terms
  const startsWith = (key: SQL) => startsWithNeedle(key, terms)
  const alreadySaved = db
    .select({ one: sql`1` })
    .from(people)
    .where(
      and(
        eq(people.ownerId, viewerId),
        sql`(${people.userId} = ${users.id} or ${people.email} = ${users.email})`,
      ),
    )
  return db
    .select(publicProfileColumns)
    .from(users)
    .where(
      and(
        isPublicProfile,
        ne(users.id, viewerId),
        sql`(${startsWith(userFullName)} or ${startsWith(userLastName)} or (${isShared('company')} and ${startsWith(userCompany)}))`,
        notExists(alreadySaved),
      ),
    )
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(limit)
}

/** Active accounts of people (not the system account that owns the starter event). */
const isPublicProfile = and(eq(users.isActive, true), ne(users.email, SYSTEM_USER_EMAIL))

export type NewPerson = Partial<PersonDetails> &
  Pick<PersonDetails, 'firstName' | 'lastName' | 'ownerId'>

/**
 * Records one of the owner's people; when the owner already has a person with the same email, that
 * person is returned instead of a duplicate. hasUserProfile follows whether a user has registered
 * with the email.
 */
export async function createPerson(db: Database, details: NewPerson): Promise<PublicPerson> {
  const email = details.email ? normalizeEmail(details.email) : null
  const [created] = await db
    .insert(people)
    .values({ ...details, email, hasUserProfile: isRegisteredEmail(email) })
    .onConflictDoNothing()
    .returning(personColumns)
  if (created) return created
  // A retry of a creation that already happened, or the owner already has someone under this
  // email (perhaps from another request a moment ago): either way, that person is the answer.
  const existing =
    (await findPersonByIdempotencyKey(db, details)) ??
    (email ? await findOwnPerson(db, details.ownerId, eq(people.email, email)) : undefined)
  if (!existing) throw new Error('Insert returned no row')
  return existing
}

/**
 * Saves a registered user as one of the owner's people, from their public profile (the fields they
 * share) and linked to their account. The owner's existing person for that user (linked, or saved under the same email)
 * is returned instead of a second one. Undefined when there is no such public profile.
 */
export async function createPersonFromProfile(
  db: Database,
  { ownerId, userId, idempotencyKey }: { ownerId: string; userId: string; idempotencyKey?: string },
): Promise<PublicPerson | undefined> {
  const [profile] = await db
    .select({ ...publicProfileColumns, accountEmail: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isPublicProfile))
  if (!profile || profile.id === ownerId) return undefined
  const saved = await findOwnPerson(
    db,
    ownerId,
    or(eq(people.userId, profile.id), eq(people.email, profile.accountEmail)),
  )
  if (saved) return saved
  const { id, accountEmail: _private, ...publicDetails } = profile
  const [created] = await db
    .insert(people)
    .values({ ...publicDetails, ownerId, userId: id, hasUserProfile: true, idempotencyKey })
    .onConflictDoNothing()
    .returning(personColumns)
  return created ?? (await findOwnPerson(db, ownerId, eq(people.userId, id)))
}

async function findPersonByIdempotencyKey(
  db: Database,
  { ownerId, idempotencyKey }: Partial<PersonDetails>,
) {
  if (!ownerId || !idempotencyKey) return undefined
  return findOwnPerson(db, ownerId, eq(people.idempotencyKey, idempotencyKey))
}

async function findOwnPerson(db: Database, ownerId: string, condition: SQL | undefined) {
  const [person] = await db
    .select(personColumns)
    .from(people)
    .where(and(eq(people.ownerId, ownerId), condition))
    .limit(1)
  return person
}
