import { checkJsonListAnswer, JSON_LISTS } from '@fiveconnect/api/server'
import { MAX_BATCH_CALLS } from '@fiveconnect/api/schemas'
import type { MiddlewareHandler } from 'hono'
import superjson from 'superjson'
import type { AppEnv } from './app-env.ts'

const utf8 = new TextEncoder()

/** The batch's inputs as the client's batch link sends them: `{"0": <superjson>, ...}`. */
function batchInputs(text: string | undefined, calls: number): unknown[] | undefined {
  try {
    const inputs = text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>)
    return Array.from({ length: calls }, (_, index) => {
      const input = inputs[index] as Parameters<typeof superjson.deserialize>[0] | undefined
      return input === undefined ? undefined : superjson.deserialize(input)
    })
  } catch {
    return undefined
  }
}

/**
 * tRPC's answer to a batched GET of lists only (connections.list, people.search, ...: JSON_LISTS),
 * written from the JSON text Postgres built for the list, as the REST list answers it, instead of
 * rows turned into objects, checked against the output schema and serialised by superjson. The
 * answer is the bytes tRPC would send (superjson's `{json, meta}` per call). Anything else (another
 * procedure in the batch, no session, an input the schema refuses, a failed query) is left to tRPC
 * itself, so errors have one shape and one code path (ADR 026). `checkOutputs` checks each answer
 * against the output schema: in tests and development, not on every production answer.
 */
export function trpcJsonLists({
  checkOutputs,
}: {
  checkOutputs: boolean
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const paths = (c.req.param('path') ?? '').split(',')
    const lists = paths.map((path) => JSON_LISTS[path])
    const { db, user } = c.get('api')
    if (c.req.query('batch') !== '1' || paths.length > MAX_BATCH_CALLS || !user) return next()
    const inputs = batchInputs(c.req.query('input'), paths.length)
    if (!inputs) return next()
    const calls = lists.flatMap((list, index) => {
      const input = list?.input.safeParse(inputs[index])
      return list && input?.success ? [{ list, input: input.data }] : []
    })
    if (calls.length < paths.length) return next()
    let answers: Uint8Array[][]
    try {
      answers = await Promise.all(calls.map(({ list, input }) => list.answer(db, user.id, input)))
    } catch {
      return next()
    }
    if (checkOutputs) {
      calls.forEach(({ list }, index) => checkJsonListAnswer(list, answers[index] ?? []))
    }
    const body = answers.flatMap((parts, index) => [
      utf8.encode(`${index === 0 ? '[' : ','}{"result":{"data":`),
      ...parts,
      utf8.encode('}}'),
    ])
    body.push(utf8.encode(']'))
    return c.body(Buffer.concat(body), 200, { 'Content-Type': 'application/json' })
  }
}
