import { http, HttpResponse } from 'msw'
import superjson from 'superjson'

/**
 * One msw handler for /api/trpc in tRPC's HTTP batch format with superjson, so screens are tested
 * through the real tRPC client. Tests register a resolver per procedure path with mockTrpc().
 */

const ERROR_CODES = {
  BAD_REQUEST: { jsonRpc: -32600, httpStatus: 400 },
  UNAUTHORIZED: { jsonRpc: -32001, httpStatus: 401 },
  FORBIDDEN: { jsonRpc: -32003, httpStatus: 403 },
  NOT_FOUND: { jsonRpc: -32004, httpStatus: 404 },
  CONFLICT: { jsonRpc: -32009, httpStatus: 409 },
  INTERNAL_SERVER_ERROR: { jsonRpc: -32603, httpStatus: 500 },
} as const

export type TrpcErrorCode = keyof typeof ERROR_CODES

/** Throw from a resolver to answer with a tRPC error. */
export class TrpcMockError extends Error {
  constructor(
    readonly code: TrpcErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** Throw from a resolver to make the whole request fail the way a broken proxy would. */
export class BadGateway extends Error {}

type Resolver = (input: unknown) => unknown

// The paged lists answer { items, nextCursor }; a resolver of one of them may answer a plain
// array, the only page.
const PAGED_PROCEDURES = new Set([
  'connections.list',
  'connections.search',
  'events.list',
  'events.listJoined',
  'admin.listUsers',
])

/** A paged list's call as the screen asked for it, without which page (tRPC's infinite fields). */
function withoutPaging(path: string, input: unknown) {
  if (!PAGED_PROCEDURES.has(path) || typeof input !== 'object' || input === null) return input
  const {
    cursor: _cursor,
    limit: _limit,
    direction: _direction,
    ...asked
  } = input as Record<string, unknown>
  return asked
}

const asPage = (path: string, result: unknown) =>
  PAGED_PROCEDURES.has(path) && Array.isArray(result) ? { items: result, nextCursor: null } : result

const resolvers = new Map<string, Resolver>()
const calls: { path: string; input: unknown }[] = []

export function mockTrpc(overrides: Record<string, Resolver>) {
  for (const [path, resolver] of Object.entries(overrides)) resolvers.set(path, resolver)
}

/** The inputs a procedure was called with, oldest first. */
export function trpcCallsTo(path: string): unknown[] {
  return calls.filter((call) => call.path === path).map((call) => call.input)
}

export function resetTrpcMocks() {
  resolvers.clear()
  calls.length = 0
}

/** A promise that never settles: keeps a call pending so a test can see the pending state. */
export function never(): Promise<never> {
  return new Promise(() => {})
}

async function readInputs(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET') {
    const raw = new URL(request.url).searchParams.get('input')
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
  }
  const text = await request.text()
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

async function answer(path: string, serializedInput: unknown) {
  const input =
    serializedInput === undefined
      ? undefined
      : superjson.deserialize(serializedInput as Parameters<typeof superjson.deserialize>[0])
  calls.push({ path, input: withoutPaging(path, input) })
  const resolver = resolvers.get(path)
  try {
    if (!resolver) throw new TrpcMockError('NOT_FOUND', `No mock for procedure ${path}`)
    const data = asPage(path, await resolver(input))
    return { status: 200, body: { result: { data: superjson.serialize(data) } } }
  } catch (error) {
    if (!(error instanceof TrpcMockError)) throw error
    const { jsonRpc, httpStatus } = ERROR_CODES[error.code]
    const shape = {
      message: error.message,
      code: jsonRpc,
      data: { code: error.code, httpStatus, path },
    }
    return { status: httpStatus, body: { error: superjson.serialize(shape) } }
  }
}

export const trpcHandler = http.all('*/api/trpc/:paths', async ({ request, params }) => {
  const paths = String(params.paths).split(',')
  const inputs = await readInputs(request)
  let answers: Awaited<ReturnType<typeof answer>>[]
  try {
    answers = await Promise.all(paths.map((path, index) => answer(path, inputs[index])))
  } catch (error) {
    if (error instanceof BadGateway) return HttpResponse.text('Bad gateway', { status: 502 })
    throw error
  }
  const statuses = new Set(answers.map((result) => result.status))
  const status = statuses.size === 1 ? answers[0]?.status : 207
  return HttpResponse.json(
    answers.map((result) => result.body),
    { status },
  )
})
