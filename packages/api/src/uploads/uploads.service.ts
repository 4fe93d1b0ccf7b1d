import {
  confirmPendingUpload,
  countObjectsAddedSince,
  createPendingUpload,
  createStoredObject,
  deleteStoredObject,
  findOwnedObjectIds,
  findStoredObject,
  findUnreferencedObjects,
  type ConfirmedObjectKind,
  type Database,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { MAX_IMAGE_BYTES, SNIFF_BYTES, sniffImageType } from './file-types.ts'
import { incomingKey, objectIdFromUrl, objectPath, storedKey } from './object-keys.ts'
import type { ObjectStorage } from './object-storage.ts'
import { RateLimitedError } from '../rate-limit.ts'

export type FilesContext = { db: Database; storage: ObjectStorage }

export const UPLOAD_NOT_FOUND_MESSAGE = 'This upload was not found. Please upload the file again.'
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is larger than 5 MB. Please choose a smaller one.'
export const NOT_AN_IMAGE_MESSAGE =
  'The file is not an image. Please choose a JPEG, PNG, WebP, GIF or HEIC.'

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message })

/** How many files, and how many bytes, one user may add in any 24 hours. */
export type UploadQuota = { filesPerDay: number; bytesPerDay: number }

const DAY_MS = 24 * 60 * 60 * 1000
const MB = 1024 * 1024

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { filesPerDay: 200, bytesPerDay: 500 * MB }

/** A 429 whose message says which daily limit was reached and when the next upload is possible. */
export class UploadQuotaExceededError extends RateLimitedError {
  constructor(retryAfterSeconds: number, limit: string) {
    super(retryAfterSeconds)
    const hours = Math.ceil(retryAfterSeconds / 3600)
    this.message = `You have reached the limit of ${limit} a day. Please try again in ${hours <= 1 ? 'an hour' : `${hours} hours`}.`
  }
}

type QuotaContext = FilesContext & { uploadQuota: UploadQuota }

/**
 * Refuses a new file of `incomingBytes` once the owner has added `filesPerDay` files, or would pass
 * `bytesPerDay` bytes, in the last 24 hours. An upload not yet confirmed counts at the largest image
 * size allowed, since its bytes are not known yet; a refused or deleted file no longer counts.
 */
async function assertWithinQuota(ctx: QuotaContext, ownerId: string, incomingBytes: number) {
  const quota = ctx.uploadQuota
  const now = Date.now()
  const added = await countObjectsAddedSince(ctx.db, {
    ownerId,
    since: new Date(now - DAY_MS),
    pendingBytes: MAX_IMAGE_BYTES,
  })
  const limit =
    added.files >= quota.filesPerDay
      ? `${quota.filesPerDay} files`
      : added.bytes + incomingBytes > quota.bytesPerDay
        ? `${Math.floor(quota.bytesPerDay / MB)} MB`
        : undefined
  if (!limit) return
  // The oldest file of the window leaves it first and gives its room back.
  const freedAt = (added.oldestAt?.getTime() ?? now) + DAY_MS
  throw new UploadQuotaExceededError(Math.max(1, Math.ceil((freedAt - now) / 1000)), limit)
}

/** Reserves an object id for the owner and returns the signed URL the bytes go to. */
export async function createUpload(ctx: QuotaContext, ownerId: string) {
  await assertWithinQuota(ctx, ownerId, MAX_IMAGE_BYTES)
  const { id } = await createPendingUpload(ctx.db, { ownerId })
  return { uploadURL: await ctx.storage.createUploadUrl(incomingKey(id)) }
}

/**
 * Checks an upload on the server (it arrived, at most 5 MB, an image by its magic bytes) and keeps
 * it as the owner's object of this kind. A refused upload is deleted.
 */
export async function confirmImageUpload(
  ctx: FilesContext,
  params: { ownerId: string; url: string; kind: ConfirmedObjectKind },
): Promise<{ id: string; objectPath: string }> {
  const id = objectIdFromUrl(params.url)
  const object = id ? await findStoredObject(ctx.db, id) : undefined
  if (!id || !object || object.ownerId !== params.ownerId)
    throw badRequest(UPLOAD_NOT_FOUND_MESSAGE)
  // Confirming the same upload twice (a retried request) answers the same.
  if (object.kind === params.kind) return { id, objectPath: objectPath(id) }
  if (object.kind !== 'upload') throw badRequest(UPLOAD_NOT_FOUND_MESSAGE)

  const key = incomingKey(id)
  const stat = await ctx.storage.stat(key)
  if (!stat) throw badRequest(UPLOAD_NOT_FOUND_MESSAGE)
  const discard = async (message: string) => {
    await ctx.storage.delete(key)
    await deleteStoredObject(ctx.db, id)
    return badRequest(message)
  }
  if (stat.size > MAX_IMAGE_BYTES) throw await discard(IMAGE_TOO_LARGE_MESSAGE)
  const contentType = sniffImageType(await readPrefix(ctx.storage, key, SNIFF_BYTES))
  if (!contentType) throw await discard(NOT_AN_IMAGE_MESSAGE)

  await ctx.storage.move(key, storedKey(id))
  const confirmed = await confirmPendingUpload(ctx.db, {
    id,
    ownerId: params.ownerId,
    kind: params.kind,
    contentType,
    size: stat.size,
  })
  if (!confirmed) throw badRequest(UPLOAD_NOT_FOUND_MESSAGE)
  return { id, objectPath: objectPath(id) }
}

/**
 * Stores bytes the server received itself (a voice note) as the owner's object, within the daily
 * quota counted at their real size.
 */
export async function storeObject(
  ctx: QuotaContext,
  params: { ownerId: string; kind: ConfirmedObjectKind; bytes: Uint8Array; contentType: string },
): Promise<{ id: string; objectPath: string }> {
  const { bytes, ...record } = params
  await assertWithinQuota(ctx, params.ownerId, bytes.byteLength)
  const object = await createStoredObject(ctx.db, { ...record, size: bytes.byteLength })
  try {
    await ctx.storage.write(storedKey(object.id), bytes, params.contentType)
  } catch (error) {
    await deleteStoredObject(ctx.db, object.id)
    throw error
  }
  return { id: object.id, objectPath: objectPath(object.id) }
}

/** Refuses (400) unless every URL names a confirmed object of this owner. */
export async function assertObjectsOwned(
  ctx: FilesContext,
  params: { ownerId: string; urls: readonly string[] },
): Promise<void> {
  const ids = params.urls.map((url) => objectIdFromUrl(url))
  if (ids.length === 0) return
  const known = ids.filter((id) => id !== undefined)
  const owned = new Set(await findOwnedObjectIds(ctx.db, { ownerId: params.ownerId, ids: known }))
  if (!ids.every((id) => id !== undefined && owned.has(id))) {
    throw badRequest(UPLOAD_NOT_FOUND_MESSAGE)
  }
}

/**
 * Deletes the owner's objects among `urls` that nothing references any more. Call it after the
 * change that dropped the references is saved (a deleted connection, a replaced photo); URLs still
 * in use, other users' objects and URLs that are not stored objects are left alone.
 */
export async function releaseObjects(
  ctx: FilesContext,
  params: { ownerId: string; urls: ReadonlyArray<string | null | undefined> },
): Promise<string[]> {
  const ids = new Set<string>()
  for (const url of params.urls) {
    const id = url ? objectIdFromUrl(url) : undefined
    if (id) ids.add(id)
  }
  const unreferenced = await findUnreferencedObjects(ctx.db, {
    ownerId: params.ownerId,
    ids: [...ids],
  })
  for (const object of unreferenced) {
    await ctx.storage.delete(storedKey(object.id))
    await deleteStoredObject(ctx.db, object.id)
  }
  return unreferenced.map((object) => object.id)
}

async function readPrefix(storage: ObjectStorage, key: string, length: number) {
  const stream = await storage.read(key, { start: 0, end: length - 1 })
  const bytes = new Uint8Array(length)
  let filled = 0
  for await (const chunk of stream) {
    const take = Math.min(chunk.byteLength, length - filled)
    bytes.set(chunk.subarray(0, take), filled)
    filled += take
    if (filled === length) break
  }
  return bytes.subarray(0, filled)
}
