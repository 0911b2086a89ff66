/**
 * Lighthouse's CPU benchmark index of this machine now, computed as Lighthouse computes it: its own page function
 * run in a page of Debian's Chromium. Every bench prints it beside its figures, so a figure can be read against how
 * fast (or how busy) the machine was when it was taken; docs/benchmarks.md quotes it with each.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchChromium } from './server';

export async function cpuIndex(): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const source = pageFunctions.computeBenchmarkIndex.toString();
    return Math.round(await page.evaluate(`(${source})()`));
  } finally {
    await browser.close();
  }
}
