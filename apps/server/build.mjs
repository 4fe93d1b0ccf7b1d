// Bundles the server and the workspace packages it imports (they ship TypeScript source) into
// dist/server, keeping npm dependencies external. Beside it: dist/drizzle (migrations, found by
// packages/db relative to its own code), dist/public (the built client) and dist/openapi.json.
import { execFileSync } from 'node:child_process'
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'

await rm('dist', { recursive: true, force: true })
await build({
  entryPoints: [
    { in: 'src/index.ts', out: 'index' },
    { in: 'src/cli/create-admin.ts', out: 'create-admin' },
    { in: 'src/cli/backup.ts', out: 'backup' },
    { in: 'src/cli/restore.ts', out: 'restore' },
    { in: 'src/openapi/write-document.ts', out: 'write-openapi' },
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@fiveconnect/') ? undefined : { external: true },
        )
      },
    },
  ],
})
await cp('../../packages/db/drizzle', 'dist/drizzle', { recursive: true })
// The OpenAPI document as a file beside the server, for API clients' generators; the server answers
// the same document at GET /api/openapi.json.
execFileSync(process.execPath, ['dist/server/write-openapi.js', 'dist/openapi.json'])
const clientBuilt = await cp('../client/dist', 'dist/public', { recursive: true }).then(
  () => true,
  () => false,
)
if (clientBuilt) await precompress('dist/public')
else console.warn('No client build found (apps/client/dist): the server will serve the API only.')

// Writes .br and .gz beside every text file of the client, at the highest levels: compressed once
// here, served by the static handler to browsers that accept them.
async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter(
    (entry) => entry.isFile() && /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(entry.name),
  )
  for (const entry of files) {
    const path = join(entry.parentPath, entry.name)
    const content = await readFile(path)
    await writeFile(
      `${path}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }))
  }
}
