import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * SPEC §19 on a phone: finance creates a reseller and sees its API key once, on the new reseller's page; the key
 * opens the OCTO API; reloaded, the page shows it no more (only its hash is stored).
 */
test('finance creates a reseller at 390 px and copies its API key, shown once', async ({ page, request }) => {
  await signInAdmin(page, 'finance@example.com');
  await page.goto('/en/admin/accounts/resellers/create');
  const name = `Phone Agency ${Date.now()}`;
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="contactEmail"]').fill('phone@agency.example');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(/\/en\/admin\/accounts\/resellers\/\d+\/show$/);
  const shown = page.getByTestId('once-secret-value');
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  expect(key).toMatch(/^lt_[A-Za-z0-9]{40}$/);
  // The alert fits the phone's width: the key wraps, nothing scrolls sideways.
  const box = await page.getByTestId('once-secret').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const supplier = await request.get('/api/octo/supplier', { headers: { authorization: `Bearer ${key}` } });
  expect(supplier.status()).toBe(200);
  await page.reload();
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByTestId('once-secret')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(key);
});
