import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['@fiveconnect/db/testing-global-setup'],
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
