import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { createCopy, developerSteps, startCopyServer, type CopyServer, type ProofCopy } from '../api/proof-fixture';

/**
 * The proof in the browser: a temporary copy gets the `promotions` entity (scaffolded, then its one file and
 * labels), its client is built and served, and the unchanged generated apps show it — the admin's list, show
 * and edit screens with the workflow buttons, and the partner portal with the partner's own rows only.
 */
const run = promisify(execFile);
let copy: ProofCopy;
let server: CopyServer;
const TITLE_A = `Songkran boat week ${Date.now()}`;
const TITLE_B = `That Luang lantern night ${Date.now()}`;

test.describe.configure({ mode: 'serial' });

async function session(email: string, password: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('lantern_session='))!
    .split(';')[0];
}

async function post(cookie: string, url: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  copy = createCopy();
  const steps = await developerSteps(copy);
  expect(steps.resync.code, steps.resync.stderr).toBe(0);
  await run(process.execPath, [path.join(copy.dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: copy.dir,
    maxBuffer: 32 * 1024 * 1024,
  });
  server = await startCopyServer(copy.dir, { DIST_DIR: path.join(copy.dir, 'dist') });

  const partnerA = await session('partner@example.com', 'Partner#2026');
  const partnerB = await session('partner2@example.com', 'Partner#2026');
  const base = { discount: 75_000, currency: 'LAK', startsOn: '2026-04-10', endsOn: '2026-04-17' };
  const a = await post(partnerA, '/api/promotions', { ...base, title: { en: TITLE_A } });
  await post(partnerA, `/api/promotions/${a.id}/actions/submit`, {});
  await post(partnerB, '/api/promotions', { ...base, title: { en: TITLE_B } });
});

test.afterAll(async () => {
  await server?.stop();
  copy?.remove();
});

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(url);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
}

test('the admin lists, shows, moderates and edits the new entity', async ({ page }) => {
  await signIn(page, `${server.baseUrl}/en/admin`, 'moderator@example.com', 'Admin#2026');
  await page.goto(`${server.baseUrl}/en/admin/promotions`);
  const table = page.locator('table');
  await expect(table).toContainText(TITLE_A);
  await expect(table).toContainText(TITLE_B);
  for (const header of ['Title', 'Partner', 'Discount', 'Starts on', 'Status'])
    await expect(page.locator('thead')).toContainText(header);
  await expect(table).toContainText('Waiting for review');

  // The row opens where its title is (its middle may be the partner's link now that the title column is wide).
  await page.locator('table tbody tr', { hasText: TITLE_A }).getByText(TITLE_A).click();
  await expect(page).toHaveURL(/\/en\/admin\/promotions\/\d+\/show$/);
  const showUrl = page.url();
  await expect(page.locator('[data-action="approve"]')).toBeVisible();
  await expect(page.locator('[data-action="reject"]')).toBeVisible();
  await page.locator('[data-action="approve"]').click();
  await expect(page.locator('[data-action="approve"]')).toHaveCount(0);
  await expect(page.getByText('Approved').first()).toBeVisible();

  await page.goto(showUrl.replace(/\/show$/, ''));
  await expect(page.getByLabel(/Discount/).first()).toBeVisible();
  await expect(page.getByLabel(/Starts on/).first()).toBeVisible();
});

test('the partner portal shows the partner’s own rows only', async ({ page }) => {
  await signIn(page, `${server.baseUrl}/en/login`, 'partner@example.com', 'Partner#2026');
  await page.goto(`${server.baseUrl}/en/partner/promotions`);
  await expect(page.locator('table')).toContainText(TITLE_A);
  await expect(page.locator('table')).not.toContainText(TITLE_B);
});

test('the API reference shows the new entity under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${server.baseUrl}/api/docs/`);
  await expect(page.locator('#swagger-ui')).toContainText('promotions', { timeout: 20_000 });
  // Tags start collapsed; opening the new entity's tag lists its operations.
  await page.locator('#operations-tag-promotions').click();
  await expect(page.locator('#swagger-ui')).toContainText('/api/promotions/{id}/actions/approve');
  expect(violations).toEqual([]);
});
