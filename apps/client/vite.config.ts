import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
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
  ],
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
