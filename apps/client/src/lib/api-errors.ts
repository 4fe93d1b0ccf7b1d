import { TRPCClientError } from '@trpc/client'

/**
 * Every failed server call is judged here, by the HTTP status it answered: tRPC calls by
 * `TRPCClientError.data.httpStatus`, the few raw-byte requests (file PUT, voice note POST) by a
 * ByteRequestError. A failure with no status never reached the server (or its answer was lost).
 */

/** A raw-byte request the server answered with an error; the message is the server's own, if any. */
export class ByteRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message)
    this.name = 'ByteRequestError'
  }
}

/** The error for a non-OK answer to a raw-byte request, from its status and body text. */
export function byteRequestError(status: number, body: string): ByteRequestError {
  let serverMessage: string | undefined
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    if (typeof parsed.message === 'string') serverMessage = parsed.message
  } catch {
    // Not JSON: a proxy's page or plain text, nothing meant for a person.
  }
  return new ByteRequestError(
    status,
    serverMessage ?? `The server answered ${status}.`,
    serverMessage,
  )
}

export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: unknown } | null | undefined
    return typeof data?.httpStatus === 'number' ? data.httpStatus : undefined
  }
  return error instanceof ByteRequestError ? error.status : undefined
}

/** The session has ended: the Unauthorized flow takes over. */
export const isUnauthorizedError = (error: unknown) => httpStatusOf(error) === 401

/**
 * The server refused the request itself (a 4xx other than signed out, timed out or too many):
 * sending it again unchanged fails again. Anything else (no network, a 5xx) may pass.
 */
export function isRefused(error: unknown): boolean {
  const status = httpStatusOf(error)
  return status !== undefined && status >= 400 && status < 500 && ![401, 408, 429].includes(status)
}

/** The server's message when the server sent one, otherwise the screen's default text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data && error.message) return error.message
  if (error instanceof ByteRequestError) return error.serverMessage ?? fallback
  return fallback
}
