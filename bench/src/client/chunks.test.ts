import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { gzipBytesOf, initialScripts, measureChunks } from './chunks.ts'

const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
</head><body><div id="root"></div></body></html>`

describe('initialScripts', () => {
  it('lists the entry module and its modulepreloads, not stylesheets', () => {
    expect(initialScripts(html)).toEqual(['assets/index-abc.js', 'assets/vendor-def.js'])
  })
})

describe('measureChunks', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true }))))

  it('gzips every js and css file of the build and sums the ones asked for', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'chunks-'))
    dirs.push(dist)
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'assets/index-abc.js'), 'console.log("a");'.repeat(1000))
    await writeFile(join(dist, 'assets/index-123.css'), 'body{margin:0}')
    await writeFile(join(dist, 'index.html'), html)
    const chunks = await measureChunks(dist)
    expect(chunks.map((chunk) => chunk.file)).toEqual([
      'assets/index-abc.js',
      'assets/index-123.css',
    ])
    const [js] = chunks
    expect(js?.bytes).toBe(17_000)
    expect(js?.gzipBytes).toBeLessThan(200)
    expect(gzipBytesOf(chunks, ['assets/index-abc.js'])).toBe(js?.gzipBytes)
    expect(() => gzipBytesOf(chunks, ['assets/missing.js'])).toThrow(/not in the client build/)
  })
})
