import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers';
import { submitPendingServices } from './partner-helpers';

// An admin working by keyboard alone (WCAG 2.1.1). No click, no mouse: Tab, Shift+Tab, Enter, Escape and typing.

/** Presses Tab (or Shift+Tab) until the focused element matches, and fails after `max` presses. */
async function tabTo(page: Page, describe: string, matches: (element: Element) => boolean, backwards = false) {
  const max = 80;
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`${describe}: not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement!;
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.textContent ?? '').trim(),
      action: element.getAttribute('data-action'),
      inDialog: Boolean(element.closest('[role="dialog"]')),
      filter: element.closest('.filter-field')?.getAttribute('data-source') ?? null,
      visible: (() => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      })(),
    };
  });

test('a moderator finds a pending service, opens it, approves it and is back in the queue, by keyboard only', async ({
  page,
  baseURL,
}) => {
  // Two services told apart by a word of their own: a search takes every word as part of the text (SPEC §17), and
  // "1" is part of the run's number.
  const tag = `Keyboard queue ${Date.now()} approve`;
  const [approveMe] = await submitPendingServices(baseURL!, tag, 1);
  const [rejectLater] = await submitPendingServices(baseURL!, tag.replace('approve', 'later'), 1);
  await signInAdmin(page, 'moderator@example.com');
  await page.goto('/en/admin/service-review');
  await expect(page.locator('table tbody tr').first()).toBeVisible();

  // The queue's search field, reached from the top of the page.
  await tabTo(page, 'search field', (element) => element.matches('input[name="q"]'));
  await page.keyboard.type(`${tag} 1`);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag} 1`);

  // Every focus stop on the way to the row is visible: the hidden bulk toolbar takes none.
  let stops = 0;
  for (;;) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.visible, `focus on an invisible ${now.tag} "${now.text}"`).toBe(true);
    if (now.tag === 'a' && now.text.includes(`${tag} 1`)) break;
    expect(++stops, 'the row’s link is not reached by Tab').toBeLessThan(40);
  }
  // The title cell is a real link: it opens with Enter (and would open in a new tab).
  await expect(page.locator('table tbody tr a', { hasText: `${tag} 1` })).toHaveAttribute(
    'href',
    new RegExp(`/service-review/${approveMe}/show$`),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/admin/service-review/${approveMe}/show$`));
  // The address changes before the list leaves the screen (the page's code may still be loading), and the
  // row has its own Approve: tabbing then would land on a button about to go.
  await expect(page.locator('.list-page')).toHaveCount(0);
  await expect(page.locator('[data-action="approve"]')).toBeVisible();

  await tabTo(page, 'approve', (element) => element.getAttribute('data-action') === 'approve');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await (await page.request.get(`/api/services/${approveMe}`)).json()).status)
    .toBe('approved');
  // Back to the queue through the menu (from wherever the decision left the screen).
  await tabTo(page, 'the queue in the menu', (element) => element.matches('a[href$="/en/admin/service-review"]'), true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/admin\/service-review(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Service review' }).first()).toBeVisible();
  await expect(page.locator('table tbody tr', { hasText: `${tag} 1` })).toHaveCount(0);
  expect((await (await page.request.get(`/api/services/${rejectLater}`)).json()).status).toBe('pending');
});

test('the reject dialog holds the focus while open and gives it back to Reject when closed', async ({
  page,
  baseURL,
}) => {
  const tag = `Keyboard dialog ${Date.now()}`;
  const [pending] = await submitPendingServices(baseURL!, tag, 1);
  await signInAdmin(page, 'moderator@example.com');
  await page.goto(`/en/admin/service-review/${pending}/show`);
  await expect(page.locator('[data-action="reject"]')).toBeVisible();

  await tabTo(page, 'reject', (element) => element.getAttribute('data-action') === 'reject');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  // Tab and Shift+Tab go round inside the dialog, never behind it.
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(async () => (await focused(page)).action).toBe('reject');
  expect((await (await page.request.get(`/api/services/${pending}`)).json()).status).toBe('pending');
});

test('a filter added from "Add filter" takes the focus', async ({ page }) => {
  await signInAdmin(page, 'support@example.com');
  await page.goto('/en/admin/accounts/user');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await tabTo(page, 'Add filter', (element) => /add filter/i.test(element.getAttribute('aria-label') ?? ''));
  await page.keyboard.press('Enter');
  // The menu opens on its first filter; Enter adds it.
  const first = page.locator('.new-filter-item').first();
  await expect(first).toBeFocused();
  const source = await first.getAttribute('data-key');
  expect(source).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(page.locator('.new-filter-item')).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).filter).toBe(source);
});
