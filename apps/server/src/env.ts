import { resolve } from 'node:path'
import { z } from 'zod'

const optional = z
  .string()
  .optional()
  .transform((value) => value || undefined)

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optional.pipe(
      z.url().startsWith('postgres', 'must be a postgres:// URL').optional(),
    ),
    SMTP_URL: optional.pipe(z.url().optional()),
    MAIL_FROM: z.string().min(3).default('FiveConnect <no-reply@fiveconnect.local>'),
    ADMIN_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_PASSWORD: optional.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: resolve(env.DATA_DIR),
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }))

export type Env = z.output<typeof envSchema>

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Validates the environment once; a bad value names its variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`)
  }
  return Object.freeze(result.data)
}

/** The process environment, validated: the only place the server reads it. */
export function loadEnv(): Env {
  return parseEnv(process.env)
}
