import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts', 'accuracy/**/*.test.ts'],
    setupFiles: ['src/setup.ts'],
    // One browser and one server at a time: the journeys are heavy for a 2-core machine.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
