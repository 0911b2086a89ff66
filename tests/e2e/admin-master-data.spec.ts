import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { storageStateFor, type Account } from './sweep-support';

/**
 * Master data ordering and activation (`list.reorder`, `list.toggles` of tour types) at 1280×720: a moderator
 * drags rows or moves them with the keyboard, the order persists and the home page and the partner's picker
 * follow it; `active` is switched in place; roles that only read see neither control.
 */
test.describe.configure({ mode: 'serial' });

const LIST = '/en/admin/master-data/tour-types';

interface TourType {
  id: number;
  code: string;
  name: { en: string };
  active: boolean;
  version: number;
}

/**
 * A page in its own context, signed in as the account or signed out. Each account signs in once per run; no test
 * sets a `storageState` option, which would also ride on the sign-in requests of other accounts and end it.
 */
async function pageAs(browser: Browser, baseURL: string, account?: Account) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 720 },
    storageState: account ? await storageStateFor(baseURL, account) : undefined,
  });
  return context.newPage();
}

/** The tour types in their stored order, as the moderator reads them. */
async function stored(request: APIRequestContext): Promise<TourType[]> {
  const response = await request.get('/api/tour-types?sort=["sortOrder","ASC"]&range=[0,99]');
  expect(response.ok()).toBe(true);
  return response.json();
}

const codesOnScreen = (page: Page) => page.locator('.RaList-content tbody tr td:nth-child(3)').allInnerTexts();

async function openList(page: Page) {
  await page.goto(LIST);
  await expect(page.getByTestId('move-buttons').first()).toBeVisible({ timeout: 20_000 });
}

let original: number[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: await storageStateFor(baseURL!, 'moderator') });
  original = (await stored(context.request)).map((row) => row.id);
  await context.close();
});

// Other suites of the run read the seed's order: it is put back.
test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: await storageStateFor(baseURL!, 'moderator') });
  const response = await context.request.put('/api/tour-types/-/order', { data: { ids: original } });
  expect(response.status(), await response.text()).toBe(200);
  for (const row of await stored(context.request))
    if (!row.active)
      await context.request.put(`/api/tour-types/${row.id}`, { data: { active: true, version: row.version } });
  await context.close();
});

test('a moderator drags a tour type to the top; the order persists and the home page and partners follow', async ({
  browser,
  baseURL,
}) => {
  const page = await pageAs(browser, baseURL!, 'moderator');
  await openList(page);
  const before = await codesOnScreen(page);
  const last = before[before.length - 1];
  const rows = page.locator('.RaList-content tbody tr');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/tour-types/-/order') && r.request().method() === 'PUT',
  );
  // Dropped on the upper half of the first row: it goes before it.
  await rows.filter({ hasText: last }).dragTo(rows.first(), { targetPosition: { x: 40, y: 4 } });
  expect((await saved).status()).toBe(200);
  const expected = [last, ...before.slice(0, -1)];
  await expect.poll(() => codesOnScreen(page)).toEqual(expected);

  await page.reload();
  await expect(page.getByTestId('move-buttons').first()).toBeVisible({ timeout: 20_000 });
  expect(await codesOnScreen(page)).toEqual(expected);

  // Visitors: the home page's tour type filter lists the types in the new order.
  const names = (await stored(page.request)).map((row) => row.name.en);
  const visitor = await pageAs(browser, baseURL!);
  await visitor.goto('/en');
  const options = visitor.locator('[data-testid="search-tourType"] option');
  await expect(options.nth(1)).toHaveText(names[0], { timeout: 20_000 });
  expect((await options.allInnerTexts()).slice(1)).toEqual(names);
  await visitor.context().close();

  // Partners: the tour type picker of a new service offers them in the same order.
  const partnerPage = await pageAs(browser, baseURL!, 'partner');
  await partnerPage.goto('/en/partner/services/create');
  await partnerPage.getByRole('tab', { name: 'Details' }).click();
  const picker = partnerPage.locator('input[name="tourTypeId"]');
  await picker.click();
  const listbox = partnerPage.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toHaveText(names[0], { timeout: 20_000 });
  expect(await listbox.getByRole('option').allInnerTexts()).toEqual(names);
  await partnerPage.context().close();
});

test('the keyboard moves a row with its buttons and keeps the focus on it', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, 'moderator');
  await openList(page);
  const before = await codesOnScreen(page);
  const first = page.locator('.RaList-content tbody tr').first();
  await expect(first.getByRole('button', { name: 'Move up' })).toBeDisabled();
  await first.getByRole('button', { name: 'Move down' }).focus();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/tour-types/-/order'));
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  const expected = [before[1], before[0], ...before.slice(2)];
  await expect.poll(() => codesOnScreen(page)).toEqual(expected);
  const focused = page.locator('.RaList-content tbody tr').nth(1).getByRole('button', { name: 'Move down' });
  await expect(focused).toBeFocused();

  // Pressed again, the same row goes on down (its save waited for: on a loaded machine it can take seconds).
  const savedAgain = page.waitForResponse((r) => r.url().endsWith('/api/tour-types/-/order'));
  await page.keyboard.press('Enter');
  expect((await savedAgain).status()).toBe(200);
  await expect
    .poll(() => codesOnScreen(page), { timeout: 20_000 })
    .toEqual([before[1], before[2], before[0], ...before.slice(3)]);
  await page.reload();
  await expect(page.getByTestId('move-buttons').first()).toBeVisible({ timeout: 20_000 });
  expect(await codesOnScreen(page)).toEqual([before[1], before[2], before[0], ...before.slice(3)]);

  // Sorted on another column, the order on screen is not the stored one: the buttons are off.
  await page.locator('thead').getByText('Code', { exact: true }).click();
  await expect(page).toHaveURL(/code/);
  await expect(page.getByRole('button', { name: 'Move down' }).first()).toBeDisabled();
  await expect(page.locator('.RaList-content tbody tr[draggable="true"]')).toHaveCount(0);
});

test('active is switched in place; an inactive tour type leaves the home page', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, 'moderator');
  await openList(page);
  const target = (await stored(page.request))[1];
  const toggle = page.getByRole('switch', { name: `Active: ${target.name.en}` });
  await expect(toggle).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/tour-types/${target.id}`) && r.request().method() === 'PUT',
  );
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(toggle).not.toBeChecked();
  // The click stayed on the switch: the row did not open.
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?.*)?$`));

  await page.reload();
  await expect(page.getByRole('switch', { name: `Active: ${target.name.en}` })).not.toBeChecked({ timeout: 20_000 });
  const visitor = await pageAs(browser, baseURL!);
  await visitor.goto('/en');
  const options = visitor.locator('[data-testid="search-tourType"] option');
  await expect(options.nth(1)).toBeAttached({ timeout: 20_000 });
  expect(await options.allInnerTexts()).not.toContain(target.name.en);
  await visitor.context().close();

  await page.getByRole('switch', { name: `Active: ${target.name.en}` }).click();
  await expect(page.getByRole('switch', { name: `Active: ${target.name.en}` })).toBeChecked();
});

for (const account of ['finance', 'support'] as const) {
  test(`${account} reads master data without the move buttons or switches`, async ({ browser, baseURL }) => {
    const page = await pageAs(browser, baseURL!, account);
    await page.goto(LIST);
    await expect(page.locator('.RaList-content tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('move-buttons')).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expect(page.locator('.RaList-content tbody tr[draggable="true"]')).toHaveCount(0);
  });
}
