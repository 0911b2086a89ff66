import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers';
import { submitPendingServices } from './partner-helpers';

test('a moderator rejects a pending service with a reason and sees it in the history tab', async ({
  page,
  baseURL,
}) => {
  const tag = `Rejected with history ${Date.now()}`;
  const [pending] = await submitPendingServices(baseURL!, tag, 1);
  await signInAdmin(page, 'moderator@example.com');
  await page.goto(`/en/admin/service-review?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  const firstRow = page.locator('table tbody tr').first();
  await expect(firstRow).toContainText(tag);
  // On its title: the row's middle may be a reference, a link of its own (the partner).
  await firstRow.locator('.column-title').click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/service-review/${pending}/show$`));
  const showUrl = page.url();

  await page.locator('[data-testid="workflow-actions"] [data-action="reject"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The reason is required: submitting without one keeps the dialog open.
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeVisible();
  const reason = `Photos do not match the itinerary ${Date.now()}`;
  await dialog.locator('textarea').first().fill(reason);
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeHidden();
  // The queue moves on to the next pending item (or back to the list when none is left).
  await expect(page).not.toHaveURL(showUrl);
  // Rejected: the record no longer offers reject.
  await page.goto(showUrl);
  await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
  const id = /\/(\d+)\/show$/.exec(showUrl)![1];
  const service = await (await page.request.get(`/api/services/${id}`)).json();
  expect(service).toMatchObject({ status: 'rejected', reason });
  await expect(page.locator('[data-testid="workflow-actions"] [data-action="reject"]')).toHaveCount(0);

  await page.goto(`${showUrl}/history`);
  const history = page.locator('[data-testid="history"], table').last();
  await expect(history).toContainText(reason);
  await expect(history).toContainText('reject');
});

test('a moderator bulk-approves partner profiles and sees each outcome', async ({ page }) => {
  await signInAdmin(page, 'moderator@example.com');
  await page.goto('/en/admin/profile-review');
  const rows = page.locator('table tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  for (const index of [0, 1]) await rows.nth(index).locator('input[type="checkbox"]').check();

  await page.locator('[data-bulk-action="approve"]').click();
  const outcomes = page.locator('[data-testid="bulk-outcomes"] li');
  await expect(outcomes).toHaveCount(2);
  await expect(page.locator('[data-testid="bulk-outcomes"] li[data-ok="true"]')).toHaveCount(2);

  // Each reported record really is approved, and its proposal is now the live profile.
  const ids = (await outcomes.allInnerTexts()).map((text) => Number(/#(\d+)/.exec(text)![1]));
  for (const id of ids) {
    const profile = await (await page.request.get(`/api/partner-profiles/${id}`)).json();
    expect(profile.status).toBe('approved');
    const history = await (
      await page.request.get(
        `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'partner-profiles', recordId: id }))}`,
      )
    ).json();
    expect(history.map((row: { action: string }) => row.action)).toContain('approve');
  }
});
