// The runtime entry the client imports: zod schemas and constants only, never server code.
export * from './auth/auth.schema.ts'
export * from './common.schema.ts'
