// The API itself: the router, its caller and the context it runs in. Services for the server's
// own routes are in ./server.ts, zod schemas for the client in ./schemas.ts.
export type { Auth, Context, FileStore, Mailer, MailMessage, Transcripts } from './context.ts'
export { appRouter, createCaller, type AppRouter } from './root.ts'
