import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers';
import { submitPendingServices } from './partner-helpers';

/** Set on the page before a colleague acts: still there afterwards means the page was never reloaded. */
const markPage = () => ((window as unknown as { liveMark: number }).liveMark = 42);
const pageMark = () => (window as unknown as { liveMark?: number }).liveMark;

test("a moderator's open queue loses the item a colleague approved in another browser, without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `Live queue ${Date.now()}`;
  const [first, second] = await submitPendingServices(baseURL!, tag, 2);
  await signInAdmin(page, 'moderator@example.com');
  const queue = `/en/admin/service-review?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`;
  await page.goto(queue);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  // The menu badge counts the whole queue, which other suites also move: it is held to the server's count.
  const badge = page.getByTestId('badge-service-review').locator('.MuiBadge-badge');
  const pendingTotal = async () => {
    const answer = await page.request.get(
      `/api/services?filter=${encodeURIComponent('{"status":"pending"}')}&range=[0,0]`,
    );
    return (answer.headers()['content-range'] ?? '').split('/')[1];
  };
  const before = await pendingTotal();
  await expect(badge).toHaveText(before);
  await page.evaluate(markPage);

  const colleagueContext = await browser.newContext();
  try {
    const colleague = await colleagueContext.newPage();
    await signInAdmin(colleague, 'admin@example.com');
    await colleague.goto(queue);
    const theirRows = colleague.locator('table tbody tr');
    await expect(theirRows).toHaveCount(2);
    await theirRows.first().getByTestId('row-actions').locator('[data-action="approve"]').click();
    await expect(theirRows).toHaveCount(1);
  } finally {
    await colleagueContext.close();
  }
  const approved = await (await page.request.get(`/api/services/${first}`)).json();
  expect(approved.status).toBe('approved');

  // The moderator's screen follows by itself: the approved item is gone, the other one stays.
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag} 2`);
  await expect
    .poll(async () => ((await badge.innerText()) === (await pendingTotal()) ? 'same' : 'differs'))
    .toBe('same');
  expect(await page.evaluate(pageMark)).toBe(42);
  expect((await (await page.request.get(`/api/services/${second}`)).json()).status).toBe('pending');
});

test('an open edit form says who changed its record before the user saves', async ({ page, browser, baseURL }) => {
  await signInAdmin(page, 'moderator@example.com');
  const [row] = (await (await page.request.get(`/api/tour-types?range=${encodeURIComponent('[0,0]')}`)).json()) as {
    id: number;
  }[];
  await page.goto(`/en/admin/master-data/tour-types/${row.id}`);
  const sortOrder = page.locator('input[name="sortOrder"]');
  await expect(sortOrder).toBeVisible();
  await page.evaluate(markPage);
  await expect(page.getByTestId('changed-elsewhere')).toHaveCount(0);

  const colleagueContext = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  try {
    const colleague = await colleagueContext.newPage();
    await signInAdmin(colleague, 'admin@example.com');
    const current = await (await colleague.request.get(`/api/tour-types/${row.id}`)).json();
    const saved = await colleague.request.put(`/api/tour-types/${row.id}`, {
      data: { sortOrder: Number(current.sortOrder) + 1, version: current.version },
    });
    expect(saved.ok()).toBe(true);
  } finally {
    await colleagueContext.close();
  }

  const notice = page.getByTestId('changed-elsewhere');
  await expect(notice).toContainText(/^Changed by admin@example\.com at .+\./);
  expect(await page.evaluate(pageMark)).toBe(42);
  // Reload takes the colleague's version into the form: the notice goes and a save is accepted.
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await sortOrder.fill('78');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/master-data/tour-types/${row.id}/show$`));
});
