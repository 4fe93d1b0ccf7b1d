/** A write broke a unique constraint; `constraint` names which one. */
export class UniqueViolationError extends Error {
  constructor(readonly constraint: string) {
    super(`Unique constraint violated: ${constraint}`)
    this.name = 'UniqueViolationError'
  }
}

const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'

type PgErrorLike = {
  code?: unknown
  constraint?: unknown
  constraint_name?: unknown
  cause?: unknown
}

function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgErrorLike
    if (typeof candidate.code === 'string') return candidate
    current = candidate.cause
  }
  return undefined
}

function constraintOf(pgError: PgErrorLike): string {
  const constraint = pgError.constraint ?? pgError.constraint_name
  return typeof constraint === 'string' ? constraint : 'unknown'
}

/** The foreign key a write broke by naming a row that does not exist; undefined for other errors. */
export function brokenForeignKey(error: unknown): string | undefined {
  const pgError = findPgError(error)
  return pgError?.code === FOREIGN_KEY_VIOLATION ? constraintOf(pgError) : undefined
}

/** Runs a write and turns a unique violation (from postgres-js or PGlite) into a typed error. */
export async function withUniqueCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const pgError = findPgError(error)
    if (pgError?.code === UNIQUE_VIOLATION) throw new UniqueViolationError(constraintOf(pgError))
    throw error
  }
}

// character_not_in_repertoire (NUL, bad UTF-8) and untranslatable_character: PGlite raises the
// same SQLSTATEs as Postgres.
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05'])

/** True when the database refused text it cannot store, which is the request's fault, not ours. */
export function isUnstorableText(error: unknown): boolean {
  const code = findPgError(error)?.code
  return typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)
}

// Network errors, postgres-js connection errors, and Postgres's "connection exception" (08xxx) and
// "operator intervention" (57Pxx: shutting down, starting up) classes.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

/** True when the database could not be reached, as opposed to refusing a query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as PgErrorLike
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))
        return true
    }
    current = cause
  }
  return false
}
