import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('runs with no configuration at all: port 3000, ./data, the local app URL', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATA_DIR).toMatch(/\/data$/)
    expect(env.APP_URL).toBe('http://localhost:3000')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.RATE_LIMITS).toBe('on')
    expect(env.TRUST_PROXY).toBe(false)
    expect(env).toMatchObject({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' })
    expect(env.METRICS_TOKEN).toBeUndefined()
  })

  it('derives the app URL from the port and drops a trailing slash', () => {
    expect(parseEnv({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100')
    expect(parseEnv({ APP_URL: 'https://fiveconnect.example/' }).APP_URL).toBe(
      'https://fiveconnect.example',
    )
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'secret1' }, 'ADMIN_EMAIL'],
    [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [{ UPLOAD_SIGNING_SECRET: 'short' }, 'UPLOAD_SIGNING_SECRET'],
    [{ TRANSCRIPTION_ENGINE: 'assemblyai' }, 'ASSEMBLYAI_API_KEY'],
    [{ ASSEMBLYAI_BASE_URL: 'assemblyai.internal' }, 'ASSEMBLYAI_BASE_URL'],
    [{ RATE_LIMITS: 'sometimes' }, 'RATE_LIMITS'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ UPLOAD_QUOTA_FILES_PER_DAY: '0' }, 'UPLOAD_QUOTA_FILES_PER_DAY'],
    [{ UPLOAD_QUOTA_MB_PER_DAY: 'lots' }, 'UPLOAD_QUOTA_MB_PER_DAY'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'text' }, 'LOG_FORMAT'],
    [{ METRICS_TOKEN: 'x'.repeat(31) }, 'METRICS_TOKEN'],
  ])('stops on %j, naming %s', (source, variable) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(new RegExp(`^\\s*${variable}:`, 'm'))
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined()
    expect(parseEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined()
  })

  it('keeps files locally unless S3 is chosen or a bucket is named', () => {
    expect(parseEnv({}).STORAGE_DRIVER).toBe('local')
    expect(parseEnv({ S3_BUCKET: 'photos' }).STORAGE_DRIVER).toBe('s3')
    expect(parseEnv({ S3_BUCKET: 'photos', STORAGE_DRIVER: 'local' }).STORAGE_DRIVER).toBe('local')
    expect(parseEnv({ S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false)
    expect(parseEnv({ S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true)
  })

  it('allows each user 200 uploads and 500 MB a day unless configured', () => {
    expect(parseEnv({})).toMatchObject({
      UPLOAD_QUOTA_FILES_PER_DAY: 200,
      UPLOAD_QUOTA_MB_PER_DAY: 500,
    })
    expect(parseEnv({ UPLOAD_QUOTA_FILES_PER_DAY: '50' }).UPLOAD_QUOTA_FILES_PER_DAY).toBe(50)
  })
})
