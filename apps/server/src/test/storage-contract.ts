import type { ObjectStorage } from '@fiveconnect/api/server'
import { describe, expect, it } from 'vitest'

export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** What every storage driver must do the same way; run against each real driver. */
export function describeStorageContract(name: string, getStorage: () => ObjectStorage) {
  describe(`${name} storage`, () => {
    const bytes = Buffer.from('0123456789abcdef')
    const key = (label: string) => `stored/${label}-${crypto.randomUUID()}`

    it('writes an object and reads it back whole and by range', async () => {
      const storage = getStorage()
      const k = key('read')
      await storage.write(k, bytes, 'application/octet-stream')
      expect(await storage.stat(k)).toMatchObject({ size: 16 })
      expect((await readAll(await storage.read(k))).toString()).toBe('0123456789abcdef')
      expect((await readAll(await storage.read(k, { start: 3, end: 6 }))).toString()).toBe('3456')
    })

    it('reports a missing object as undefined', async () => {
      expect(await getStorage().stat(key('missing'))).toBeUndefined()
    })

    it('moves an object to another key', async () => {
      const storage = getStorage()
      const from = key('from')
      const to = key('to')
      await storage.write(from, bytes, 'application/octet-stream')
      await storage.move(from, to)
      expect(await storage.stat(from)).toBeUndefined()
      expect((await readAll(await storage.read(to))).equals(bytes)).toBe(true)
    })

    it('deletes an object, and deleting a missing one is no error', async () => {
      const storage = getStorage()
      const k = key('delete')
      await storage.write(k, bytes, 'application/octet-stream')
      await storage.delete(k)
      expect(await storage.stat(k)).toBeUndefined()
      await expect(storage.delete(k)).resolves.toBeUndefined()
    })

    it('hands out upload URLs that carry their own expiry', async () => {
      const url = new URL(await getStorage().createUploadUrl('incoming/some-id'))
      expect(url.pathname).toMatch(/incoming\/some-id$/)
      expect(url.search).toMatch(/expires/i)
    })
  })
}
