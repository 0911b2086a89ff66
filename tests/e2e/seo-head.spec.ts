/**
 * SPEC §18 in a browser: the head the server wrote for a service page stays the page's once the app has started
 * (one title, one canonical, the language versions, the JSON-LD), and a service that is not public answers 404
 * with the not-found page.
 */
import { expect, test } from '@playwright/test';

test('a service page keeps the head the server wrote once the app has drawn it', async ({ page, request }) => {
  // A demo service with its photos: services other tests approve have none, and no photo means no og:image.
  const services = (await (await request.get('/api/services?range=[0,49]&sort=["id","ASC"]')).json()) as {
    id: number;
    title: Record<string, string>;
    images?: string[];
  }[];
  const service = services.find((candidate) => candidate.images?.length)!;
  expect(service, 'a public service with photos').toBeTruthy();
  const response = await page.goto(`/vi/item/${service.id}`);
  expect(response?.status()).toBe(200);
  const title = `${service.title.vi || service.title.en} · Lantern`;
  // Drawn by the app: its heading is the service's.
  await expect(page.getByRole('heading', { level: 1, name: service.title.vi || service.title.en })).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  const canonical = page.locator('head link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  expect(await canonical.getAttribute('href')).toMatch(new RegExp(`^https?://[^/]+/vi/item/${service.id}$`));
  await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(6);
  await expect(page.locator('head meta[property="og:image"]')).toHaveCount(1);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
    string,
    any
  >;
  expect(data['@type']).toBe('Product');
  expect(data.offers['@type']).toBe('Offer');
  expect(typeof data.offers.price).toBe('number');
});

test('a service that is not public answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/en/item/987654321');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /en/item/987654321');
  await expect(page.getByTestId('error-title')).toHaveText('Page Not Found');
});
