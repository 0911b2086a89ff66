import type { Kysely } from 'kysely';
import type { Principal } from '../../core/roles';
import { tableName } from '../../core/resource';
import { toColumns, type Registry } from './registry';

export interface AuditEntry {
  resource: string;
  recordId: number;
  /** `create`, `update`, `delete` or a transition's name. */
  action: string;
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  /** Changed fields: `{field: [before, after]}`; secrets show as `'[changed]'`. */
  diff?: Record<string, unknown> | null;
}

/** The email of the acting account, so the trail stays readable after the account is gone. */
async function actorEmail(trx: Kysely<any>, registry: Registry, principal: Principal): Promise<string | null> {
  if (principal.kind === 'public' || principal.kind === 'system') return null;
  const resource = registry.accountResource(principal.kind);
  if (!resource || !('email' in resource.fields)) return null;
  const row = await trx
    .selectFrom(tableName(resource))
    .select('email')
    .where('id', '=', principal.id)
    .executeTakeFirst();
  return (row?.email as string | undefined) ?? null;
}

/**
 * Writes one audit row in the caller's transaction. The audit resource (`auditLog: true`) declares which of
 * these fields it keeps: actorKind, actorId, actorEmail, resource, recordId, action, from, to, reason, diff, at.
 */
/** Audit rows of many changes by one principal at one moment, in one multi-row insert (a bulk import). */
export async function writeAudits(
  trx: Kysely<any>,
  registry: Registry,
  principal: Principal,
  entries: readonly AuditEntry[],
  now: Date,
): Promise<void> {
  const audit = registry.auditResource;
  if (!audit || !entries.length) return;
  const email = 'actorEmail' in audit.fields ? await actorEmail(trx, registry, principal) : null;
  const rows = entries.map((entry) => {
    const candidate: Record<string, unknown> = {
      actorKind: principal.kind,
      // The system's runs say so by their kind alone: no account stands behind them.
      actorId: principal.kind === 'public' || principal.kind === 'system' ? null : principal.id,
      actorEmail: email,
      actorRole: principal.kind === 'admin' ? principal.role : null,
      resource: entry.resource,
      recordId: entry.recordId,
      action: entry.action,
      from: entry.from ?? null,
      to: entry.to ?? null,
      reason: entry.reason ?? null,
      diff: entry.diff ?? null,
      at: now.toISOString(),
    };
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(candidate)) if (name in audit.fields) values[name] = value;
    return toColumns(audit, values);
  });
  await trx.insertInto(tableName(audit)).values(rows).execute();
}

export async function writeAudit(
  trx: Kysely<any>,
  registry: Registry,
  principal: Principal,
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  await writeAudits(trx, registry, principal, [entry], now);
}
