import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database per run: migrations and demo data load on the server's first start.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lantern-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(tmpdir(), 'lantern-playwright'),
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    // Debian's Chromium: Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Traces only when asked (`--trace on`): several suites may share this checkout's results folder.
    trace: 'off',
  },
  webServer: {
    // The built client (`npm run build`, done by `npm run test:e2e`) served by the real server.
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    // Two workers on two cores can keep the home's primed answers past their 400 ms budget; the suites test the
    // primed page itself (the budget has its API test), so here the home waits for them.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: 'warn', PRIME_BUDGET_MS: '30000' },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
