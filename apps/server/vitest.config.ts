import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['@fiveconnect/db/testing-global-setup'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
