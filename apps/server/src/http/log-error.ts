/**
 * Error logs say what went wrong (the error's kind, its database code, constraint and table, its
 * message and where it was thrown) and nothing a person typed or a secret. Redacted:
 *
 * - a failed query's parameters, which drizzle appends to its message ("params: ...");
 * - every other property of the error and its causes (`params`, Postgres's `detail`, which quotes
 *   the conflicting value, `query`): only the fields in LOGGED_FIELDS are printed;
 * - Argon2 password hashes;
 * - the value after password, secret, token, cookie, session, signature, authorization or API
 *   key, in `name=value` and `name: value` forms;
 * - email addresses and phone numbers (seven digits or more; an ISO date is kept);
 * - the secret in a calendar feed's path (`/api/calendar/{token}.ics`) and in a reminder's
 *   unsubscribe link (`/api/reminders/unsubscribe/{token}`), also in the context line, which names
 *   the failed request's path.
 */
const REDACTIONS: [RegExp, string][] = [
  [/\nparams: [\s\S]*$/, '\nparams: [redacted]'],
  [/(\/api\/(?:calendar|reminders\/unsubscribe)\/)[^/\s?#]+/g, '$1[redacted]'],
  [/\$argon2(?:id|i|d)\$[^\s"',]*/g, '[redacted hash]'],
  [
    /(password|passwd|secret|token|cookie|session|signature|authorization|api[_-]?key)(\w*["']?\s*[:=]\s*)(?:"[^"]*"|'[^']*'|[^\s&,;]+)/gi,
    '$1$2[redacted]',
  ],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[redacted email]'],
  // Seven digits or more, with spaces, brackets or dashes between them; not an ISO date.
  [/(?<![\w-])(?!\d{4}-\d\d-\d\d)\+?\d(?:[\s()-]?\d){6,}/g, '[redacted number]'],
]

const LOGGED_FIELDS = ['code', 'constraint', 'constraint_name', 'table', 'table_name', 'column']

const MAX_CAUSES = 5

export function redactText(text: string): string {
  return REDACTIONS.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  )
}

function describeOne(error: unknown): string {
  if (!(error instanceof Error)) return redactText(String(error))
  const record = error as unknown as Record<string, unknown>
  const fields = LOGGED_FIELDS.flatMap((field) => {
    const value = record[field]
    return typeof value === 'string' ? [`${field}=${redactText(value)}`] : []
  })
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  return [
    `${error.constructor.name || error.name}${fields.length ? ` [${fields.join(', ')}]` : ''}: ${redactText(error.message)}`,
    ...frames,
  ].join('\n')
}

/** The error and its causes, redacted, one paragraph each. */
export function describeError(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < MAX_CAUSES && current !== undefined && current !== null; depth++) {
    parts.push(describeOne(current))
    current = current instanceof Error ? current.cause : undefined
  }
  return parts.join('\nCaused by: ')
}

/** The one way the server logs an error it did not expect. */
export function logError(context: string, error: unknown): void {
  console.error(`${redactText(context)}: ${describeError(error)}`)
}
