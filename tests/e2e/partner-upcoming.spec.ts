/**
 * The partner's schedules open upcoming first (today's departure, then tomorrow's…, then the past),
 * and the "Upcoming first" switch goes back to every departure by date.
 */
import { expect, test } from '@playwright/test';
import { signInPartner } from './partner-helpers';
import { platformDay } from '../support/platform-day';

const day = (offset: number) => platformDay(offset);

test('the schedules list opens on today’s departure, then tomorrow’s; the switch shows all by date and back', async ({
  page,
}) => {
  await signInPartner(page);
  await page.goto('/en/partner/schedules');
  // The list opens on the upcoming order (its first page may come inside the page: no request to wait for).
  await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute(
    'href',
    /sort=%5B%22upcoming%22%2C%22ASC%22%5D/,
  );
  const opened = await page.request.get(
    `/api/schedules?${new URLSearchParams({ filter: '{}', range: '[0,24]', sort: '["upcoming","ASC"]' })}`,
  );
  const rows = (await opened.json()) as { id: number; startDate: string }[];
  expect(rows[0].startDate).toBe(day(0));
  expect(rows.map((row) => row.startDate)).toContain(day(1));
  const dates = rows.map((row) => row.startDate);
  const past = dates.findIndex((date) => date < day(0));
  const upcoming = past === -1 ? dates : dates.slice(0, past);
  expect(upcoming).toEqual([...upcoming].sort());
  // The table shows that page, in that order.
  await expect(page.locator('table tbody tr').first().locator('a[href$="/show"]').first()).toHaveAttribute(
    'href',
    `/en/partner/schedules/${rows[0].id}/show`,
  );

  const toggle = page.getByTestId('upcoming-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toHaveText('Upcoming first');
  const all = page.waitForResponse((r) => /\/api\/schedules\?/.test(r.url()) && r.url().includes('DESC'));
  await toggle.click();
  const latest = (await (await all).json()) as { startDate: string }[];
  expect(latest.map((row) => row.startDate)).toEqual(
    latest
      .map((row) => row.startDate)
      .sort()
      .reverse(),
  );
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const back = page.waitForResponse(
    (r) => /\/api\/schedules\?/.test(r.url()) && decodeURIComponent(r.url()).includes('"upcoming"'),
  );
  await toggle.click();
  expect(((await (await back).json()) as { startDate: string }[])[0].startDate).toBe(day(0));
});
