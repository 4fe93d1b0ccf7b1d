export type { Auth, Context, Mailer, MailMessage } from './context.ts'
export { appRouter, createCaller, type AppRouter } from './root.ts'
export { firstIssueMessage } from './trpc.ts'
