import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers';

test('a moderator rejects a pending service with a reason and sees it in the history tab', async ({ page }) => {
  await signInAdmin(page, 'moderator@example.com');
  await page.goto('/en/admin/service-review');
  const firstRow = page.locator('table tbody tr').first();
  await expect(firstRow).toBeVisible();
  await firstRow.click();
  await expect(page).toHaveURL(/\/en\/admin\/service-review\/\d+\/show$/);
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
  // Rejected: no more reject button for this record.
  await expect(page.locator('[data-testid="workflow-actions"] [data-action="reject"]')).toHaveCount(0);

  await page.goto(`${showUrl}/history`);
  const history = page.locator('[data-testid="history"], table').last();
  await expect(history).toContainText(reason);
  await expect(history).toContainText('reject');
});
