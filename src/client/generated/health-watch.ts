import { onFault } from './faults';

/** How often `/api/health` is asked: rarely while all is well, every 2 s while the database is away. */
export const QUIET_CHECK_MS = 30_000;
export const AWAY_CHECK_MS = 2_000;

/** Health answers that mean "no database" (not a process draining behind a balancer, which another serves). */
const AWAY = new Set(['unavailable', 'starting']);

type Listener = (away: boolean) => void;

/**
 * Whether the server says its database is away (SPEC §10's banner). It asks `/api/health` every 30 s while the
 * page is visible, at once when a request was refused as unavailable, and every 2 s while the database is away,
 * so the banner goes by itself within moments of the database's return. One watch serves every subscriber.
 */
class HealthWatch {
  away = false;
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private checking: Promise<void> | undefined;
  private stopFaults: (() => void) | undefined;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.stop();
    };
  }

  private start() {
    this.stopFaults = onFault((kind) => {
      if (kind === 'unavailable') void this.check();
    });
    document.addEventListener('visibilitychange', this.onVisibility);
    this.schedule();
  }

  private stop() {
    this.stopFaults?.();
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.timer);
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') void this.check();
  };

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), this.away ? AWAY_CHECK_MS : QUIET_CHECK_MS);
  }

  check(): Promise<void> {
    this.checking ??= this.ask().finally(() => {
      this.checking = undefined;
      if (this.listeners.size) this.schedule();
    });
    return this.checking;
  }

  private async ask() {
    if (document.visibilityState === 'hidden' && !this.away) return;
    let away = false;
    try {
      const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, cache: 'no-store' });
      if (response.status === 503) away = AWAY.has(((await response.json()) as { status?: string }).status ?? '');
    } catch {
      // No answer at all is the network's or the server's trouble, not the database's: the toasts say that.
      away = this.away;
    }
    if (away === this.away) return;
    this.away = away;
    for (const listener of this.listeners) listener(away);
  }
}

export const healthWatch = new HealthWatch();
