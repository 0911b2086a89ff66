import { sql, type Kysely, type RawBuilder } from 'kysely';
import { statusField, tableName, type AnyResource } from '../../core/resource';
import type { AccountKind } from '../../core/roles';
import { accountResources, type Account } from './accounts';
import { sessionIdOf, TOUCH_INTERVAL_SECONDS } from './sessions';
import { secondFactorColumns, type SecondFactorState } from './two-factor/enforcement';

/** A live session with the columns of its account that decide the principal (id, role, status). */
export interface SessionAccount {
  sessionId: string;
  expiresAt: Date;
  /** The sliding expiry is due for a refresh. */
  stale: boolean;
  /** Undefined when the account row is gone. */
  account?: Account;
  secondFactor?: SecondFactorState;
}

/** The columns of an account resource that `principalOf` and `maySignIn` read. */
function principalColumns(resource: AnyResource): string[] {
  const columns = ['id'];
  if (resource.account?.kind === 'admin') columns.push(resource.account.roleField ?? 'role');
  const status = statusField(resource);
  if (status) columns.push(status);
  return columns;
}

const alias = (index: number, column: string) => `a${index}_${column}`;

/**
 * Every request with a cookie resolves its principal, so the session and its account are read in one
 * statement (one round trip, one prepared plan) rather than two: a left join per account kind, of which
 * at most one matches. The statement text depends only on the configs, so it is built once.
 */
export function sessionAccountReader(resources: readonly AnyResource[]) {
  const kinds = accountResources(resources).map((resource, index) => ({
    resource,
    index,
    columns: principalColumns(resource),
  }));
  const select: RawBuilder<unknown>[] = kinds.flatMap(({ index, columns }) =>
    columns.map((column) => sql`${sql.ref(`a${index}.${column}`)} as ${sql.ref(alias(index, column))}`),
  );
  const joins = kinds.map(
    ({ resource, index }) =>
      sql`left join ${sql.table(tableName(resource))} as ${sql.ref(`a${index}`)}
            on s."accountKind" = ${resource.account!.kind as AccountKind} and ${sql.ref(`a${index}.id`)} = s."accountId"`,
  );
  const interval = sql`(${TOUCH_INTERVAL_SECONDS}::int * interval '1 second')`;
  const secondFactor = secondFactorColumns(resources, kinds);

  return async function read(db: Kysely<any>, token: string): Promise<SessionAccount | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      select s.id as "sessionId", s."accountKind", s."expiresAt", s."lastSeenAt" < now() - ${interval} as stale,
        ${secondFactor}
        ${select.length ? sql`, ${sql.join(select)}` : sql``}
      from sessions s ${sql.join(joins, sql` `)}
      where s.id = ${sessionIdOf(token)} and s."expiresAt" > now()`.execute(db);
    const row = rows[0];
    if (!row) return undefined;
    const match = kinds.find(({ resource, index }) => {
      return resource.account!.kind === row.accountKind && row[alias(index, 'id')] != null;
    });
    const found: SessionAccount = {
      sessionId: String(row.sessionId),
      expiresAt: new Date(row.expiresAt as string),
      stale: Boolean(row.stale),
      secondFactor: { on: Boolean(row.secondFactorOn), required: Boolean(row.secondFactorRequired) },
    };
    if (match) {
      const accountRow: Record<string, unknown> = {};
      for (const column of match.columns) accountRow[column] = row[alias(match.index, column)];
      accountRow.id = Number(accountRow.id);
      found.account = { resource: match.resource, row: accountRow as Account['row'] };
    }
    return found;
  };
}
