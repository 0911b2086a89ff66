import { expect, test } from '@playwright/test';
import { LIST_DEVICES, LIST_ROWS, LIST_SCREENS, signInAs } from './list-screens';

// A list opened by a page load comes with its first page inside the page (server/primed-answers.ts): the list
// draws it without asking, on a desk (the table) and on a phone (an owner's cards), so a phone on slow 4G spares
// the round trip between the script and the rows.

for (const device of LIST_DEVICES)
  test.describe(`a list opened by a page load on ${device.name} asks nothing for its first page`, () => {
    test.use({ viewport: device.viewport });
    for (const screen of LIST_SCREENS)
      test(screen.name, async ({ page }) => {
        await signInAs(page, screen);
        // The tab's live stream tells which resources changed meanwhile (another test, in the other worker, may
        // approve a service): the list then asks for its page again, as it should.
        await page.addInitScript(() => {
          const changed: string[] = [];
          Object.assign(window, { lanternChanged: changed });
          const Native = window.EventSource;
          window.EventSource = class extends Native {
            constructor(...args: ConstructorParameters<typeof EventSource>) {
              super(...args);
              this.addEventListener('change', (event) => changed.push(JSON.parse(event.data).resource));
            }
          };
        });
        const resource = screen.api.slice('/api/'.length, -1);
        const firstPages: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          // The list's own page: a range from its first row. A reference's titles are asked by id, without one;
          // a count (the menu's badge, a tab's) is a range of one row.
          const range = url.searchParams.get('range');
          if (`${url.pathname}?`.startsWith(screen.api) && range?.startsWith('[0,') && range !== '[0,0]')
            firstPages.push(request.url());
        });
        await page.goto(screen.path);
        await expect(page.locator(LIST_ROWS).first()).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        const changed = await page.evaluate(() => (window as unknown as { lanternChanged: string[] }).lanternChanged);
        if (!changed.includes(resource)) expect(firstPages).toEqual([]);
        else test.info().annotations.push({ type: 'live change', description: `${resource} changed meanwhile` });
        // Asked again, as any later visit asks: the answer primed was used once. On a phone the refresh button is
        // folded with the language and theme behind the bar's settings button.
        const folded = page.getByTestId('bar-settings');
        if (await folded.isVisible()) await folded.click();
        await page
          .getByRole('button', { name: /refresh|reload/i })
          .first()
          .click();
        await expect.poll(() => firstPages.length).toBeGreaterThan(0);
      });
  });
