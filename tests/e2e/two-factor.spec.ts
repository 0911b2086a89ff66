import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { signInAdmin, submitAdminLogin } from './admin-helpers';

const STEP_MS = 30_000;
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** Sets up two-step sign-in on the open profile screen from the key shown beside the QR code; answers the key. */
async function enrolOnProfile(page: Page, password: string): Promise<string> {
  await page.getByTestId('two-factor-start').click();
  // The account's password first (SPEC §12): a wrong one is refused in the field, the right one shows the key.
  await page.getByTestId('two-factor-password').fill('Not#The2026Password');
  await page.getByTestId('two-factor-password').press('Enter');
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await page.getByTestId('two-factor-password').fill(password);
  await page.getByTestId('two-factor-password').press('Enter');
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.locator('img[src^="data:image/svg+xml"]')).toBeVisible();
  await page.getByTestId('two-factor-code').fill(await codeAt(secret, Date.now()));
  await page.getByTestId('two-factor-code').press('Enter');
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  // Once on, an enforced role's setup screen becomes the back-office: its menu comes in beside the codes and moves
  // them. Done is pressed where it settles, not where it was.
  await expect(page.getByRole('menu').first()).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10');
  return secret;
}

test('an admin enrols from the key beside the QR code, signs out, and signs in with a code', async ({ page }) => {
  const email = 'keo.sisavath@example.com';
  await signInAdmin(page, email);
  // The profile screen is on the account menu.
  await page.getByRole('button', { name: /Keo Sisavath/ }).click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/en\/admin\/profile$/);
  const secret = await enrolOnProfile(page, 'Admin#2026');

  await page.getByRole('button', { name: /Keo Sisavath/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.locator('input[name="password"]')).toBeVisible();
  // A fresh visit to the back-office (signing out of a screen would bring the admin back to it).
  await page.goto('/en/admin');
  await expect(page.locator('input[name="password"]')).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Admin#2026');
  await page.locator('button[type="submit"]').click();
  // The second step: the code of the next step (the one enrolling used is spent).
  const code = page.getByTestId('two-factor-code');
  await expect(code).toBeFocused();
  await code.fill(await codeAt(secret, Date.now() + STEP_MS));
  await code.press('Enter');
  await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/**
 * A database as production starts it: the first super_admin made with `npm run admin:create`, the default settings
 * (super_admin and finance must use two steps). A server of its own, so the shared demo's settings stay as they are.
 */
test.describe('an enforced role', () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-two-factor-'));
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1' };
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli/admin-create.ts',
        '--email',
        'root@example.org',
        '--password',
        'First#Admin1',
      ],
      { env },
    );
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...env, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) break;
      if (tries > 200) throw new Error('the second server did not start');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve) ?? resolve(undefined));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('is taken to the setup screen, and set up, goes on to the dashboard', async ({ page }) => {
    await page.goto(`${base}/en/admin`);
    await submitAdminLogin(page, 'root@example.org', 'First#Admin1');
    await expect(page).toHaveURL(`${base}/en/admin/profile`);
    await expect(page.getByTestId('two-factor-required')).toBeVisible();
    // Any other screen opens the setup too.
    await page.goto(`${base}/en/admin/accounts/admin`);
    await expect(page).toHaveURL(`${base}/en/admin/profile`);
    await enrolOnProfile(page, 'First#Admin1');
    await page.goto(`${base}/en/admin/accounts/admin`);
    await expect(page).toHaveURL(`${base}/en/admin/accounts/admin`);
    // In the app's list (until it has drawn, the server's picture of it holds the same text beside it).
    await expect(page.locator('#root').getByText('root@example.org')).toBeVisible();
  });
});
