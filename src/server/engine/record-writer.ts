import type { Kysely } from 'kysely';
import type { DataContext, Row } from '../../core/resource';
import type { Principal } from '../../core/roles';
import type { AuditEntry } from './audit';
import type { Registry } from './registry';

export interface UpdateOptions {
  /** Write no audit row (the caller writes one that says more, e.g. a transition). */
  audit?: false | Partial<AuditEntry>;
  /** Do not bump `version` (a second write of the same change). */
  bump?: boolean;
  /** The session (id) that survives a new password of its own account; every other one ends. */
  keepSession?: string;
  /** The action the live event stream names (a transition's name); default `update`. */
  event?: string;
  /** What the change is when more than an edit (a check-in): the audit row's action and the live event's. */
  action?: string;
}

/**
 * What the transitions, notifications and security notices ask of a request's writer (data-context.ts's `Writer`,
 * which calls them in turn): named apart from the class so that neither side imports the other.
 */
export interface RecordWriter extends DataContext {
  readonly trx: Kysely<any>;
  readonly registry: Registry;
  readonly principal: Principal;
  readonly now: Date;
  insert(
    resource: string,
    values: Record<string, unknown>,
    action?: string,
    options?: { audit?: false; verifyRedirect?: string },
  ): Promise<Row>;
  insertMany(
    resource: string,
    rows: readonly Record<string, unknown>[],
    options?: { skipTaken?: readonly string[]; chunk?: number },
  ): Promise<Row[]>;
  unlessTaken<T>(work: () => Promise<T>): Promise<{ value: T } | { taken: string }>;
  update(resource: string, id: number, patch: Record<string, unknown>, options?: UpdateOptions): Promise<Row>;
  remove(resource: string, id: number): Promise<Row>;
}
