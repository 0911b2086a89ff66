import { expect, test } from '@playwright/test';
import { LOCALES, publicVisits, sweep } from './sweep-support';

test.describe.configure({ mode: 'parallel' });

const visits = publicVisits();

for (const locale of LOCALES) {
  test(`public screens and error pages in ${locale}: no error, raw key, missing glyph or serious axe finding`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(visits.length * 8_000 + 30_000);
    const result = await sweep(browser, baseURL!, 'public', locale, visits);
    test.info().annotations.push({ type: 'visited', description: String(result.visited.length) });
    expect(result.visited).toHaveLength(visits.length);
    expect(result.problems).toEqual([]);
  });
}

test('the bare / renders the home page without problems', async ({ browser, baseURL }) => {
  const result = await sweep(browser, baseURL!, 'public', 'lo', [{ path: '' }]);
  expect(result.problems.filter((problem) => !problem.includes('no bundled font'))).toEqual([]);
});
