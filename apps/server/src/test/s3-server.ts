import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { createS3Storage } from '../files/storage/s3-storage.ts'

export const TEST_BUCKET = 'fiveconnect-test'

/**
 * A real S3-compatible server (s3rver, from the dev dependencies) on a free loopback port, with
 * one bucket. s3rver checks presigned URLs' expiry but not their SigV4 signatures.
 */
export async function startS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 'fiveconnect-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    storage: (ttlSeconds = 900) =>
      createS3Storage({
        bucket: TEST_BUCKET,
        region: 'us-east-1',
        endpoint,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
        ttlSeconds,
      }),
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
