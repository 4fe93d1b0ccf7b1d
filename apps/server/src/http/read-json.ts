import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * The request's JSON body; an empty body reads as `{}` and broken JSON is a 400. Typed as what the
 * caller expects because the procedure it is handed to validates it with its zod input schema.
 */
export async function readJson<T>(c: Context): Promise<T> {
  const text = await c.req.text()
  if (!text.trim()) return {} as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new HTTPException(400, { message: 'The request body is not valid JSON.' })
  }
}
