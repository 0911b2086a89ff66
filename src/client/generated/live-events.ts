/** The live stream (server/events/routes.ts). */
const EVENTS_URL = '/api/events';

/** One committed change, as `GET /api/events` sends it (SPEC §8). */
export interface LiveChange {
  resource: string;
  id: number;
  action: string;
  version: number;
  /** When this tab heard of it. */
  at: Date;
}

export type LiveListener = {
  change?(change: LiveChange): void;
  /** The stream opened again after a gap: whatever happened meanwhile was not heard. */
  resumed?(): void;
};

/** Waits before opening the stream again after it failed: doubling from 1 s, at most 30 s, with jitter. */
const backoff = (failures: number) => Math.min(1_000 * 2 ** failures, 30_000) * (0.75 + Math.random() / 2);

/**
 * The tab's one `EventSource` on `/api/events`, shared by whatever listens (both apps, every screen). It opens
 * with the first listener and closes with the last. The browser reconnects by itself after a dropped connection
 * (at the server's `retry:` hint); a refused one (401 while signed out, 429, a server that is away) closes the
 * source, and it is opened again here with backoff.
 */
class LiveEvents {
  private readonly listeners = new Set<LiveListener>();
  private source: EventSource | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private opened = false;

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.open();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.close();
    };
  }

  private open() {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(EVENTS_URL, { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      if (this.opened) for (const listener of this.listeners) listener.resumed?.();
      this.opened = true;
    };
    const deliver = (event: MessageEvent<string>) => {
      let data: Omit<LiveChange, 'at'>;
      try {
        data = JSON.parse(event.data) as Omit<LiveChange, 'at'>;
      } catch {
        return;
      }
      const change = { ...data, at: new Date() };
      for (const listener of this.listeners) listener.change?.(change);
    };
    source.addEventListener('change', deliver);
    source.addEventListener('notification', deliver);
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      this.source = undefined;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.listeners.size && this.open(), backoff(this.failures++));
    };
  }

  private close() {
    clearTimeout(this.timer);
    this.source?.close();
    this.source = undefined;
    this.opened = false;
  }
}

export const liveEvents = new LiveEvents();

/**
 * Records open in an edit form. Their cached copy is not refetched on a change: the form keeps the version it
 * was loaded with, so a save still meets the server's version check, and the form says who changed it instead.
 */
const held = new Map<string, number>();
const heldKey = (resource: string, id: unknown) => `${resource}\u0000${String(id)}`;

export function holdRecord(resource: string, id: unknown): () => void {
  const key = heldKey(resource, id);
  held.set(key, (held.get(key) ?? 0) + 1);
  return () => {
    const left = (held.get(key) ?? 1) - 1;
    if (left) held.set(key, left);
    else held.delete(key);
  };
}

export const isHeld = (resource: string, id: unknown) => held.has(heldKey(resource, id));

/**
 * Versions this tab wrote itself (its saves and transitions): an edit form does not announce the user's own save
 * as someone else's change. Only the latest few are kept.
 */
const own: string[] = [];
const ownKey = (resource: string, id: unknown, version: unknown) =>
  `${resource}\u0000${String(id)}\u0000${String(version)}`;
const OWN_KEPT = 100;

/** Notes a successful write's answer: `/api/{resource}/{id}…` with the record's new version. */
export function noteOwnWrite(url: string, answer: unknown): void {
  const record = answer as { id?: unknown; version?: unknown } | undefined;
  if (!record || record.id === undefined || typeof record.version !== 'number') return;
  const resource = new URL(url, 'http://x').pathname.split('/')[2];
  if (!resource) return;
  own.push(ownKey(resource, record.id, record.version));
  if (own.length > OWN_KEPT) own.shift();
}

export const isOwnWrite = (change: Pick<LiveChange, 'resource' | 'id' | 'version'>) =>
  own.includes(ownKey(change.resource, change.id, change.version));
