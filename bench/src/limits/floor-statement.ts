import type { CapturedStatement } from '@fiveconnect/db/bench'

/**
 * A route's floor: the statements the app sends for it, folded into one that takes the session id
 * where the app passes the signed-in user's id, and answers the JSON text of the answer in its
 * first column. `sessionParams` are the (0-based) parameters to fill with the session id.
 */
export type FloorStatement = { text: string; params: unknown[]; sessionParams: number[] }

const PARAM = /\$(\d+)(?!\d)/g

/** The statement with its parameters $1... numbered from `offset` + 1. */
function renumbered(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(PARAM, (_match, n: string) => `$${Number(n) + offset}`)
}

/**
 * One statement for the route from the app's statements, each answering its JSON text in its first
 * column as the hot routes' statements do: a single statement as it is, several as one JSON array
 * of their answers, so the floor makes one round trip where the app may make several. Every
 * parameter holding `userId` becomes a lookup of the session's user by the session id, as the
 * session check would make in the same statement.
 */
export function floorStatement(
  captured: readonly CapturedStatement[],
  userId: string,
): FloorStatement {
  if (captured.length === 0) throw new Error('The app sent no statement')
  let text: string
  const params: unknown[] = []
  const [only] = captured
  if (only && captured.length === 1) {
    text = only.text
    params.push(...only.params)
  } else {
    const parts = captured.map((statement) => {
      const part = `(${renumbered(statement.text, params.length)})::json`
      params.push(...statement.params)
      return part
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
