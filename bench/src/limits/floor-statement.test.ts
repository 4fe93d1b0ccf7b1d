import { describe, expect, it } from 'vitest'
import { floorStatement } from './floor-statement.ts'

const USER = '00000000-0000-4000-8000-000000000000'
const session = (n: number) => `(select user_id from sessions where sid = $${n} and expire > now())`

describe('floorStatement', () => {
  it("takes a JSON statement as it is, the user's id looked up by the session id", () => {
    const floor = floorStatement(
      [{ text: 'select json from t where a = $1 and b = $2 and c = $10', params: [USER, 3] }],
      USER,
    )
    expect(floor.text).toBe(`select json from t where a = ${session(1)} and b = $2 and c = $10`)
    expect(floor).toMatchObject({ params: [USER, 3], sessionParams: [0] })
  })

  it('folds several statements into one, their parameters numbered on', () => {
    const floor = floorStatement(
      [
        { text: 'select json from c where a = $1', params: [USER] },
        { text: 'select json from c where a = $1 and d = $2', params: [USER, 'x'] },
      ],
      USER,
    )
    expect(floor.text).toBe(
      `select json_build_array((select json from c where a = ${session(1)})::json, ` +
        `(select json from c where a = ${session(2)} and d = $3)::json)::text`,
    )
    expect(floor).toMatchObject({ params: [USER, USER, 'x'], sessionParams: [0, 1] })
  })

  it('refuses a statement that does not name the user, which no session could stand for', () => {
    expect(() => floorStatement([{ text: 'select 1', params: [] }], USER)).toThrow(
      /does not name the user/,
    )
  })
})
