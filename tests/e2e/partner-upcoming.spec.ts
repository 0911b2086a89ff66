/**
 * The partner's schedules open upcoming first (today's departure, then tomorrow's…, then the past),
 * and the "Upcoming first" switch goes back to every departure by date.
 */
import { expect, test } from '@playwright/test';
import { signInPartner } from './partner-helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('the schedules list opens on today’s departure, then tomorrow’s; the switch shows all by date and back', async ({
  page,
}) => {
  await signInPartner(page);
  const firstPage = page.waitForResponse((r) => /\/api\/schedules\?/.test(r.url()) && r.request().method() === 'GET');
  await page.goto('/en/partner/schedules');
  const opened = await firstPage;
  expect(decodeURIComponent(opened.url())).toContain('["upcoming","ASC"]');
  const rows = (await opened.json()) as { startDate: string }[];
  expect(rows[0].startDate).toBe(day(0));
  expect(rows.map((row) => row.startDate)).toContain(day(1));
  const dates = rows.map((row) => row.startDate);
  const past = dates.findIndex((date) => date < day(0));
  const upcoming = past === -1 ? dates : dates.slice(0, past);
  expect(upcoming).toEqual([...upcoming].sort());

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
