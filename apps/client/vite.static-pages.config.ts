import { defineConfig } from 'vite'

/**
 * Builds, for Node, what `scripts/write-static-pages.mjs` needs to prerender the signed-out pages:
 * the renderer, and the pages' own small script (which imports nothing, so it runs in browsers as
 * built). Run after the app's build; see that script.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'node_modules/.static-pages',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        render: 'src/static-pages/render.tsx',
        'static-page-script': 'src/static-pages/static-page-script.ts',
      },
    },
  },
  // Bundle everything: the workspace packages ship TypeScript, and Mantine's CSS imports are dropped.
  ssr: { noExternal: true },
})
