import { expect, test } from '@playwright/test';
import { customerVisits, LOCALES, sweep } from './sweep-support';

test.describe.configure({ mode: 'parallel' });

const visits = customerVisits();

for (const locale of LOCALES) {
  test(`customer's area in ${locale}, and the 403 page on an admin route: no error, raw key, missing glyph or WCAG 2.1 AA violation`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(visits.length * 8_000 + 30_000);
    const result = await sweep(browser, baseURL!, 'user', locale, visits);
    test.info().annotations.push({ type: 'visited', description: String(result.visited.length) });
    if (result.slow.length) console.log(`slow screens: ${result.slow.join(', ')}`);
    expect(result.visited).toHaveLength(visits.length);
    expect(result.problems).toEqual([]);
  });
}
