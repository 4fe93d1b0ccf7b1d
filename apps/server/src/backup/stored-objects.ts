import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import type { Env } from '../env.ts'
import type { ServerStorage } from '../files/storage/index.ts'

export type StoredBytes = { bytes: Uint8Array; contentType?: string }

/** Every object in the storage, read whole: what the storage interface itself cannot do. */
export type ObjectInventory = {
  keys: () => Promise<string[]>
  read: (key: string) => Promise<StoredBytes>
}

/** The inventory of the storage the environment configures (see files/storage). */
export function objectInventory(
  env: Pick<Env, 'DATA_DIR' | 'S3_BUCKET'>,
  storage: ServerStorage,
): ObjectInventory {
  if (storage.driver === 's3') {
    const Bucket = env.S3_BUCKET
    return {
      async keys() {
        const keys: string[] = []
        let ContinuationToken: string | undefined
        do {
          const page = await storage.client.send(
            new ListObjectsV2Command({ Bucket, ContinuationToken }),
          )
          for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (ContinuationToken)
        return keys.sort()
      },
      async read(key) {
        const object = await storage.client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) throw new Error(`S3 returned no body for ${key}`)
        return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType }
      },
    }
  }

  // The same folder createStorage gives the local storage.
  const root = join(env.DATA_DIR, 'objects')
  return {
    async keys() {
      let entries
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      return (
        entries
          // A .partial file is a write still under way (see local-storage.ts), not an object.
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
          .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
          .sort()
      )
    },
    async read(key) {
      return { bytes: await readFile(join(root, key)) }
    },
  }
}
