/**
 * The admin's list search (SPEC §17): in the list's own order, the records whose title holds every word come first,
 * each group in that order. react-admin asks a sort on every read; the list's search goes without its own.
 */
import { expect, test } from '@playwright/test';
import { signedInContext } from './admin-helpers';

interface Service {
  id: number;
  title: Record<string, string | undefined>;
}

test('a moderator’s search of the services, typed in Vietnamese without marks, lists the titles holding it first', async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, 'moderator@example.com', 'Admin#2026');
  const page = await context.newPage();
  await page.goto('/vi/admin/services/travel');
  const box = page.locator('input[name="q"]');
  await expect(box).toBeVisible();
  const asked = page.waitForResponse(
    (response) => response.url().includes('/api/services?') && response.url().includes('pha'),
  );
  await box.fill('luong pha bang');
  const answer = await asked;
  // Asked without a sort: the API's ranked order.
  expect(new URL(answer.url()).searchParams.get('sort')).toBeNull();
  const rows = (await answer.json()) as Service[];
  // The title the list shows: the Vietnamese one, else the English one.
  const holdsEvery = (s: Service) =>
    (s.title.vi ?? s.title.en ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes('luong pha bang');
  // The demo holds services of Luang Prabang titled in Vietnamese and others titled in English and Lao alone (found
  // through their province's Vietnamese name), some of those changed later than some of these.
  const others = rows.findIndex((s) => !holdsEvery(s));
  expect(others, JSON.stringify(rows.map((s) => s.id))).toBeGreaterThan(0);
  expect(rows.slice(others).some(holdsEvery)).toBe(false);
  // The list shows that order.
  const first = rows[0].title.vi!;
  await expect(page.getByRole('link', { name: first }).first()).toBeVisible();
  await context.close();
});
