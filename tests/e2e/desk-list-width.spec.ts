import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers';
import { submitPendingServices } from './partner-helpers';

// A desk's screen: the list shares its width by what its columns hold.
test.use({ viewport: { width: 1440, height: 900 } });

test('the review list shows at least 30 characters of a title; amounts and dates are not cut', async ({
  page,
  baseURL,
}) => {
  const tag = `Desk width ${Date.now()} a service title long enough to be cut at some point`;
  await submitPendingServices(baseURL!, tag, 1);
  await signInAdmin(page, 'moderator@example.com');
  await page.goto('/en/admin/service-review');
  const row = page
    .locator('.RaDataTable-row')
    .filter({ hasText: tag.slice(0, 24) })
    .first();
  const title = row.locator('.column-title');
  await expect(title).toBeVisible();
  const room = await title.evaluate((cell) => {
    const style = getComputedStyle(cell);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.letterSpacing = style.letterSpacing;
    probe.style.whiteSpace = 'pre';
    probe.style.position = 'absolute';
    probe.textContent = (cell.textContent ?? '').slice(0, 30);
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return { needed, inside: cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  expect(room.inside).toBeGreaterThanOrEqual(room.needed);
  for (const name of ['price', 'updatedAt', 'durationDays']) {
    const cut = await row.locator(`.column-${name}`).evaluate((cell) => cell.scrollWidth > cell.clientWidth);
    expect(cut, name).toBe(false);
  }
});
