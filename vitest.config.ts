import { defineConfig } from 'vitest/config'

// Unit tests are quick and parallel; integration and browser tests start servers and
// processes, so they run with fewer workers to stay stable on a 2-core machine.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { SCHOLIA_SOURCE: '1' },
  },
})
