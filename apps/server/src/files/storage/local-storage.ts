import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import type { ObjectStorage } from '@fiveconnect/api/server'

/** Where a local upload URL points; the app serves PUT requests there (see local-upload-route.ts). */
export const LOCAL_UPLOAD_PREFIX = '/api/objects/local-upload/'

export type UploadUrlCheck = 'valid' | 'expired' | 'invalid'

export type LocalObjectStorage = ObjectStorage & {
  driver: 'local'
  /** Checks the signature and expiry of an upload URL this storage handed out. */
  checkUploadUrl: (key: string, query: { expires?: string; signature?: string }) => UploadUrlCheck
}

export type LocalStorageOptions = {
  /** Folder the objects live in. */
  root: string
  /** Public origin of the app: upload URLs are absolute, like S3's. */
  publicUrl: string
  /** HMAC key for upload URLs. */
  secret: string
  ttlSeconds: number
  now?: () => number
}

/** Objects as files under one folder, with upload URLs the server signs itself. */
export function createLocalStorage(options: LocalStorageOptions): LocalObjectStorage {
  const root = resolve(options.root)
  const now = options.now ?? Date.now
  const sign = (key: string, expires: string) =>
    createHmac('sha256', options.secret).update(`PUT\n${key}\n${expires}`).digest('base64url')

  // Keys come from the server, but a path must never leave the root whatever it is handed.
  const pathOf = (key: string) => {
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new Error(`Invalid object key: ${key}`)
    return path
  }

  return {
    driver: 'local',

    createUploadUrl(key) {
      const expires = String(Math.floor(now() / 1000) + options.ttlSeconds)
      const query = new URLSearchParams({ expires, signature: sign(key, expires) })
      return Promise.resolve(`${options.publicUrl}${LOCAL_UPLOAD_PREFIX}${key}?${query.toString()}`)
    },

    checkUploadUrl(key, { expires, signature }) {
      if (!expires || !signature || !/^\d+$/.test(expires)) return 'invalid'
      const expected = Buffer.from(sign(key, expires))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
      return Number(expires) * 1000 < now() ? 'expired' : 'valid'
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key))
        return info.isFile() ? { size: info.size, lastModified: info.mtime } : undefined
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },

    read(key, range) {
      const stream = createReadStream(pathOf(key), range && { start: range.start, end: range.end })
      return Promise.resolve(Readable.toWeb(stream) as ReadableStream<Uint8Array>)
    },

    async write(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`
      await writeFile(partial, bytes)
      await rename(partial, path)
    },

    async move(from, to) {
      const target = pathOf(to)
      await mkdir(dirname(target), { recursive: true })
      await rename(pathOf(from), target)
    },

    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

/** The configured secret, or one generated on first use and kept in the data folder. */
export async function loadSigningSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured
  const file = join(dataDir, 'upload-signing.key')
  await mkdir(dataDir, { recursive: true })
  try {
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return (await readFile(file, 'utf8')).trim()
}
