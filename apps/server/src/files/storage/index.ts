import { join } from 'node:path'
import type { Env } from '../../env.ts'
import { createLocalStorage, loadSigningSecret, type LocalObjectStorage } from './local-storage.ts'
import type { S3ObjectStorage } from './s3-storage.ts'

export type ServerStorage = LocalObjectStorage | S3ObjectStorage

/** The one place the storage driver is chosen from the environment. */
export async function createStorage(env: Env): Promise<ServerStorage> {
  if (env.STORAGE_DRIVER === 's3' && env.S3_BUCKET) {
    // Loaded only when chosen: the AWS SDK is a large import for a server that keeps files locally.
    const { createS3Storage } = await import('./s3-storage.ts')
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      ttlSeconds: env.UPLOAD_URL_TTL_SECONDS,
    })
  }
  return createLocalStorage({
    root: join(env.DATA_DIR, 'objects'),
    publicUrl: env.APP_URL,
    secret: await loadSigningSecret(env.DATA_DIR, env.UPLOAD_SIGNING_SECRET),
    ttlSeconds: env.UPLOAD_URL_TTL_SECONDS,
  })
}

/** Where the browser PUTs uploads when that is not this server: the S3 endpoint's origin. */
export function uploadOriginsOf(env: Env): string[] {
  if (env.STORAGE_DRIVER !== 's3' || !env.S3_BUCKET) return []
  if (env.S3_ENDPOINT) return [new URL(env.S3_ENDPOINT).origin]
  return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`]
}
