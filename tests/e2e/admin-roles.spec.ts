import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ROLES, type AdminRole } from '../../src/core/roles';
import { storageStateFor, trackNetwork } from './sweep-support';

/**
 * Every admin route of SPEC §2 (and the extra admin lists), as each administrator sub-role, in `en`
 * and `lo`. A role that may open a route sees it with data, without an error on the page or in the console;
 * a role that may not gets the 403 page; the menu offers exactly what the role may open; the Create button
 * only appears for the roles that may create.
 *
 * The table is SPEC §1 written out, not derived from the configs, so a config that hands a screen to the wrong
 * role fails here. Where SPEC §1 is silent the roles also read what their own work refers to: finance reads
 * customers, partners and orders (who paid, who is paid), moderator and support read administrators (complaint
 * assignees) and everyone reads master data, services, schedules, the system screen (the audit trail behind
 * every record's history tab) and settings (platform currency and rules; only super_admin changes them).
 */

const ALL = ADMIN_ROLES;
const SUPER: AdminRole = 'super_admin';
const MODERATOR: AdminRole = 'moderator';
const FINANCE: AdminRole = 'finance';
const SUPPORT: AdminRole = 'support';

interface Screen {
  /** Below `/{locale}/admin/`. */
  route: string;
  /** Roles that open it. */
  opens: readonly AdminRole[];
  /** Selectors that only appear once the screen shows data. */
  ready: readonly string[];
  /** Roles that see the list's Create button (a list screen; none when absent). */
  creates?: readonly AdminRole[];
  /** Roles that may change the form (a settings group): the others see it read-only and not in their menu. */
  edits?: readonly AdminRole[];
  /** A list whose first row opens its record page below the route. */
  records?: boolean;
  /** A settings group's input that holds a value: enabled for its editors, disabled for the others. */
  input?: string;
}

const ROWS = 'table tbody tr';
const list = (route: string, opens: readonly AdminRole[], creates: readonly AdminRole[] = []): Screen => ({
  route,
  opens,
  ready: [ROWS],
  creates,
  records: true,
});
const settings = (group: string, input: string): Screen => ({
  route: `settings/${group}`,
  opens: ALL,
  ready: [`input[name="${input}"]`],
  edits: [SUPER],
  input: `input[name="${input}"]`,
});

const SCREENS: readonly Screen[] = [
  { route: 'dashboard', opens: ALL, ready: ['[data-testid^="queue-"]'] },
  { route: 'statistics', opens: [SUPER, FINANCE], ready: ['[data-testid^="series-"] svg'] },
  list('complaint', [SUPER, MODERATOR, SUPPORT]),
  list('accounts/user', ALL, [SUPER, MODERATOR, SUPPORT]),
  list('accounts/admin', [SUPER, MODERATOR, SUPPORT], [SUPER]),
  list('accounts/partner', ALL, [SUPER, MODERATOR]),
  // SPEC §19: the resellers who sell through OCTO are finance's.
  list('accounts/resellers', [SUPER, FINANCE], [SUPER, FINANCE]),
  settings('general', 'platformName'),
  settings('commission', 'defaultRate'),
  settings('payments', 'minWithdrawal'),
  // SPEC §12: the roles that must use two steps (none in the demo, so the list shows no value to check).
  { route: 'settings/security', opens: ALL, ready: ['form [role="combobox"]'], edits: [SUPER] },
  list('profile-review', [SUPER, MODERATOR, SUPPORT], [SUPER, MODERATOR]),
  list('service-review', ALL),
  // SPEC §16: the travellers' reviews and the moderation queue of those waiting.
  list('review-moderation', [SUPER, MODERATOR, SUPPORT]),
  list('reviews', [SUPER, MODERATOR, SUPPORT]),
  list('services/travel', ALL, [SUPER, MODERATOR]),
  list('master-data/tour-types', ALL, [SUPER, MODERATOR]),
  list('master-data/provinces', ALL, [SUPER, MODERATOR]),
  list('payments/history', [SUPER, FINANCE]),
  list('payments/refund-request', [SUPER, FINANCE], [SUPER, FINANCE]),
  list('payments/withdraw-request', [SUPER, FINANCE]),
  // SPEC §11: every payment that came in, and finance's queue of the unmatched ones.
  list('payments/incoming', [SUPER, FINANCE]),
  list('payments/unmatched', [SUPER, FINANCE]),
  { ...list('system', ALL), ready: ['[data-testid="health"] [data-testid="migration"]', ROWS] },
  // Admin lists beyond SPEC §2's table ("more routes may be added"): support reads orders (SPEC §1).
  list('orders', ALL),
  // super_admin may act for a partner as the operator of last resort.
  list('schedules', ALL, [SUPER]),
  // SPEC §8: every admin's own notifications (possibly none yet), and the mail outbox for super_admin.
  { route: 'notifications', opens: ALL, ready: [`${ROWS}, [data-testid="list-empty"]`] },
  list('system/mail', [SUPER]),
];

/** The menu's destinations for a role: every screen it opens, settings groups only for their editors. */
function expectedMenu(role: AdminRole): string[] {
  return SCREENS.filter((screen) => screen.opens.includes(role) && (!screen.edits || screen.edits.includes(role)))
    .map((screen) => screen.route)
    .sort();
}

/** Moves within the admin app the way its links do, so the app is not booted again for every screen. */
async function open(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectNoErrorPage(page: Page, where: string) {
  await expect(page.getByTestId('error-page'), `${where}: error page`).toHaveCount(0);
  await expect(page.locator('.MuiAlert-standardError, .MuiAlert-filledError'), `${where}: error alert`).toHaveCount(0);
}

test.describe.configure({ mode: 'parallel' });

for (const locale of ['en', 'lo'] as const) {
  for (const role of ALL) {
    test(`${role} in ${locale}: each admin route opens with data or answers 403, menu and Create as SPEC §1 says`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ storageState: await storageStateFor(baseURL!, role), locale });
      const page = await context.newPage();
      const console: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') console.push(message.text());
      });
      page.on('pageerror', (error) => console.push(`uncaught: ${error.message}`));
      // Each screen waits for its own requests to end, so what it logs is not counted against the next one.
      const network = trackNetwork(page);
      const settled = () => network.quiet(page);
      const admin = `/${locale}/admin`;
      await page.goto(`${admin}/dashboard`);

      // The menu leads exactly to what the role may open (permissions load after the first paint).
      const menu = page.getByRole('menu');
      await expect(menu.locator(`a[href="${admin}/dashboard"]`)).toBeVisible();
      const expected = expectedMenu(role);
      await expect
        .poll(async () =>
          (await menu.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))
            .map((href) => href.slice(admin.length + 1))
            .sort(),
        )
        .toEqual(expected);

      // After a refused screen the page is loaded afresh: react-admin's move to its access-denied screen may
      // still be under way and would land on the next screen.
      let reload = false;
      for (const screen of SCREENS) {
        const path = `${admin}/${screen.route}`;
        const where = `${role} ${path}`;
        await settled();
        console.length = 0;
        network.touch();
        if (reload) await page.goto(path);
        else await open(page, path);
        reload = !screen.opens.includes(role);
        if (!screen.opens.includes(role)) {
          // The app's answer to a screen the role may not open: the 403 page (in place, or on react-admin's
          // access-denied screen), and none of the screen's data.
          await expect(page, where).toHaveURL(new RegExp(`(${path}|${admin}/access-denied)$`));
          await expect(page.getByTestId('error-status'), where).toHaveText('403');
          await expect(page.locator(ROWS), where).toHaveCount(0);
          // The refused request the list may have sent before the check answered is the only console error.
          expect(
            console.filter((text) => !/status of 403/.test(text)),
            where,
          ).toEqual([]);
          continue;
        }
        await expect(page, where).toHaveURL(new RegExp(`${path}$`));
        for (const ready of screen.ready) await expect(page.locator(ready).first(), where).toBeVisible();
        await expectNoErrorPage(page, where);
        if (screen.edits) {
          // A settings group: its editor changes it, the other roles read it.
          const editor = screen.edits.includes(role);
          if (screen.input) {
            const input = page.locator(screen.input);
            await expect(input, where).not.toHaveValue('');
            if (editor) await expect(input, where).toBeEnabled();
            else await expect(input, where).toBeDisabled();
          }
          await expect(page.locator('button[type="submit"]'), where).toHaveCount(editor ? 1 : 0);
        }
        if (screen.creates) {
          await expect(page.locator(`a[href="${path}/create"]`), `${where}: Create button`).toHaveCount(
            screen.creates.includes(role) ? 1 : 0,
          );
        }
        if (screen.records) {
          // A record page nests under its list route and shows the record.
          // Clicked once the screen is settled (the checkbox column comes with the permissions), on a data cell
          // without a link or button of its own.
          await settled();
          await expect(page.locator('[data-placeholder-rows]'), `${where}: first page drawn`).toHaveCount(0);
          // And once its first row has stopped changing: a reference drawn after the network went quiet (its link
          // comes with the account's permissions) would otherwise take the click meant for a plain cell.
          let before = '';
          await expect
            .poll(
              async () => {
                const now = await page.locator(ROWS).first().innerHTML();
                const same = now === before;
                before = now;
                return same;
              },
              { message: `${where}: first row settled`, intervals: [300] },
            )
            .toBe(true);
          // The row's last such cell: a list ends on its dates and statuses, which never become links, where a
          // reference's cell can gain its link while the click is on its way (seen once under a full run's load).
          const cell = page.locator(ROWS).first().locator('td[class*="column-"]:not(:has(a, button, input))').last();
          const record = new RegExp(`${path}/\\d+/show$`);
          // react-admin resolves a row's click after the press (it asks whether the record may be shown). Under CI's
          // load one press in a full run was not followed (not reproduced alone): a person presses again, so does this.
          await expect(async () => {
            if (!record.test(page.url())) await cell.click();
            await expect(page).toHaveURL(record, { timeout: 3_000 });
          }, where).toPass({ timeout: 15_000 });
          await expect(page.locator('.RaShow-main .ra-field').first(), where).toBeVisible();
          await expectNoErrorPage(page, `${where} (record)`);
        }
        expect(console, where).toEqual([]);
      }
      await context.close();
    });
  }
}
