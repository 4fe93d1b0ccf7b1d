import superjson from 'superjson'
import type { TestApp } from './test-app.ts'

type Sent = Parameters<typeof superjson.deserialize>[0]

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { result?: { data: Sent }; error?: Sent }
  if (!body.result) {
    const error = body.error ? superjson.deserialize<{ message: string }>(body.error) : undefined
    throw new Error(error?.message ?? `tRPC answered ${response.status}`)
  }
  return superjson.deserialize<T>(body.result.data)
}

/** Calls a tRPC mutation as the client does; a refusal throws with the server's message. */
export async function trpcMutation<T>(t: TestApp, cookie: string, path: string, input: unknown) {
  return answerOf<T>(
    await t.request(`/api/trpc/${path}`, { body: superjson.serialize(input), cookie }),
  )
}

/** Calls a tRPC query without input, as the client does. */
export async function trpcQuery<T>(t: TestApp, cookie: string, path: string) {
  return answerOf<T>(await t.request(`/api/trpc/${path}`, { cookie }))
}
