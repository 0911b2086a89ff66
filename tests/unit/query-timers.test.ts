// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/client/generated/query-client';
import {
  LONG_TIMER_MS,
  oneTaskPerTick,
  SharedTimers,
  type PlatformClock,
} from '../../src/client/generated/query-timers';

/** Shorter than the app's sizes, for a test that waits for real. */
const LONG = 200;
const GRAIN = 100;

/** The platform's own timers, counting what is installed and cleared. */
function countingClock() {
  const installed: number[] = [];
  let cleared = 0;
  const clock: PlatformClock = {
    setTimeout: (callback, delay) => {
      installed.push(delay);
      return setTimeout(callback, delay);
    },
    clearTimeout: (id) => {
      cleared += 1;
      clearTimeout(id as ReturnType<typeof setTimeout>);
    },
    now: () => performance.now(),
  };
  return { clock, installed, cleared: () => cleared };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('react-query’s shared timers', () => {
  it('lets long timeouts falling due within one grain share one platform timer, each firing once, never early', async () => {
    const { clock, installed } = countingClock();
    const timers = new SharedTimers(clock, { long: LONG, grain: GRAIN });
    const started = performance.now();
    const fired: [number, number][] = [];
    const delays = [LONG, LONG + 1, LONG + 5, LONG + 10];
    for (const [index, delay] of delays.entries())
      timers.setTimeout(() => fired.push([index, performance.now() - started]), delay);
    expect(installed.length).toBeLessThanOrEqual(2);
    await sleep(LONG + 2 * GRAIN + 50);
    expect(fired.map(([index]) => index).sort()).toEqual([0, 1, 2, 3]);
    for (const [index, at] of fired) expect(at).toBeGreaterThanOrEqual(delays[index] - 1);
    for (const [, at] of fired) expect(at).toBeLessThan(LONG + 10 + GRAIN + 500);
    expect(timers.pendingSlots).toBe(0);
  });

  it('forgets a cleared timeout, and the platform timer with the last one of its second', async () => {
    const { clock, installed, cleared } = countingClock();
    const timers = new SharedTimers(clock, { long: LONG, grain: GRAIN });
    const fired: string[] = [];
    const first = timers.setTimeout(() => fired.push('first'), 5 * LONG);
    const second = timers.setTimeout(() => fired.push('second'), 5 * LONG);
    expect(first).toBeLessThan(0);
    expect(installed).toHaveLength(1);
    timers.clearTimeout(first);
    expect(cleared()).toBe(0);
    expect(timers.pendingSlots).toBe(1);
    timers.clearTimeout(second);
    expect(cleared()).toBe(1);
    expect(timers.pendingSlots).toBe(0);
    // Clearing again, or an id never given, does nothing.
    timers.clearTimeout(second);
    timers.clearTimeout(undefined);
    expect(cleared()).toBe(1);
    expect(fired).toEqual([]);
  });

  it('leaves a short timeout to the platform, as it was asked', async () => {
    const { clock, installed } = countingClock();
    const timers = new SharedTimers(clock, { long: LONG, grain: GRAIN });
    const fired: string[] = [];
    const kept = timers.setTimeout(() => fired.push('kept'), 10);
    const dropped = timers.setTimeout(() => fired.push('dropped'), 20);
    expect(installed).toEqual([10, 20]);
    // The app's own sizes: a retry's first waits are never moved.
    expect(LONG_TIMER_MS).toBeGreaterThan(4000);
    expect(Number(kept)).toBeGreaterThan(0);
    timers.clearTimeout(dropped);
    await sleep(60);
    expect(fired).toEqual(['kept']);
  });

  it('delivers the notifications of one task together in one later task, in order', async () => {
    const { clock, installed } = countingClock();
    const schedule = oneTaskPerTick(clock);
    const delivered: number[] = [];
    for (let n = 1; n <= 50; n++) schedule(() => delivered.push(n));
    expect(delivered).toEqual([]);
    expect(installed).toEqual([0]);
    await sleep(5);
    expect(delivered).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // A notification scheduled while delivering waits for a task of its own.
    schedule(() => {
      delivered.push(100);
      schedule(() => delivered.push(101));
    });
    // Each in a task of its own, so waited for as long as the machine takes (a fixed 5 ms could end between them).
    await vi.waitFor(() => expect(delivered.slice(50)).toEqual([100, 101]), { timeout: 5_000, interval: 5 });
    expect(installed).toEqual([0, 0, 0]);
  });

  it('keeps a screen’s worth of queries and their readers to a few platform timers', async () => {
    const client = createQueryClient();
    const platform = vi.spyOn(globalThis, 'setTimeout');
    const observers = Array.from(
      { length: 100 },
      (_, id) =>
        new QueryObserver(client, {
          queryKey: ['orders', 'getOne', { id }],
          queryFn: async () => ({ id }),
          staleTime: 60_000,
        }),
    );
    const unsubscribe = observers.map((observer) => observer.subscribe(() => undefined));
    await sleep(20);
    expect(observers.every((observer) => observer.getCurrentResult().data !== undefined)).toBe(true);
    for (const stop of unsubscribe) stop();
    const calls = platform.mock.calls.length;
    platform.mockRestore();
    // Without sharing: a forget timer per query and per reader, a stale timer per reader, a notification per batch.
    expect(calls).toBeLessThan(20);
    expect(client.getQueryCache().getAll()).toHaveLength(100);
    client.clear();
  });
});
