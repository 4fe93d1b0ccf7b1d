import { createReadStream, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

/** Navigations that need the network: the shell cannot serve them, so offline they get offline.html. */
const ONLINE_ONLY_PAGES = /^\/(admin|forgot-password|import|reset-password)(\/|$)/

const require = createRequire(import.meta.url)
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`))
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string })
    .version
const tesseractDir = packageDir('tesseract.js')
const coreDir = dirname(
  createRequire(join(tesseractDir, 'package.json')).resolve('tesseract.js-core/package.json'),
)

/**
 * The traineddata of CARD_OCR_LANGUAGES (packages/api, capture/ocr-accents.ts), which Node cannot
 * import here: it loads this file's imports without TypeScript.
 */
const OCR_LANGUAGES = ['eng', 'nld', 'fra']

/**
 * The card scanner's OCR files, served by us (never a CDN): tesseract.js's worker, the LSTM-only
 * builds of its WebAssembly core (tesseract.js picks relaxed SIMD, SIMD or plain for the device) and
 * the traineddata (tessdata_best, integer). The folder is named by their versions, so the
 * year-long cache of /assets/ stays right across upgrades.
 */
const OCR_DIR = `assets/ocr/${[
  `tesseract-${versionOf('tesseract.js')}`,
  `core-${versionOf('tesseract.js-core')}`,
  ...OCR_LANGUAGES.map((language) => `${language}-${versionOf(`@tesseract.js-data/${language}`)}`),
].join('_')}`
const OCR_FILES = [
  join(tesseractDir, 'dist/worker.min.js'),
  ...['', 'simd-', 'relaxedsimd-'].map((variant) =>
    join(coreDir, `tesseract-core-${variant}lstm.wasm.js`),
  ),
  ...OCR_LANGUAGES.map((language) =>
    join(packageDir(`@tesseract.js-data/${language}`), `4.0.0_best_int/${language}.traineddata.gz`),
  ),
]

/** Copies the OCR files into the build, and serves them in development. */
function ocrFiles(): Plugin {
  return {
    name: 'fiveconnect-ocr-files',
    generateBundle() {
      for (const file of OCR_FILES)
        this.emitFile({
          type: 'asset',
          fileName: `${OCR_DIR}/${basename(file)}`,
          source: readFileSync(file),
        })
    },
    configureServer(server) {
      server.middlewares.use(`/${OCR_DIR}`, (request, response, next) => {
        const file = OCR_FILES.find((path) => request.url === `/${basename(path)}`)
        if (!file) return next()
        response.setHeader(
          'Content-Type',
          file.endsWith('.js') ? 'text/javascript' : 'application/gzip',
        )
        createReadStream(file).pipe(response)
      })
    },
  }
}

export default defineConfig({
  define: { __OCR_DIR__: JSON.stringify(`/${OCR_DIR}`) },
  // The router plugin must come before react(): it generates src/routeTree.gen.ts and wires the
  // *.lazy.tsx route files as separate chunks.
  plugins: [
    tanstackRouter({
      target: 'react',
      quoteStyle: 'single',
      semicolons: false,
      routeFileIgnorePattern: '\\.test\\.tsx?$',
    }),
    react(),
    ocrFiles(),
    // The installable app: a manifest, and a service worker that precaches the shell and every
    // chunk, so a signed-in user can open the app with no network. API answers are never cached
    // here: the query cache persists what the user may read offline (src/offline/).
    VitePWA({
      registerType: 'autoUpdate',
      // Registered from src/offline/service-worker.ts after load, off the landing page's first chunk.
      injectRegister: false,
      includeAssets: ['offline.html', 'icons/*.png'],
      manifest: {
        name: 'FiveConnect',
        short_name: 'FiveConnect',
        description: 'Capture the people you meet at events, even with no signal.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#3b5bdb',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,webmanifest}'],
        // 14.8 MB (4.4 MB gzip fetched by one browser) that only the card scanner needs: cached when
        // it first runs (below).
        globIgnores: ['assets/ocr/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/objects\//, ONLINE_ONLY_PAGES],
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && ONLINE_ONLY_PAGES.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // Versioned by folder name, so a cached copy is never stale.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/ocr/'),
            handler: 'CacheFirst',
            options: { cacheName: 'ocr', cacheableResponse: { statuses: [200] } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Few, larger chunks: each file costs a round trip on a phone network and compresses on
          // its own. Left to itself Rolldown made about 100 small chunks shared between routes.
          groups: [
            // What every page runs at start-up.
            {
              name: 'framework',
              // Not @tanstack/react-virtual: only the Connections screen uses it.
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](history|query-core|react-query|react-router|react-store|router-core|store)|@trpc|superjson|copy-anything|is-what|use-sync-external-store)[\\/]/,
            },
            // The rest of the landing page's static imports, kept out of the group below.
            { name: 'initial', tags: ['$initial'] },
            // The UI components only the later screens use: one file for all of them.
            {
              name: 'components',
              test: /node_modules[\\/](@mantine|@tabler|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/objects': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Whole-app renders on a 2-core machine, often beside lint and typecheck.
    testTimeout: 20_000,
  },
})
