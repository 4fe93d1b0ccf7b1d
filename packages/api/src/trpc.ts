import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { ZodError, z } from 'zod'
import { isDatabaseUnavailable } from '@fiveconnect/db'
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

/** A database outage is the service being unavailable (503), not a bug in the request (500). */
const databaseOutage = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      cause: result.error.cause,
    })
  }
  return result
})

export const publicProcedure = t.procedure.use(databaseOutage)

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required.' })
  return next({ ctx })
})
