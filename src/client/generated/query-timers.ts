import { notifyManager, timeoutManager, type TimeoutCallback, type TimeoutProvider } from '@tanstack/react-query';

/**
 * react-query keeps a timer per query and per observer: each query is forgotten 5 minutes after its last reader
 * goes (`gcTime`), and each batch of notifications is delivered by a `setTimeout(…, 0)` of its own. A list screen
 * creates a query per reference and per row's check, so its first load installed about 1,200 timers, 850 of them
 * zero-delay ones, most inside the tasks that mount the screen. Here both are shared: long timers fall due on a
 * whole second and share one platform timer per second; the notifications of one task are delivered together in
 * one later task (as before, never inside the task that caused them).
 */

/**
 * Timers at least this long (ms) may fire up to `GRAIN_MS` late: forgetting a query, a stale mark. A retry's
 * first waits (1, 2, 4 s) stay exact.
 */
export const LONG_TIMER_MS = 10_000;
/** Long timers fall due on a multiple of this (ms) and share one platform timer each. */
export const GRAIN_MS = 1000;

/** The platform's timer functions, as the shared timers use them (a test passes counting ones). */
export interface PlatformClock {
  setTimeout: (callback: () => void, delay: number) => unknown;
  clearTimeout: (id: unknown) => void;
  now: () => number;
}

const platform: PlatformClock = {
  setTimeout: (callback, delay) => setTimeout(callback, delay),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

interface Slot {
  timer: unknown;
  callbacks: Map<number, TimeoutCallback>;
}

/**
 * A `TimeoutProvider` whose long timeouts share platform timers, one per `GRAIN_MS` of deadline (the sizes can be set for a test). Their ids are
 * negative numbers; shorter timeouts and intervals are the platform's own (positive ids).
 */
export class SharedTimers implements TimeoutProvider<number> {
  private readonly slots = new Map<number, Slot>();
  private readonly slotOf = new Map<number, number>();
  private lastId = 0;

  constructor(
    private readonly clock: PlatformClock = platform,
    private readonly sizes = { long: LONG_TIMER_MS, grain: GRAIN_MS },
  ) {}

  readonly setTimeout = (callback: TimeoutCallback, delay: number): number => {
    const { long, grain } = this.sizes;
    if (!(delay >= long)) return this.clock.setTimeout(callback, delay) as number;
    const due = Math.ceil((this.clock.now() + delay) / grain) * grain;
    let slot = this.slots.get(due);
    if (!slot) {
      slot = { timer: this.clock.setTimeout(() => this.fire(due), due - this.clock.now()), callbacks: new Map() };
      this.slots.set(due, slot);
    }
    const id = -++this.lastId;
    slot.callbacks.set(id, callback);
    this.slotOf.set(id, due);
    return id;
  };

  readonly clearTimeout = (id: number | undefined): void => {
    if (id === undefined) return;
    if (id >= 0) return this.clock.clearTimeout(id);
    const due = this.slotOf.get(id);
    if (due === undefined) return;
    this.slotOf.delete(id);
    const slot = this.slots.get(due)!;
    slot.callbacks.delete(id);
    if (slot.callbacks.size) return;
    this.clock.clearTimeout(slot.timer);
    this.slots.delete(due);
  };

  readonly setInterval = (callback: TimeoutCallback, delay: number): number => setInterval(callback, delay) as never;
  readonly clearInterval = (id: number | undefined): void => clearInterval(id);

  /** Platform timers now pending for long timeouts. */
  get pendingSlots(): number {
    return this.slots.size;
  }

  private fire(due: number): void {
    const slot = this.slots.get(due);
    if (!slot) return;
    this.slots.delete(due);
    for (const [id, callback] of slot.callbacks) {
      this.slotOf.delete(id);
      callback();
    }
  }
}

/**
 * A notification scheduler that delivers everything scheduled during one task in one later task, in order
 * (react-query's default gives each batch a `setTimeout(…, 0)` of its own).
 */
export function oneTaskPerTick(clock: Pick<PlatformClock, 'setTimeout'> = platform): (callback: () => void) => void {
  let pending: (() => void)[] = [];
  const deliver = () => {
    const due = pending;
    pending = [];
    for (const callback of due) callback();
  };
  return (callback) => {
    pending.push(callback);
    if (pending.length === 1) clock.setTimeout(deliver, 0);
  };
}

let shared = false;

/** Installs the shared timers and the scheduler, once, before the first query client is made. */
export function shareQueryTimers(): void {
  if (shared) return;
  shared = true;
  timeoutManager.setTimeoutProvider(new SharedTimers());
  notifyManager.setScheduler(oneTaskPerTick());
}
