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

  // What it owes is on its page: nothing yet.
  await expect(page.getByTestId('instructions-balance')).toContainText(/^Owes .*0/);

  // Rotating the key asks first, then shows the new key once; the old one opens nothing from then on.
  const rotate = page.locator('[data-action="rotate-key"]');
  await expect(rotate).toBeInViewport();
  const box2 = await rotate.boundingBox();
  expect(box2!.height).toBeGreaterThanOrEqual(40);
  await rotate.click();
  await expect(page.getByTestId('confirm-rotate-key')).toContainText('stops opening the API');
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(shown).toBeVisible();
  const rotated = (await shown.textContent())!.trim();
  expect(rotated).toMatch(/^lt_[A-Za-z0-9]{40}$/);
  expect(rotated).not.toBe(key);
  const old = await request.get('/api/octo/supplier', { headers: { authorization: `Bearer ${key}` } });
  expect(old.status()).toBe(401);
  const fresh = await request.get('/api/octo/supplier', { headers: { authorization: `Bearer ${rotated}` } });
  expect(fresh.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('once-secret')).toHaveCount(0);
});

test('finance reads what the demo reseller owes on its page, in Lao too', async ({ page }) => {
  await signInAdmin(page, 'finance@example.com');
  const found = await page.request.get(`/api/resellers?filter=${encodeURIComponent('{"q":"Mekong"}')}`);
  const [reseller] = await found.json();
  const balance = await page.request.get(`/api/resellers/${reseller.id}/balance`);
  expect(balance.status()).toBe(200);
  const { charged, credited } = await balance.json();
  await page.goto(`/en/admin/accounts/resellers/${reseller.id}/show`);
  const text = page.getByTestId('instructions-balance');
  await expect(text).toContainText(/^Owes /);
  // The figures are the endpoint's, as money.
  await expect(text.locator('[data-value="charged"]')).toContainText(new Intl.NumberFormat('en').format(charged));
  await expect(text.locator('[data-value="credited"]')).toContainText(new Intl.NumberFormat('en').format(credited));
  await page.goto(`/lo/admin/accounts/resellers/${reseller.id}/show`);
  await expect(page.getByTestId('instructions-balance')).toContainText('ຄ້າງຈ່າຍ');
});
