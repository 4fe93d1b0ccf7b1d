import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { ZodError, z } from 'zod'
import { isDatabaseUnavailable, isUnstorableText } from '@fiveconnect/db'
import type { Context } from './context.ts'

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.'

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null
    const message = zodError
      ? firstIssueMessage(zodError)
      : error.code === 'INTERNAL_SERVER_ERROR'
        ? INTERNAL_ERROR_MESSAGE
        : shape.message
    return {
      ...shape,
      message,
      data: { ...shape.data, issues: zodError ? z.flattenError(zodError) : null },
    }
  },
})

/** The message a person reads when their input is refused: the first problem, in plain words. */
export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input'
}

export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const DATABASE_UNAVAILABLE_MESSAGE =
  'FiveConnect is briefly unavailable. Please try again in a moment.'
export const UNSTORABLE_TEXT_MESSAGE =
  'The text contains a character that cannot be stored. Please remove it and try again.'

/**
 * A database outage is the service being unavailable (503), not a bug in the request (500). Text
 * the database cannot store is the request's fault (400): the schemas refuse it first, this
 * catches whatever reaches the database by another way.
 */
const databaseErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (result.ok) return result
  if (isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      cause: result.error.cause,
    })
  }
  if (isUnstorableText(result.error.cause)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UNSTORABLE_TEXT_MESSAGE })
  }
  return result
})

export const publicProcedure = t.procedure.use(databaseErrors)

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required.' })
  return next({ ctx })
})
