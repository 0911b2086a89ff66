import { expect, test } from '@playwright/test';
import { adminVisits, LOCALES, sweep } from './sweep-support';

// Each role × locale is its own test so the two workers share the load; each reports every problem it finds.
test.describe.configure({ mode: 'parallel' });

const visits = adminVisits();

for (const locale of LOCALES) {
  for (const [role, routes] of Object.entries(visits) as [
    keyof typeof visits,
    (typeof visits)[keyof typeof visits],
  ][]) {
    test(`admin screens as ${role} in ${locale}: no error, raw key, missing glyph or WCAG 2.1 AA violation`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(routes.length * 16_000 + 30_000);
      const result = await sweep(browser, baseURL!, role, locale, routes);
      test.info().annotations.push({ type: 'visited', description: String(result.visited.length) });
      if (result.slow.length) console.log(`slow screens: ${result.slow.join(', ')}`);
      expect(result.visited).toHaveLength(routes.length);
      expect(result.problems).toEqual([]);
    });
  }
}
