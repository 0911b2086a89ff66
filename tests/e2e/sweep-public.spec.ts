import { expect, test } from '@playwright/test';
import { inspect, LOCALES, publicVisits, sweep, titleProblem } from './sweep-support';

test.describe.configure({ mode: 'parallel' });

const visits = publicVisits();

for (const locale of LOCALES) {
  test(`public screens and error pages in ${locale}: no error, raw key, missing glyph or WCAG 2.1 AA violation`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(visits.length * 8_000 + 30_000);
    const result = await sweep(browser, baseURL!, 'public', locale, visits);
    test.info().annotations.push({ type: 'visited', description: String(result.visited.length) });
    if (result.slow.length) console.log(`slow screens: ${result.slow.join(', ')}`);
    expect(result.visited).toHaveLength(visits.length);
    expect(result.problems).toEqual([]);
  });
}

test('the sweep catches a raw key, text no bundled font covers, a wrong lang and a wrong tab title', async ({
  page,
}) => {
  // Every page registers the bundled script faces; text set in a family that names none of them (a stylesheet
  // that forgot the app's font stack) has no bundled face for its Lao.
  await page.goto('/en');
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.textContent = 'ສະບາຍດີ resources.orders.name';
    probe.title = 'app.menu.accounts';
    probe.style.fontFamily = 'serif';
    document.body.append(probe);
  });
  const problems = await inspect(page, 'lo');
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^untranslated key: .*resources\.orders\.name/),
      expect.stringMatching(/^untranslated key: title="app\.menu\.accounts"/),
      expect.stringMatching(/^no bundled font covers "ສ"/),
      '<html lang="en">',
    ]),
  );
  await page.evaluate(() => (document.title = 'Lantern'));
  expect(await titleProblem(page, 'Orders · Lantern')).toBe('tab title "Lantern", expected "Orders · Lantern"');
  expect(await titleProblem(page, 'Lantern')).toBeUndefined();
});

test("the sweep catches a control whose visible text is not part of its name (the bell's old label)", async ({
  page,
}) => {
  await page.goto('/en');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  // The bell as it was: its visible count "3" inside "(3 unread)" is not a word of the name (WCAG 2.5.3).
  await page.evaluate(() => {
    const bell = document.createElement('button');
    bell.setAttribute('aria-label', 'Notifications (3 unread)');
    bell.innerHTML = '<span>3</span>';
    document.querySelector('main')!.append(bell);
  });
  expect(await inspect(page, 'en')).toEqual([expect.stringMatching(/^axe serious label-content-name-mismatch/)]);
  // As the bell is now: the count is a word of its name.
  await page.evaluate(() =>
    document.querySelector('main button[aria-label]')!.setAttribute('aria-label', 'Notifications, 3 unread'),
  );
  expect(await inspect(page, 'en')).toEqual([]);
});
