import { sql } from 'kysely';
import type { DataContext, Row } from '../src/core/resource';

/** `POST /api/notifications/{id}/actions/read`: the caller's own notification (loaded through its scope). */
export async function markRead(ctx: DataContext & { record?: Row }): Promise<Row> {
  const record = ctx.record!;
  if (record.readAt) return record;
  const [row] = await sql<Row>`update notifications set "readAt" = now(), "updatedAt" = now(), "version" = "version" + 1
    where id = ${record.id} returning *`
    .execute(ctx.trx)
    .then((result) => result.rows);
  return { ...record, readAt: new Date(row.readAt as string).toISOString(), version: Number(row.version) };
}

/** `POST /api/notifications/-/read-all`: every unread notification of the caller; answers how many. */
export async function markAllRead(ctx: DataContext): Promise<{ read: number }> {
  const { kind } = ctx.principal;
  if (kind === 'public') ctx.fail(403, 'You are not allowed to do this');
  const result = await sql`update notifications set "readAt" = now(), "updatedAt" = now(), "version" = "version" + 1
    where "recipientKind" = ${kind} and "recipientId" = ${ctx.principal.id} and "readAt" is null`.execute(ctx.trx);
  return { read: Number(result.numAffectedRows ?? 0) };
}
