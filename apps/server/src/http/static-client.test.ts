import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE_NAME } from '../auth/lucia.ts'
import type { AppEnv } from './app-env.ts'
import { serveClient } from './static-client.ts'

const script = 'console.log("FiveConnect");'.repeat(200)
let clientDir: string
let app: Hono<AppEnv>

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'fiveconnect-static-'))
  await mkdir(join(clientDir, 'assets'))
  await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>FiveConnect</title>')
  await writeFile(join(clientDir, 'assets/index-abc.js'), script)
  await writeFile(join(clientDir, 'assets/index-abc.js.br'), brotliCompressSync(script))
  await writeFile(join(clientDir, 'assets/index-abc.js.gz'), gzipSync(script))
  await writeFile(join(clientDir, 'landing.html'), '<h1>Prerendered landing</h1>')
  await writeFile(
    join(clientDir, 'landing.html.br'),
    brotliCompressSync('<h1>Prerendered landing</h1>'),
  )
  await writeFile(join(clientDir, 'terms.html'), '<h1>Prerendered terms</h1>')
  app = new Hono<AppEnv>()
  serveClient(app, clientDir)
})
afterAll(() => rm(clientDir, { recursive: true, force: true }))

describe('serveClient', () => {
  it('sends the brotli file to browsers that accept it, cached for a year', async () => {
    const response = await app.request('/assets/index-abc.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
    expect(response.headers.get('content-type')).toContain('javascript')
    expect(response.headers.get('cache-control')).toContain('immutable')
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(body).toString()).toBe(script)
  })

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await app.request('/assets/index-abc.js', {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    const plain = await app.request('/assets/index-abc.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it('answers a missing asset with 404, not with index.html', async () => {
    const response = await app.request('/assets/index-old.js')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBeNull()
  })

  it('answers other paths with index.html, not cached', async () => {
    const response = await app.request('/connections')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toContain('<title>FiveConnect</title>')
  })

  it('gives a visitor without a session the prerendered pages, compressed', async () => {
    const landing = await app.request('/', { headers: { 'accept-encoding': 'br' } })
    expect(landing.status).toBe(200)
    expect(landing.headers.get('content-encoding')).toBe('br')
    expect(landing.headers.get('content-type')).toContain('text/html')
    expect(landing.headers.get('cache-control')).toBe('no-cache')
    expect(landing.headers.get('vary')).toContain('Cookie')
    const body = Buffer.from(await landing.arrayBuffer())
    expect(brotliDecompressSync(body).toString()).toBe('<h1>Prerendered landing</h1>')
    expect(await (await app.request('/terms')).text()).toBe('<h1>Prerendered terms</h1>')
  })

  it('gives a visitor with a session cookie the app, and prerenders only what was built', async () => {
    const cookie = `${SESSION_COOKIE_NAME}=abc`
    const signedIn = await app.request('/', { headers: { cookie } })
    expect(signedIn.headers.get('vary')).toContain('Cookie')
    expect(await signedIn.text()).toContain('<title>FiveConnect</title>')
    expect(await (await app.request('/terms', { headers: { cookie } })).text()).toContain(
      '<title>FiveConnect</title>',
    )
    // No privacy.html in this build: the app shows the page.
    expect(await (await app.request('/privacy')).text()).toContain('<title>FiveConnect</title>')
  })
})
