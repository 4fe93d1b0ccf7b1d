// Bundles the server and the workspace packages it imports (they ship TypeScript source) into
// dist/server, keeping npm dependencies external. Beside it: dist/drizzle (migrations, found by
// packages/db relative to its own code) and dist/public (the built client).
import { cp, rm } from 'node:fs/promises'
import { build } from 'esbuild'

await rm('dist', { recursive: true, force: true })
await build({
  entryPoints: [
    { in: 'src/index.ts', out: 'index' },
    { in: 'src/cli/create-admin.ts', out: 'create-admin' },
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
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
await cp('../client/dist', 'dist/public', { recursive: true }).catch(() => {
  console.warn('No client build found (apps/client/dist): the server will serve the API only.')
})
