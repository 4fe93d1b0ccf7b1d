import { count, desc, eq, max, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, people } from '../schema/index.ts'
import { personColumns } from './people.ts'
import { normalizeEmail } from './users.ts'

/** What the user typed about someone they are adding. */
export type PersonCandidate = {
  firstName?: string | null
  lastName?: string | null
  email?: string | null
  mobile?: string | null
  company?: string | null
  linkedin?: string | null
}

export type MatchReason = 'email' | 'mobile' | 'linkedin' | 'name'

// pg_trgm similarity of full names above which two people at one company are taken as the same
// ('Jon Smith' and 'John Smith' 0.62; 'John Smith' and 'Jane Smith' 0.47).
export const NAME_SIMILARITY = 0.6
// Numbers are compared by their last 9 digits, so '+44 7700 900123' matches '07700 900123'.
export const MOBILE_DIGITS = 9
const MAX_MATCHES = 5

/** linkedin.com/in/grace, however it was typed: case, scheme, www, query and trailing slash dropped. */
export function normalizeLinkedin(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^(https?:\/\/)?(www\.)?/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
}

// The same rules in SQL, for a stored column: normalizeLinkedin, the mobile's digits, the full name.
export const linkedinKey = (column: SQLWrapper) =>
  sql`rtrim(regexp_replace(regexp_replace(lower(trim(${column})), '^(https?://)?(www\\.)?', ''), '[?#].*$', ''), '/')`
export const mobileDigitsOf = (column: SQLWrapper) =>
  sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`
export const fullNameKey = (firstName: SQLWrapper, lastName: SQLWrapper) =>
  sql`lower(trim(${firstName} || ' ' || ${lastName}))`

const storedLinkedin = linkedinKey(people.linkedin)
const storedMobileDigits = mobileDigitsOf(people.mobile)
const storedFullName = fullNameKey(people.firstName, people.lastName)

/** One SQL condition per rule the candidate has enough details for. */
function matchRules(candidate: PersonCandidate): Partial<Record<MatchReason, SQL>> {
  const rules: Partial<Record<MatchReason, SQL>> = {}
  const email = candidate.email?.trim()
  if (email) rules.email = sql`${people.email} = ${normalizeEmail(email)}`

  const mobileDigits = candidate.mobile?.replace(/\D/g, '') ?? ''
  if (mobileDigits.length >= MOBILE_DIGITS) {
    rules.mobile = sql`length(${storedMobileDigits}) >= ${MOBILE_DIGITS}
      and right(${storedMobileDigits}, ${MOBILE_DIGITS}) = ${mobileDigits.slice(-MOBILE_DIGITS)}`
  }

  const linkedin = candidate.linkedin ? normalizeLinkedin(candidate.linkedin) : ''
  if (linkedin.length >= 5) rules.linkedin = sql`${storedLinkedin} = ${linkedin}`

  const fullName = `${candidate.firstName?.trim() ?? ''} ${candidate.lastName?.trim() ?? ''}`
    .trim()
    .toLowerCase()
  const company = candidate.company?.trim().toLowerCase()
  if (fullName && company) {
    rules.name = sql`lower(trim(${people.company})) = ${company}
      and similarity(${storedFullName}, ${fullName}) >= ${NAME_SIMILARITY}`
  }
  return rules
}

/**
 * People the author has already met who are probably the candidate: the same email, mobile or
 * LinkedIn, or a very similar name at the same company. Each with why, how often and when last met;
 * most reasons first.
 */
export async function findMetPeopleLike(
  db: Database,
  { authorId, candidate }: { authorId: string; candidate: PersonCandidate },
) {
  const rules = Object.entries(matchRules(candidate)) as [MatchReason, SQL][]
  if (rules.length === 0) return []

  const met = db
    .select({
      personId: connections.personId,
      meetings: count().as('meetings'),
      lastMetAt: max(connections.createdAt).as('last_met_at'),
    })
    .from(connections)
    .where(eq(connections.authorId, authorId))
    .groupBy(connections.personId)
    .as('met')

  const matched = Object.fromEntries(
    rules.map(([reason, rule]) => [reason, sql<boolean>`coalesce(${rule}, false)`]),
  )
  const reasonCount = sql.join(
    rules.map(([, rule]) => sql`coalesce(${rule}, false)::int`),
    sql` + `,
  )
  const rows = await db
    .select({
      person: personColumns,
      meetings: met.meetings,
      lastMetAt: met.lastMetAt,
      matched,
    })
    .from(people)
    .innerJoin(met, eq(met.personId, people.id))
    .where(or(...rules.map(([, rule]) => rule)))
    .orderBy(desc(reasonCount), desc(met.lastMetAt), people.id)
    .limit(MAX_MATCHES)

  return rows.map(({ matched: flags, ...row }) => ({
    ...row,
    reasons: rules.map(([reason]) => reason).filter((reason) => flags[reason]),
  }))
}
