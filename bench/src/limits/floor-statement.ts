import type { CapturedStatement } from '@fiveconnect/db/bench'

/**
 * A route's floor: the statements the app sends for it, folded into one that takes the session id
 * where the app passes the signed-in user's id, and answers the JSON text of the answer in its
 * first column. `sessionParams` are the (0-based) parameters to fill with the session id.
 */
export type FloorStatement = { text: string; params: unknown[]; sessionParams: number[] }

/**
 * What a captured statement selects: the answer's JSON text in its first column ('json', the lists
 * whose JSON Postgres builds, as the app does), or rows the app turns into JSON itself ('rows'),
 * which the floor has Postgres aggregate instead.
 */
export type Selects = 'json' | 'rows'

const PARAM = /\$(\d+)(?!\d)/g

/** The statement with its parameters $1... numbered from `offset` + 1. */
function renumbered(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(PARAM, (_match, n: string) => `$${Number(n) + offset}`)
}

const asJson = (text: string, selects: Selects) =>
  selects === 'json' ? `(${text})` : `(select coalesce(json_agg(r), '[]') from (${text}) r)`

/**
 * One statement for the route: a single statement as it is (aggregated to JSON when it selects
 * rows), several as one JSON array of their answers, so the floor makes one round trip where the
 * app may make several. Every parameter holding `userId` becomes a lookup of the session's user by
 * the session id, as the session check would make in the same statement.
 */
export function floorStatement(
  captured: readonly CapturedStatement[],
  selects: Selects,
  userId: string,
): FloorStatement {
  if (captured.length === 0) throw new Error('The app sent no statement')
  let text: string
  const params: unknown[] = []
  const [only] = captured
  if (only && captured.length === 1) {
    text =
      selects === 'json'
        ? only.text
        : `select coalesce(json_agg(r), '[]')::text from (${only.text}) r`
    params.push(...only.params)
  } else {
    const parts = captured.map((statement) => {
      const part = asJson(renumbered(statement.text, params.length), selects)
      params.push(...statement.params)
      return selects === 'json' ? `${part}::json` : part
    })
    text = `select json_build_array(${parts.join(', ')})::text`
  }
  const sessionParams = params.flatMap((value, index) => (value === userId ? [index] : []))
  if (sessionParams.length === 0) throw new Error('The statement does not name the user')
  const session = new Set(sessionParams.map((index) => index + 1))
  text = text.replace(PARAM, (match, n: string) =>
    session.has(Number(n))
      ? `(select user_id from sessions where sid = ${match} and expire > now())`
      : match,
  )
  return { text, params, sessionParams }
}
