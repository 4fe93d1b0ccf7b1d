import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeStorageContract } from '../../test/storage-contract.ts'
import { createLocalStorage, loadSigningSecret, type LocalObjectStorage } from './local-storage.ts'

let dir: string
let clock = Date.parse('2026-01-01T00:00:00Z')
let storage: LocalObjectStorage
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fiveconnect-local-storage-'))
  storage = createLocalStorage({
    root: join(dir, 'objects'),
    publicUrl: 'http://app.test',
    secret: 'a-secret-for-local-storage-tests-only',
    ttlSeconds: 600,
    now: () => clock,
  })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describeStorageContract('local', () => storage)

describe('local storage', () => {
  it('keeps objects as files under its folder, leaving no partial files behind', async () => {
    await storage.write('stored/on-disk', Buffer.from('hello'), 'text/plain')
    expect(await readdir(join(dir, 'objects', 'stored'))).toContain('on-disk')
    expect(
      (await readdir(join(dir, 'objects', 'stored'))).some((f) => f.endsWith('.partial')),
    ).toBe(false)
  })

  it('refuses keys that would leave its folder', async () => {
    await expect(storage.stat('../outside')).rejects.toThrow(/Invalid object key/)
    await expect(storage.write('stored/../../x', Buffer.from('x'), 'text/plain')).rejects.toThrow()
  })

  it('signs upload URLs for one key until they expire', async () => {
    const url = new URL(await storage.createUploadUrl('incoming/abc'))
    expect(url.origin + url.pathname).toBe('http://app.test/api/objects/local-upload/incoming/abc')
    const query = Object.fromEntries(url.searchParams)
    expect(storage.checkUploadUrl('incoming/abc', query)).toBe('valid')
    expect(storage.checkUploadUrl('incoming/other', query)).toBe('invalid')
    expect(
      storage.checkUploadUrl('incoming/abc', {
        ...query,
        expires: String(Number(query.expires) + 60),
      }),
    ).toBe('invalid')
    expect(storage.checkUploadUrl('incoming/abc', { expires: query.expires })).toBe('invalid')
    clock += 601_000
    expect(storage.checkUploadUrl('incoming/abc', query)).toBe('expired')
  })

  it('generates a signing secret once and keeps it in the data folder', async () => {
    const first = await loadSigningSecret(join(dir, 'data'))
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(await loadSigningSecret(join(dir, 'data'))).toBe(first)
    expect(await loadSigningSecret(join(dir, 'data'), 'configured-secret')).toBe(
      'configured-secret',
    )
  })
})
