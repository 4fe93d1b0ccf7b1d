import { authRouter } from './auth/auth.router.ts'
import { createCallerFactory, router } from './trpc.ts'

export const appRouter = router({
  auth: authRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
