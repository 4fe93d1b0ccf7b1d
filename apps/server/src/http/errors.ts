import { firstIssueMessage } from '@fiveconnect/api'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z, ZodError } from 'zod'

export type ErrorBody = { message: string; issues?: ReturnType<typeof z.flattenError> }

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.'

/** The one mapping from a thrown error to the REST answer: status and a body a person can read. */
export function toErrorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
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
