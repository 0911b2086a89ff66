import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import en from '../../i18n/en';
import { startCluster, type PgCluster } from '../support/pg-cluster';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { signInAdmin } from './admin-helpers';

/**
 * SPEC §10 in the browser: the database stops under an open admin screen. The banner appears across the app and a
 * toast offers a retry; when the database is back the banner goes by itself and the retry loads the screen.
 * The server of this spec is its own (the built bundle and client) on a PostgreSQL cluster the spec stops and
 * starts; the suite's PGlite server is not involved.
 */
test.describe.configure({ mode: 'serial' });

const ROOT = path.resolve(import.meta.dirname, '../..');
let cluster: PgCluster;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  cluster = await startCluster();
  const url = await cluster.createDatabase('banner');
  // A first start migrates and loads the demo data.
  server = await startServerProcess(
    { env: { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-faults-')) } },
    { DIST_DIR: path.join(ROOT, 'dist') },
    [path.join(ROOT, 'dist-server/main.js')],
  );
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await cluster?.destroy();
});

test('the database banner appears while the database is away and goes by itself; the toast retries', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await signInAdmin(page, 'admin@example.com');
  await page.goto('/en/admin/master-data/tour-types');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  const banner = page.getByTestId('database-banner');
  await expect(banner).toHaveCount(0);

  await cluster.stop();
  // Any refused request makes the app ask /api/health at once.
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).toHaveText(en.app.fault.banner);
  const toast = page.getByTestId('fault-toast');
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(toast).toContainText(en.app.fault.unavailable);

  await cluster.start();
  await expect(banner).toHaveCount(0, { timeout: 60_000 });
  if (await toast.isVisible()) await toast.getByRole('button', { name: en.app.error.retry }).click();
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('database-banner')).toHaveCount(0);
  await context.close();
});
