import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time (Vitest's default on two cores is one): the API suites spend much of their time waiting
    // on PostgreSQL, servers they start and timers, so a second file uses what the first leaves idle. Each suite
    // has its own database, data directory and free ports.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // API suites start real servers and databases; PGlite boots in about a second.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Component tests of the generated views (Testing Library in jsdom).
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx'],
          // A whole generated app in jsdom: on a loaded 2-core machine one such test took past 30 s.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
