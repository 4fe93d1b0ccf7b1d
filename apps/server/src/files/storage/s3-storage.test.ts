import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server } from '../../test/s3-server.ts'
import { describeStorageContract, readAll } from '../../test/storage-contract.ts'
import type { S3ObjectStorage } from './s3-storage.ts'

let s3: Awaited<ReturnType<typeof startS3Server>>
let storage: S3ObjectStorage
beforeAll(async () => {
  s3 = await startS3Server()
  storage = s3.storage()
})
afterAll(() => s3.stop())

describeStorageContract('S3', () => storage)

describe('S3 storage against a loopback S3 server', () => {
  it('accepts a PUT of the raw bytes to a presigned upload URL', async () => {
    const url = await storage.createUploadUrl('incoming/presigned')
    expect(url.startsWith(`${s3.endpoint}/`)).toBe(true)
    const response = await fetch(url, {
      method: 'PUT',
      body: Buffer.from('uploaded bytes'),
      headers: { 'content-type': 'image/png' },
    })
    expect(response.status).toBe(200)
    expect((await readAll(await storage.read('incoming/presigned'))).toString()).toBe(
      'uploaded bytes',
    )
  })

  it('refuses a presigned URL after it expires', async () => {
    const url = await s3.storage(1).createUploadUrl('incoming/expired')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const response = await fetch(url, { method: 'PUT', body: Buffer.from('late') })
    expect(response.status).toBe(403)
    expect(await response.text()).toMatch(/Request has expired/)
    expect(await storage.stat('incoming/expired')).toBeUndefined()
  })
})
