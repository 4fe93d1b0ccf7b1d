import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['@fiveconnect/db/testing-global-setup'],
    // Logs stay quiet unless a test captures them (src/test/logs.ts).
    setupFiles: ['./src/test/quiet-logs.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
