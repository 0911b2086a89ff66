import { sql, type Kysely } from 'kysely';
import { statusField, tableName, type AnyResource, type Row } from '../../src/core/resource';
import { Writer } from '../../src/server/engine/data-context';
import { notify } from '../../src/server/engine/notify';
import { Registry, toRecord } from '../../src/server/engine/registry';

/** Recent events the demo accounts hear of on first start: `[event, state of the rows, how many]` per resource. */
const RECENT: Record<string, [event: string, state: string, count: number][]> = {
  services: [
    ['submit', 'pending', 6],
    ['approve', 'approved', 4],
    ['reject', 'rejected', 2],
  ],
  partners: [['create', 'pending', 2]],
  orders: [['create', 'paid', 8]],
  refunds: [['create', 'pending', 3]],
  withdrawals: [['create', 'pending', 3]],
  complaints: [['create', 'open', 3]],
};

/**
 * The bells of a new demo are not empty: the notifications the products' own `notify` rules would have written for
 * the latest rows of a few queues and decisions, dated when those rows last changed (no mail is queued for them).
 */
export async function seedDemoNotifications(db: Kysely<any>, resources: readonly AnyResource[]): Promise<number> {
  const registry = new Registry(resources);
  const store = registry.notificationResource;
  if (!store) return 0;
  return db.transaction().execute(async (trx) => {
    const writer = new Writer(trx, registry, { kind: 'public' });
    for (const [name, events] of Object.entries(RECENT)) {
      const config = registry.require(name);
      const status = statusField(config)!;
      for (const [event, state, count] of events) {
        const rows = await trx
          .selectFrom(tableName(config))
          .selectAll()
          .where(status, '=', state)
          .orderBy('updatedAt', 'desc')
          .limit(count)
          .execute();
        for (const row of rows) {
          const record = toRecord(config, row) as Row;
          await notify(writer, config, event, record, { reason: record.reason }, { mail: false });
          await sql`update ${sql.table(tableName(store))} set "createdAt" = ${row.updatedAt}, "updatedAt" = ${row.updatedAt}
            where resource = ${name} and "recordId" = ${record.id}`.execute(trx);
        }
      }
    }
    const total = await trx
      .selectFrom(tableName(store))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    return Number(total?.n ?? 0);
  });
}

/**
 * A short mail history: one notification mail sent yesterday and one that failed for good, so the outbox screen
 * and its "Send again" have rows on a new database (the small test seed too). Addressed to the example domain.
 */
export async function seedDemoMail(db: Kysely<any>, resources: readonly AnyResource[], now: Date): Promise<number> {
  const store = new Registry(resources).mailResource;
  if (!store) return 0;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  await db
    .insertInto(tableName(store))
    .values([
      {
        createdAt: at(26),
        updatedAt: at(26),
        recipient: 'support@example.com',
        locale: 'en',
        template: 'notification',
        params: JSON.stringify({ message: 'Welcome to Lantern', link: '/en/admin' }),
        status: 'sent',
        attempts: 1,
        sentAt: at(26),
        messageId: '<mail-demo-1@lantern.example>',
      },
      {
        createdAt: at(5),
        updatedAt: at(3),
        recipient: 'old.partner@example.org',
        locale: 'en',
        template: 'account.emailTaken',
        params: JSON.stringify({}),
        status: 'failed',
        attempts: 8,
        nextAttemptAt: at(3),
        lastError: '550 5.1.1 <old.partner@example.org>: Recipient address rejected: User unknown',
      },
    ])
    .execute();
  return 2;
}
