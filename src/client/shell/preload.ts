/** SPEC §6: at most 4 route chunks preload at once; the rest wait their turn. */
export const MAX_PARALLEL_PRELOADS = 4;

type Loader = () => Promise<unknown>;

const started = new Set<string>();
const waiting: Array<{ key: string; load: Loader }> = [];
let running = 0;

function pump() {
  while (running < MAX_PARALLEL_PRELOADS && waiting.length > 0) {
    const next = waiting.shift()!;
    running += 1;
    next
      .load()
      .catch(() => {
        // A preload is a hint: a failure is retried by the real navigation (with its reload guard).
        started.delete(next.key);
      })
      .finally(() => {
        running -= 1;
        pump();
      });
  }
}

/** Queues a route chunk for preloading (once per key). */
export function preload(key: string, load: Loader): void {
  if (started.has(key)) return;
  started.add(key);
  waiting.push({ key, load });
  pump();
}

export function preloadStats() {
  return { running, waiting: waiting.length };
}
