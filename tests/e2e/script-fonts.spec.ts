import { expect, test, type Page } from '@playwright/test';

// Each page registers the faces of the scripts it shows: the UI locale's at once, another script's when its text
// appears (a Chinese name on an English page), and none of the Chinese stylesheets' hundred subsets otherwise.

const families = (page: Page) =>
  page.evaluate(() => [...new Set([...document.fonts].map((face) => face.family.replace(/^["']|["']$/g, '')))]);

test('the English home registers no Chinese faces until Chinese text appears, then draws it in them', async ({
  page,
}) => {
  await page.goto('/en');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await families(page)).not.toContain('Noto Sans SC');

  await page.evaluate(() => {
    const note = document.createElement('p');
    note.textContent = '琅勃拉邦 一日游';
    note.dataset.testid = 'chinese-note';
    document.querySelector('main')!.append(note);
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((face) => face.family.includes('Noto Sans SC') && face.status === 'loaded');
      }),
    )
    .toBe(true);
});

test('the Chinese home registers its faces at once', async ({ page }) => {
  await page.goto('/zh');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  await expect.poll(() => families(page)).toContain('Noto Sans SC');
});
