import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { ObjectStorage } from '@fiveconnect/api/server'

export type S3ObjectStorage = ObjectStorage & { driver: 's3'; client: S3Client }

export type S3StorageOptions = {
  bucket: string
  region: string
  /** Any S3-compatible service; AWS when left out. */
  endpoint?: string
  /** Uses the SDK's default credential chain when left out. */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  forcePathStyle: boolean
  ttlSeconds: number
}

/** Objects in an S3 bucket; clients upload with presigned PUT URLs. */
export function createS3Storage(options: S3StorageOptions): S3ObjectStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 demands them: presigned URLs stay plain and S3-compatible
    // stores that do not know the newer checksum headers keep working.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = options.bucket

  return {
    driver: 's3',
    client,

    createUploadUrl(key) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), {
        expiresIn: options.ttlSeconds,
      })
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },

    async read(key, range) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range && `bytes=${range.start}-${range.end}`,
        }),
      )
      if (!object.Body) throw new Error(`S3 returned no body for ${key}`)
      return object.Body.transformToWebStream() as ReadableStream<Uint8Array>
    },

    async write(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      )
    },

    async move(from, to) {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${encodeURI(from)}` }),
      )
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }))
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  )
}
