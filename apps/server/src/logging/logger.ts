import pino, { type DestinationStream, type LevelWithSilent, type LogFn } from 'pino'

/**
 * The server's one logger: a JSON line per event on stdout (pino), or readable lines for a person
 * at a terminal (LOG_FORMAT, see readableLogs). Nothing a person typed and no secret reaches the output:
 *
 * - a field whose name says it holds a secret or a contact detail is replaced, at any depth
 *   (REDACTED_FIELD: passwords and their hashes, tokens, secrets, cookies, sessions, upload
 *   signatures, authorization headers, API keys, email addresses, phone and mobile numbers, names);
 * - every other string, the message included, passes through redactText;
 * - an error keeps only its kind, its database code, constraint, table and column, its redacted
 *   message and its stack frames (serializeError): never `params`, Postgres's `detail` (which quotes
 *   the conflicting value) or `query`.
 *
 * A request's own line and the errors logged while it runs carry the request's id (`reqId`), passed
 * by hand: an AsyncLocalStorage would carry it everywhere, but on Node 20 its promise hooks cost
 * every request a tenth of its throughput (docs/benchmarks.md).
 */

/**
 * Redactions of free text:
 * - a failed query's parameters, which drizzle appends to its message ("params: ...");
 * - the secret in a calendar feed's path (`/api/calendar/{token}.ics`) and in a reminder email's
 *   unsubscribe link (`/api/reminders/unsubscribe/{token}`);
 * - Argon2 password hashes (their parameters hold commas: the whole hash goes);
 * - a bearer credential;
 * - the value after password, secret, token, cookie, session, signature, authorization or API
 *   key, in `name=value` and `name: value` forms (query strings and headers included);
 * - email addresses and phone numbers (seven digits or more; an ISO date is kept).
 */
const REDACTIONS: [RegExp, string][] = [
  [/\nparams: [\s\S]*$/, '\nparams: [redacted]'],
  [/(\/api\/(?:calendar|reminders\/unsubscribe)\/)[^/\s?#]+/g, '$1[redacted]'],
  [/\$argon2(?:id|i|d)\$[^\s"']*/g, '[redacted hash]'],
  [/\b(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  [
    /(password|passwd|secret|token|cookie|session|signature|authorization|api[_-]?key)(\w*["']?\s*[:=]\s*)(?:"[^"]*"|'[^']*'|[^\s&,;]+)/gi,
    '$1$2[redacted]',
  ],
  // The domain ends in letters, so a package path in a stack frame (`hono@4.13.19`) is kept.
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b/g, '[redacted email]'],
  // Seven digits or more, with spaces, brackets or dashes between them; not an ISO date.
  [/(?<![\w-])(?!\d{4}-\d\d-\d\d)\+?\d(?:[\s()-]?\d){6,}/g, '[redacted number]'],
]

/** Field names (compared without case, `_` or `-`) whose values are never logged. */
const REDACTED_FIELD =
  /^(?:.*(?:password|passwd|hash|secret|token|cookie|session|signature|authorization|apikey|credential|bearer|email|phone|mobile|firstname|lastname|fullname).*|name|names|to|from|replyto)$/

const LOGGED_ERROR_FIELDS = [
  'code',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
]
const MAX_CAUSES = 5
const MAX_DEPTH = 6

/**
 * Matches wherever one of REDACTIONS could (ignoring case only widens it): most text has nothing to
 * redact, and one test of it costs less than a replace for each redaction.
 */
const MIGHT_REDACT = new RegExp(
  REDACTIONS.map(([pattern]) => `(?:${pattern.source})`).join('|'),
  'i',
)

export function redactText(text: string): string {
  if (!MIGHT_REDACT.test(text)) return text
  return REDACTIONS.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  )
}

/** An error and its causes as loggable fields, redacted. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)) }
  const record = error as unknown as Record<string, unknown>
  const fields = LOGGED_ERROR_FIELDS.flatMap((field) => {
    const value = record[field]
    return typeof value === 'string' ? [[field, redactText(value)] as const] : []
  })
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const cause = error.cause
  return {
    type: error.constructor.name || error.name,
    message: redactText(error.message),
    ...Object.fromEntries(fields),
    stack: frames.join('\n'),
    ...(cause !== undefined && cause !== null && depth < MAX_CAUSES - 1
      ? { cause: serializeError(cause, depth + 1) }
      : {}),
  }
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value instanceof Error) return serializeError(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return '[too deep]'
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      // The request id is a generated or checked token (http/request-log.ts); a UUID's digits
      // would otherwise read as a phone number.
      if (key === 'reqId' && depth === 0) return [key, item]
      const redacted = REDACTED_FIELD.test(key.toLowerCase().replace(/[_-]/g, ''))
      return [key, redacted ? '[redacted]' : redactValue(item, depth + 1)]
    }),
  )
}

/**
 * Written in the background, so a slow reader of stdout never stalls requests, and in blocks of
 * 4 kB, so a busy server writes once for many lines rather than once for each request's; a quiet
 * server's lines go out within FLUSH_INTERVAL_MS. pino flushes what is left when the process exits.
 * A reader that stops altogether costs lines past 8 MB, not memory.
 */
const stdout = pino.destination({
  dest: 1,
  sync: false,
  minLength: 4096,
  maxLength: 8 * 1024 * 1024,
})
const FLUSH_INTERVAL_MS = 1000
setInterval(() => stdout.flush(), FLUSH_INTERVAL_MS).unref()

let destination: DestinationStream = stdout

export const logger = pino(
  {
    level: 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      log: (fields) => redactValue(fields, 0) as Record<string, unknown>,
    },
    serializers: {
      err: (value: unknown) => (value instanceof Error ? serializeError(value) : value),
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactText(arg) : arg,
        )
        method.apply(this, redacted as Parameters<LogFn>)
      },
    },
  },
  { write: (line: string) => destination.write(line) },
)

export type LoggingSettings = {
  level?: LevelWithSilent
  /** Where the lines go; stdout unless set. */
  destination?: DestinationStream
}

/** Sets the level and destination; returns a function that restores the previous ones. */
export function configureLogging(settings: LoggingSettings): () => void {
  const previous = { level: logger.level, destination }
  if (settings.level) logger.level = settings.level
  if (settings.destination) destination = settings.destination
  return () => {
    logger.level = previous.level
    destination = previous.destination
  }
}

/**
 * Whether the lines are for a person: asked for (`pretty`), or left to `auto` with stdout a
 * terminal. Anything else (a pipe, a file, a log collector) gets JSON.
 */
export function readableLogs(
  format: 'auto' | 'json' | 'pretty',
  stdout: { isTTY?: boolean },
): boolean {
  return format === 'pretty' || (format === 'auto' && stdout.isTTY === true)
}

/** Readable lines, one per event, coloured on a terminal (pino-pretty). */
export async function prettyDestination(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty')
  return pretty({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
  })
}

/** The one way the server logs an error it did not expect; `reqId` when a request met it. */
export function logError(context: string, error: unknown, reqId?: string): void {
  logger.error({ ...(reqId && { reqId }), err: serializeError(error) }, context)
}
