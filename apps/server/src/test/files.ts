import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { TestApp } from './test-app.ts'

/** `seconds` of silence as a WAV recording (ffmpeg), written under `dir`. */
export async function silence(dir: string, seconds: number): Promise<Buffer> {
  const wav = join(dir, `silence-${seconds}.wav`)
  await promisify(execFile)('ffmpeg', [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    wav,
  ])
  return readFile(wav)
}

/** A real 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** The path and query the test app answers for an absolute upload URL on its own origin. */
export function localPath(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

export function withoutQuery(url: string): string {
  return url.split('?')[0] ?? url
}

export async function requestUploadUrl(t: TestApp, cookie: string): Promise<string> {
  const response = await t.request('/api/objects/upload', { method: 'POST', cookie })
  if (response.status !== 200) throw new Error(`Upload URL refused: ${await response.text()}`)
  return ((await response.json()) as { uploadURL: string }).uploadURL
}

/** PUTs bytes to an upload URL: the test app's own for local storage, the network for S3. */
export async function putToUploadUrl(
  t: TestApp,
  uploadURL: string,
  bytes: Uint8Array,
  contentType = 'image/png',
) {
  const init = { method: 'PUT', body: bytes, headers: { 'content-type': contentType } }
  return uploadURL.startsWith('http://localhost:3000/')
    ? t.app.request(uploadURL, init)
    : fetch(uploadURL, init)
}

/** Uploads bytes and confirms them through `confirmPath`; returns the confirmation response. */
export async function uploadAndConfirm(
  t: TestApp,
  cookie: string,
  options: { bytes?: Uint8Array; confirmPath?: string; field?: string } = {},
) {
  const uploadURL = await requestUploadUrl(t, cookie)
  const put = await putToUploadUrl(t, uploadURL, options.bytes ?? PNG_BYTES)
  if (put.status !== 200) throw new Error(`Upload PUT refused: ${put.status}`)
  return t.request(options.confirmPath ?? '/api/connection-photos', {
    method: 'PUT',
    cookie,
    body: { [options.field ?? 'photoURL']: withoutQuery(uploadURL) },
  })
}

export async function objectPathFrom(response: Response): Promise<string> {
  if (response.status !== 200) throw new Error(`Confirmation refused: ${await response.text()}`)
  return ((await response.json()) as { objectPath: string }).objectPath
}
