import type { SessionAccount } from './session-account';

/** How long a resolved session is trusted without reading it again. */
export const SESSION_CACHE_TTL_MS = 2_000;
/** Sessions remembered at most; the oldest is forgotten first. */
export const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Remembers, for two seconds, which principal a session token resolved to, so a burst of requests (a grid
 * page, its counts, its references) reads the session once rather than once per request. Correctness does
 * not rest on the time limit: every write that changes an account or ends a session clears the cache, here
 * and in every other instance (auth-changes.ts). The limit only bounds what a write made outside the API
 * (a manual SQL update) could leave behind. While the cross-instance channel is down nothing is remembered.
 */
export class SessionCache {
  private readonly entries = new Map<string, { found: SessionAccount; until: number }>();
  /** False while other instances' changes might go unheard. */
  enabled = true;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly max = SESSION_CACHE_ENTRIES,
  ) {}

  get(token: string): SessionAccount | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.found;
  }

  /** Remembers a live session until the limit or its expiry, whichever comes first. */
  remember(token: string, found: SessionAccount): void {
    if (!this.enabled || !found.account) return;
    const until = Math.min(Date.now() + this.ttlMs, found.expiresAt.getTime());
    this.entries.delete(token);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { found: { ...found, stale: false }, until });
  }

  forget(token?: string): void {
    if (token === undefined) this.entries.clear();
    else this.entries.delete(token);
  }
}
