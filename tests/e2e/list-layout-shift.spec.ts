import { expect, test, type Page } from '@playwright/test';
import { LIST_DEVICES, LIST_ROWS, LIST_SCREENS, signInAs } from './list-screens';

// A generated list holds still while it loads: the rows, references and counts arriving fill the room kept for
// them instead of pushing the screen down (web.dev's "good" CLS is ≤ 0.1; the lists aim at 0.05).

/** Every API answer comes this late: the shifts then do not depend on how fast the machine is. */
const API_DELAY_MS = 800;
/** The screen has settled once no API request has been in flight for this long. */
const QUIET_MS = 1500;
const MAX_SHIFT = 0.05;

declare global {
  interface Window {
    __shifts: { value: number; sources: string[] }[];
  }
}

/** From the document's first script on: each layout shift not caused by input, with what moved. */
function observeShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((source) => {
        const node = source.node;
        if (!(node instanceof Element)) return node?.nodeName ?? '?';
        return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`;
      });
      window.__shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Delays every API answer and counts the requests in flight, to know when the screen has nothing left to fill. */
async function slowApi(page: Page) {
  const state = { inFlight: 0, lastEnd: Date.now() };
  await page.route('**/api/**', async (route) => {
    state.inFlight += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.continue();
    } finally {
      state.inFlight -= 1;
      state.lastEnd = Date.now();
    }
  });
  return state;
}

async function shiftsWhileLoading(page: Page, path: string) {
  await page.addInitScript(observeShifts);
  const api = await slowApi(page);
  await page.goto(path);
  await expect(page.locator(LIST_ROWS).first()).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => api.inFlight === 0 && Date.now() - api.lastEnd > QUIET_MS, { timeout: 30_000, intervals: [250] })
    .toBe(true);
  const shifts = await page.evaluate(() => window.__shifts);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // Printed so that a failure says what moved.
  console.log(`${path}: layout shift ${total.toFixed(4)}`, JSON.stringify(shifts));
  return total;
}

for (const device of LIST_DEVICES)
  test.describe(`a generated list holds still while it loads on ${device.name} (API answers delayed)`, () => {
    test.use({ viewport: device.viewport });
    for (const screen of LIST_SCREENS)
      test(screen.name, async ({ page }) => {
        await signInAs(page, screen);
        expect(await shiftsWhileLoading(page, screen.path)).toBeLessThan(MAX_SHIFT);
      });
  });
