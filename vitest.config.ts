import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Unit tests that change what other files would see (module mocks, a fresh module registry,
 * stubbed globals or environment, fake timers, HOME): they keep a module graph of their own.
 */
const ISOLATED_UNIT = [
  'tests/unit/importer/prepare-many-fallback.test.ts',
  // Counts every worker terminated in the process: a long-lived render worker another file left
  // behind, ending during it, is counted too (it failed so in CI, 3 terminations for 2).
  'tests/unit/importer/prepare-many.test.ts',
  'tests/unit/importer/bibliography-cache.test.ts',
  'tests/unit/web/near-viewport.test.tsx',
  'tests/unit/web/toast-store.test.ts',
  'tests/unit/helpers/browser.test.ts',
  'tests/unit/dashboard/actions.test.ts',
  // Background job runners with timers and events, on their own (they flaked on busy machines).
  'tests/unit/jobs/**',
]

// Unit tests are quick and parallel; integration and browser tests start servers and
// processes, so they run with fewer workers to stay stable on a 2-core machine.
//
// The other unit tests share each worker's module graph (isolate: false): each file used to
// load the markdown pipeline, React and the services afresh in a new process (tests/unit/
// {markdown,web,posts}: 316 s of import summed, 330 s wall; shared: 28 s and 84 s, on the same
// loaded 2-core machine). Each file still gets its own test state and its own temp folders;
// integration and browser tests, which start servers, processes and browsers, stay isolated.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { SCHOLIA_SOURCE: '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'tests/integration/**/*.test.ts',
            'tests/e2e/**/*.test.ts',
            'tests/e2e/**/*.test.tsx',
            ...ISOLATED_UNIT,
          ],
        },
      },
    ],
  },
})
