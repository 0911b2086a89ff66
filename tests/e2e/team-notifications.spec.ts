import { expect, test } from '@playwright/test';
import { signedInContext } from './admin-helpers';

// SPEC §8: a decision reaches the partner's bell while the partner's page is open, without a reload (the live
// stream's `event: notification`); a click on
// the notification opens the record and marks it read.

test('a partner’s bell rises while a moderator rejects their service in another browser', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const partner = await signedInContext(browser, origin, 'partner@example.com', 'Partner#2026');
  const moderator = await signedInContext(browser, origin, 'moderator@example.com', 'Admin#2026');
  const post = async (context: typeof partner, url: string, data: object) => {
    const response = await context.request.post(url, { data, headers: { origin } });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const service = await post(partner, '/api/services', {
    title: { en: `Bell test ${Date.now()}` },
    description: { en: 'A day on the river' },
    tourTypeId: 1,
    provinceId: 2,
    durationDays: 1,
    price: 300_000,
    capacity: 10,
  });
  await post(partner, `/api/services/${service.id}/actions/submit`, {});

  const page = await partner.newPage();
  // The app's live stream is open once its answer has begun (the server holds the stream before it answers).
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto('/en/partner');
  expect((await streamOpen).status()).toBe(200);
  const count = page.getByTestId('notification-count').locator('.MuiBadge-badge');
  const unread = async () => {
    const response = await partner.request.get(`/api/notifications?filter=${encodeURIComponent('{"unread":true}')}`);
    return Number(String(response.headers()['content-range']).split('/')[1]);
  };
  const before = await unread();
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  if (before) await expect(count).toHaveText(String(before));

  await post(moderator, `/api/services/${service.id}/actions/reject`, { reason: 'Add a photo of the boat' });
  // No reload, no polling round: the notification arrives on the live stream (SPEC §8: within 2 s) and the bell
  // asks again at once (it also asks every 30 s, which this wait is well inside).
  await expect(count).toHaveText(String(before + 1), { timeout: 5_000 });

  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').first();
  await expect(item).toContainText('Add a photo of the boat');
  await expect(item).toHaveAttribute('data-unread', 'true');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/en/partner/services/${service.id}/show$`));
  await expect.poll(unread).toBe(before);
});
