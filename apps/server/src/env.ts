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
    // The contact address the Help & Support page gives.
    SUPPORT_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_PASSWORD: optional.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // JSON lines for log collectors, readable lines (pino-pretty) for a person; `auto` picks
    // readable lines when stdout is a terminal.
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    // Opens GET /metrics to `Authorization: Bearer <token>`; unset, /metrics answers 404.
    METRICS_TOKEN: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    // Behind a load balancer: how long a stopping server fails its health check, still serving,
    // before it closes; at least the balancer's check interval times its fall count.
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),

    // Object storage: local files under DATA_DIR/objects unless S3 is chosen (or S3_BUCKET is set).
    STORAGE_DRIVER: optional.pipe(z.enum(['local', 's3']).optional()),
    UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(900),
    // What one user may upload in any 24 hours.
    UPLOAD_QUOTA_FILES_PER_DAY: z.coerce.number().int().min(1).default(200),
    UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().int().min(5).default(500),
    UPLOAD_SIGNING_SECRET: optional.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    S3_BUCKET: optional,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: optional.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: optional.pipe(z.stringbool().default(false)),

    // Transcription: AssemblyAI with a key, else the offline engine when installed.
    TRANSCRIPTION_ENGINE: z.enum(['auto', 'assemblyai', 'offline', 'none']).default('auto'),
    ASSEMBLYAI_API_KEY: optional,
    ASSEMBLYAI_BASE_URL: optional.pipe(z.url().optional()),
    TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => env.STORAGE_DRIVER !== 's3' || Boolean(env.S3_BUCKET), {
    message: 'S3_BUCKET is required when STORAGE_DRIVER is s3',
    path: ['S3_BUCKET'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => env.TRANSCRIPTION_ENGINE !== 'assemblyai' || Boolean(env.ASSEMBLYAI_API_KEY), {
    message: 'ASSEMBLYAI_API_KEY is required when TRANSCRIPTION_ENGINE is assemblyai',
    path: ['ASSEMBLYAI_API_KEY'],
  })
  .transform((env) => ({
    ...env,
    STORAGE_DRIVER: env.STORAGE_DRIVER ?? (env.S3_BUCKET ? ('s3' as const) : ('local' as const)),
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

/**
 * The folder the operator ran `pnpm …` in: pnpm runs a package's scripts in the package's folder,
 * and says where it was started in INIT_CWD.
 */
export function invocationFolder(): string {
  return process.env.INIT_CWD ?? process.cwd()
}
