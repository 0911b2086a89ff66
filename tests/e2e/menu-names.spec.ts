import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './list-screens';

// A menu entry's name holds what it shows (WCAG 2.5.3), its count included: open or folded to its icons, wide or narrow.
// The counts come after the menu, so the check waits for them: the sweeps look at a menu that may not have them yet.

const ADMIN = { email: 'admin@example.com', password: 'Admin#2026' };
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function menuWithCounts(page: Page) {
  const counts = page.locator('[role="menu"] [data-testid^="badge-"] .MuiBadge-badge');
  await expect(counts.first()).toBeAttached({ timeout: 20_000 });
  await expect.poll(async () => (await counts.allInnerTexts()).some((text) => /^[1-9]/.test(text.trim()))).toBe(true);
  const result = await new AxeBuilder({ page }).include('[role="menu"]').withTags(WCAG_AA).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

for (const { name, width } of [
  { name: 'a desk', width: 1280 },
  { name: 'a narrow window', width: 700 },
]) {
  test(`on ${name}, the menu's counted entries are named by what they show, before and after the menu button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, ADMIN);
    await page.goto('/en/admin/dashboard');
    const partners = page.locator('[role="menu"] a[href$="/admin/accounts/partner"]').first();
    for (const toggled of [false, true]) {
      if (toggled) await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click();
      expect(await menuWithCounts(page)).toEqual([]);
      const shown = (await partners.locator('.MuiBadge-badge').innerText()).trim();
      await expect(partners).toHaveAccessibleName(new RegExp(`^${shown}\\s*Partners$`));
    }
  });
}
