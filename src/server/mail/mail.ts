import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { tableName, type AnyResource } from '../../core/resource';
import { denied } from '../engine/scope';
import type { MailConfig } from './config';

/**
 * `GET /api/system/mail` (super_admin): whether mail goes out and through which server (never its credentials),
 * and how many mails wait or failed, for the system screen.
 */
export function registerMailState(app: FastifyInstance, db: Kysely<any>, store: AnyResource, config: MailConfig) {
  const server = config.smtpUrl ? new URL(config.smtpUrl) : undefined;
  app.get('/api/system/mail', async (request) => {
    const principal = request.principal;
    if (principal.kind !== 'admin' || principal.role !== 'super_admin') throw denied(principal);
    const counts = await sql<{ status: string; n: number }>`select status, count(*)::int as n
      from ${sql.table(tableName(store))} where status in ('pending', 'failed') group by status`.execute(db);
    const count = (status: string) => counts.rows.find((row) => row.status === status)?.n ?? 0;
    return {
      enabled: Boolean(server),
      server: server ? `${server.protocol}//${server.hostname}${server.port ? `:${server.port}` : ''}` : null,
      pending: count('pending'),
      failed: count('failed'),
    };
  });
}
