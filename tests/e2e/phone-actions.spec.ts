import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers';
import { signInPartner, submitPendingServices } from './partner-helpers';
import { platformDay } from '../support/platform-day';

// A phone held upright, touched rather than clicked.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The action draws its text and is a tap target of at least 40 × 40 CSS px, inside the screen. */
async function expectTappable(action: Locator, text: string) {
  await expect(action).toBeVisible();
  await expect(action).toHaveText(text);
  const box = (await action.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
}

/** The app bar's title is whole: the record's name in it, nothing hidden by an ellipsis or overflow. */
async function expectTitleWhole(page: Page, text: string) {
  const title = page.locator('#react-admin-title');
  await expect(title).toContainText(text);
  const overflow = await title.evaluate((el) => ({
    wide: el.scrollWidth - el.clientWidth,
    tall: el.scrollHeight - el.clientHeight,
  }));
  expect(overflow).toEqual({ wide: 0, tall: 0 });
}

/** A booking of the demo traveller, left unpaid: its page in the customer's area. */
async function unpaidOrder(page: Page): Promise<number> {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'user@example.com', password: 'User#2026' },
  });
  expect(login.status()).toBe(200);
  const today = platformDay(1);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: today }));
  const rows = (await (
    await page.request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; serviceId: number; capacity: number; seatsBooked: number }[];
  const row = rows.find((schedule) => schedule.capacity - schedule.seatsBooked >= 1)!;
  await page.goto(`/en/item/${row.serviceId}?departure=${row.id}&seats=1`);
  await page.getByTestId('booking-submit').click();
  await expect(page).toHaveURL(/\/en\/account\/orders\/\d+$/);
  return Number(page.url().split('/').pop());
}

test("the moderator's pending service: Approve and Reject drawn with their text and tappable", async ({
  page,
  baseURL,
}) => {
  const tag = `Phone review with a long title to wrap ${Date.now()}`;
  const [pending] = await submitPendingServices(baseURL!, tag, 1);
  await signInAdmin(page, 'moderator@example.com');
  await page.goto(`/en/admin/service-review/${pending}/show`);
  const actions = page.getByTestId('workflow-actions');
  await expectTappable(actions.locator('[data-action="approve"]'), 'Approve');
  await expectTappable(actions.locator('[data-action="reject"]'), 'Reject');
  await expectTitleWhole(page, tag);
  // Language, theme and refresh wait behind one button of the bar.
  await expect(page.getByTestId('language-switcher')).toBeHidden();
  await page.getByTestId('bar-settings').tap();
  await expect(page.getByTestId('bar-settings-menu').getByTestId('language-switcher')).toBeVisible();
});

test("the partner's paid order: Confirm drawn with its text and tappable", async ({ page }) => {
  await signInPartner(page);
  await page.goto(`/en/partner/orders?filter=${encodeURIComponent('{"status":"paid"}')}`);
  await page.getByTestId('card-list').locator('a').first().click();
  await expect(page).toHaveURL(/\/en\/partner\/orders\/\d+\/show$/);
  await expectTappable(page.getByTestId('workflow-actions').locator('[data-action="confirm"]'), 'Confirm');
  // The page is the partner's: its state once (above the page), the departure once (as its date and time), no
  // customer's account id the partner cannot open, no hold that ended with the payment.
  await expect(page.getByText('Status', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Departure', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Departure date', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^#\d+$/)).toHaveCount(0);
  await expect(page.getByText('Hold ends at', { exact: true })).toHaveCount(0);
});

test("the traveller's unpaid order: Cancel order and Report a problem drawn with their text and tappable", async ({
  page,
}) => {
  await unpaidOrder(page);
  await expectTappable(page.locator('[data-action="cancel"]'), 'Cancel order');
  await expectTappable(page.locator('[data-follow-up="reportProblem"]'), 'Report a problem');
});
