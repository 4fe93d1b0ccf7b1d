import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { ZodError, z } from 'zod'
import type { Context } from './context.ts'

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null
    return {
      ...shape,
      message: zodError ? firstIssueMessage(zodError) : shape.message,
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
export const publicProcedure = t.procedure

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required.' })
  return next({ ctx })
})
