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
