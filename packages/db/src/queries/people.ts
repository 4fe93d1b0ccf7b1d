import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { people, users } from '../schema/index.ts'
import { normalizeEmail } from './users.ts'

export type Person = typeof people.$inferSelect
export type PersonDetails = Omit<
  Person,
  'id' | 'hasUserProfile' | 'createdAt' | 'updatedAt' | 'searchVector'
>

/** Every person column except who entered them and the search vector, which stay on the server. */
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

export type PublicPerson = Omit<Person, 'createdBy' | 'searchVector' | 'idempotencyKey'>

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

// Must match the index expressions in schema/people.ts exactly, or the planner cannot use them.
const searchText = sql`lower(${people.firstName} || ' ' || ${people.lastName} || ' ' || coalesce(${people.email}, '') || ' ' || coalesce(${people.company}, ''))`
const fullName = sql`lower(${people.firstName} || ' ' || ${people.lastName})`
const lastName = sql`lower(${people.lastName})`
const company = sql`lower(${people.company})`

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * People whose name, full name, email or company contains the query, case-insensitively: the exact
 * name or email first, then names starting with the query, then companies starting with it, then
 * other matches, each by trigram similarity. Prefix matches come from prefix indexes; the costlier
 * substring search runs only when they do not fill the page, so a common name stays fast however
 * many people contain it.
 */
export async function searchPeople(
  db: Database,
  search: { query: string; limit: number },
): Promise<PublicPerson[]> {
  const byPrefix = await searchPeopleByPrefixQuery(db, search)
  if (byPrefix.length >= search.limit) return byPrefix
  const others = await searchPeopleByContentQuery(db, {
    ...search,
    limit: search.limit - byPrefix.length,
  })
  return [...byPrefix, ...others]
}

function searchTerms(query: string) {
  const needle = query.trim().toLowerCase()
  const prefix = `${escapeLike(needle)}%`
  const isPrefixMatch = sql`(${fullName} like ${prefix} or ${lastName} like ${prefix} or ${company} like ${prefix} or ${people.email} = ${needle})`
  return { needle, prefix, isPrefixMatch }
}

/**
 * The exact name or email, then names and companies that start with the query. Each prefix index
 * is read in its own order and only for a page of rows, so a name that thousands of people share
 * costs no more than a rare one; the page's candidates are then ranked by similarity.
 */
export function searchPeopleByPrefixQuery(
  db: Database,
  { query, limit }: { query: string; limit: number },
) {
  const { needle, prefix } = searchTerms(query)
  const isExact = sql`(${fullName} = ${needle} or ${people.email} = ${needle})`
  const isNamePrefix = sql`(${fullName} like ${prefix} or ${lastName} like ${prefix})`
  const firstInIndexOrder = (key: SQL) =>
    sql`(select ${people.id} from ${people} where ${key} like ${prefix} order by ${key} using ~<~ limit ${limit})`
  const candidates = sql.join(
    [
      sql`(select ${people.id} from ${people} where ${isExact} limit ${limit})`,
      firstInIndexOrder(fullName),
      firstInIndexOrder(lastName),
      firstInIndexOrder(company),
    ],
    sql` union `,
  )
  return db
    .select(personColumns)
    .from(people)
    .where(sql`${people.id} in (${candidates})`)
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

/** Everyone else whose name, email or company contains the query (trigram index). */
export function searchPeopleByContentQuery(
  db: Database,
  { query, limit }: { query: string; limit: number },
) {
  const { needle, isPrefixMatch } = searchTerms(query)
  return db
    .select(personColumns)
    .from(people)
    .where(
      sql`${searchText} like ${`%${escapeLike(needle)}%`} and not coalesce(${isPrefixMatch}, false)`,
    )
    .orderBy(desc(sql`similarity(${searchText}, ${needle})`), people.lastName, people.id)
    .limit(limit)
}

/**
 * Records a person; when one with the same email already exists, that person is returned instead
 * of a duplicate. hasUserProfile follows whether a user has registered with the email.
 */
export async function createPerson(
  db: Database,
  details: Partial<PersonDetails> & Pick<PersonDetails, 'firstName' | 'lastName'>,
): Promise<PublicPerson> {
  const email = details.email ? normalizeEmail(details.email) : null
  const [created] = await db
    .insert(people)
    .values({ ...details, email, hasUserProfile: isRegisteredEmail(email) })
    .onConflictDoNothing()
    .returning(personColumns)
  if (created) return created
  // A retry of a creation that already happened, or someone already recorded under this email
  // (perhaps by another request a moment ago): either way, that person is the answer.
  const existing =
    (await findPersonByIdempotencyKey(db, details)) ??
    (email ? await findPersonByEmail(db, email) : undefined)
  if (!existing) throw new Error('Insert returned no row')
  return existing
}

async function findPersonByIdempotencyKey(
  db: Database,
  { createdBy, idempotencyKey }: Partial<PersonDetails>,
) {
  if (!createdBy || !idempotencyKey) return undefined
  const [person] = await db
    .select(personColumns)
    .from(people)
    .where(and(eq(people.createdBy, createdBy), eq(people.idempotencyKey, idempotencyKey)))
  return person
}

async function findPersonByEmail(db: Database, email: string) {
  const [person] = await db.select(personColumns).from(people).where(eq(people.email, email))
  return person
}

export async function getPerson(db: Database, id: string): Promise<PublicPerson | undefined> {
  const [person] = await db.select(personColumns).from(people).where(eq(people.id, id))
  return person
}
