import {
  DATABASE_UNAVAILABLE_MESSAGE,
  firstIssueMessage,
  INTERNAL_ERROR_MESSAGE,
  RateLimitedError,
  UNSTORABLE_TEXT_MESSAGE,
} from '@fiveconnect/api/server'
import { isDatabaseUnavailable, isUnstorableText } from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z, ZodError } from 'zod'

export type ErrorBody = { message: string; issues?: ReturnType<typeof z.flattenError> }

export type ErrorResponse = {
  status: ContentfulStatusCode
  body: ErrorBody
  headers?: Record<string, string>
}

/** The one mapping from a thrown error to the REST answer: status and a body a person can read. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof RateLimitedError) {
    return {
      status: 429,
      body: { message: error.message },
      headers: retryAfterHeader(error),
    }
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: DATABASE_UNAVAILABLE_MESSAGE },
      headers: { 'Retry-After': '5' },
    }
  }
  if (isUnstorableText(error)) return { status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE } }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode
    if (status >= 500) return { status, body: { message: INTERNAL_ERROR_MESSAGE } }
    if (error.cause instanceof ZodError) {
      return {
        status,
        body: { message: firstIssueMessage(error.cause), issues: z.flattenError(error.cause) },
      }
    }
    return { status, body: { message: error.message } }
  }
  if (error instanceof HTTPException) {
    return { status: error.status, body: { message: error.message } }
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE } }
}

export function retryAfterHeader(error: RateLimitedError): Record<string, string> {
  return { 'Retry-After': String(error.retryAfterSeconds) }
}
