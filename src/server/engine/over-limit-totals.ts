import type { Kysely, RawBuilder } from 'kysely';
import type { Total } from './list-total';

/** How long a filter known to match more rows than the exact-count limit is trusted to still do so. */
export const OVER_LIMIT_TTL_MS = 10_000;
/** Distinct filters remembered; the oldest is forgotten first. */
export const OVER_LIMIT_ENTRIES = 1_000;

/**
 * Remembers, for a few seconds, the totals of filters that matched more rows than the exact-count limit.
 * Such totals are already approximate ("10,000+", "about 100,800"), and a filter that large does not drop
 * under the limit between two page turns, so repeating the capped count and the planner estimate on every
 * request (two statements, ~10,000 index entries read) buys nothing. Exact totals are never remembered:
 * a small list shows a created or deleted row at once.
 */
export class OverLimitTotals {
  private readonly entries = new Map<string, { total: Total; until: number }>();

  constructor(
    private readonly ttlMs = OVER_LIMIT_TTL_MS,
    private readonly max = OVER_LIMIT_ENTRIES,
  ) {}

  key(db: Kysely<any>, table: string, filter: RawBuilder<boolean>): string {
    const compiled = filter.compile(db);
    return `${table}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  }

  get(key: string): Total | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.total;
  }

  remember(key: string, total: Total): void {
    if (total.kind === 'exact') return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { total, until: Date.now() + this.ttlMs });
  }
}
