/**
 * SPEC §14 "Departures by rule" on a 390 px phone: the partner's schedules screen has Add departures; a week of
 * daily departures is previewed (count and dates), created, reported (created and skipped), and listed.
 */
import { expect, test } from '@playwright/test';
import { signInPartner } from './partner-helpers';
import { platformDay } from '../support/platform-day';

test.use({ viewport: { width: 390, height: 844 } });

const day = (offset: number) => platformDay(offset);

test('a partner adds a week of daily departures: preview, create, then sees them in the list', async ({ page }) => {
  await signInPartner(page);
  await page.goto('/en/partner/schedules');
  const open = page.getByTestId('endpoint-generate');
  await expect(open).toBeVisible();
  await expect(open).toHaveText('Add departures');
  const box = (await open.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  await open.click();

  const dialog = page.getByRole('dialog', { name: 'Add departures' });
  await expect(dialog).toBeVisible();
  // A week far enough ahead that no demo departure is on it (a rerun on the same data finds them all skipped).
  const offset = 200 + Math.floor(Math.random() * 100);
  const [from, to] = [day(offset), day(offset + 6)];
  const service = dialog.getByTestId('input-serviceId').locator('select');
  await expect(service.locator('option')).not.toHaveCount(1);
  await service.selectOption({ index: 1 });
  await dialog.getByTestId('input-from').locator('input').fill(from);
  await dialog.getByTestId('input-to').locator('input').fill(to);
  // A preview of an incomplete rule names what is missing under its input.
  await dialog.getByTestId('endpoint-generate-preview-button').click();
  await expect(dialog.getByTestId('input-weekdays')).toContainText('Please choose at least one value');
  await expect(dialog.getByTestId('input-times')).toContainText('Please choose at least one value');
  for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByLabel('Start times 1').fill('07:45');
  await dialog.getByTestId('input-capacity').locator('input').fill('14');

  // Nothing is created before the preview.
  const send = dialog.getByTestId('endpoint-generate-send');
  await expect(send).toBeDisabled();
  await dialog.getByTestId('endpoint-generate-preview-button').click();
  const preview = dialog.getByTestId('endpoint-generate-preview');
  await expect(preview).toContainText('Departures to create: 7');
  await expect(preview.locator('li')).toHaveCount(7);
  await expect(preview.locator('li').first()).toContainText('07:45');

  // The dialog fills the phone's width, its actions within reach and wide enough to tap.
  const sendBox = (await send.boundingBox())!;
  expect(sendBox.x + sendBox.width).toBeLessThanOrEqual(390);
  expect(sendBox.height).toBeGreaterThanOrEqual(40);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/schedules/-/generate'));
  await send.click();
  expect((await created).status()).toBe(201);
  await expect(dialog.getByTestId('endpoint-generate-done')).toHaveText(
    '7 departures created, 0 skipped (already there)',
  );
  await dialog.getByTestId('endpoint-generate-close').click();
  await expect(dialog).toBeHidden();

  // The week is in the partner's list.
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: from, startDate_lte: to }));
  await page.goto(`/en/partner/schedules?filter=${filter}&sort=startDate&order=ASC`);
  const cards = page.locator('.RaSimpleList-root li, [data-testid="card-list"] li');
  await expect(cards).toHaveCount(7);
  const rows = (await (
    await page.request.get(
      `/api/schedules?${new URLSearchParams({ filter: JSON.stringify({ startDate_gte: from, startDate_lte: to }), range: '[0,24]' })}`,
    )
  ).json()) as { startDate: string; startTime: string; capacity: number }[];
  expect(rows.map((row) => row.startDate).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => day(offset + n)));
  expect(rows.every((row) => row.startTime === '07:45' && row.capacity === 14)).toBe(true);
});
