import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * The request's JSON object; an empty body reads as `{}`, and broken JSON or a body that is not an
 * object is a 400. Typed as what the caller expects because the procedure it is handed to validates
 * it with its zod input schema.
 */
export async function readJson<T>(c: Context): Promise<T> {
  const text = await c.req.text()
  if (!text.trim()) return {} as T
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new HTTPException(400, { message: 'The request body is not valid JSON.' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: 'The request body must be a JSON object.' })
  }
  return body as T
}

/** The JSON body with the path's `id` added, for PUT /things/{id}: the procedure validates both. */
export async function readJsonWithId<T>(c: Context): Promise<T> {
  const body = await readJson<object>(c)
  return { ...body, id: c.req.param('id') } as T
}

/**
 * The JSON body of a create call, taking its idempotency key from the body or from the
 * Idempotency-Key header; two different keys are a 400. The procedure validates the key.
 */
export async function readJsonWithIdempotencyKey<T>(c: Context): Promise<T> {
  const body = await readJson<{ idempotencyKey?: unknown }>(c)
  const headerKey = c.req.header('Idempotency-Key')
  if (headerKey === undefined) return body as T
  if (body.idempotencyKey !== undefined && body.idempotencyKey !== headerKey) {
    throw new HTTPException(400, {
      message: 'The Idempotency-Key header and the body’s idempotencyKey differ.',
    })
  }
  return { ...body, idempotencyKey: headerKey } as T
}
