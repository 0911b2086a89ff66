import { tableName, type AnyResource } from '../../core/resource';
import type { TableDef, TriggerDef } from '../db/table-defs';
import { quoteIdent as q, quoteLiteral as literal } from '../db/sql-names';

/** Every sign-in email, lower-cased, once across all account kinds. */
export const ACCOUNT_EMAILS_TABLE = 'account_emails';

/** The account resources that sign in with an `email` field. */
const emailAccounts = (resources: readonly AnyResource[]) =>
  resources.filter((resource) => resource.account && resource.fields.email);

/**
 * One email, one account, whatever its kind and case (sign-in looks emails up across every kind, so a second
 * `User@…` or a partner with an admin's email could never sign in). A unique key enforces it in the database:
 * each account table's trigger keeps its emails in `account_emails`, so of two sign-ups with one email, however
 * concurrent, exactly one commits; the other's insert fails on `account_emails_email_key`, which the API answers
 * as a 400 on `email` like any unique field (errors.ts). The trigger fires even while a bulk load has triggers
 * switched off. This is the only place the rule is checked.
 */
export function accountEmailSchema(resources: readonly AnyResource[]): { tables: TableDef[]; triggers: TriggerDef[] } {
  const accounts = emailAccounts(resources);
  if (!accounts.length) return { tables: [], triggers: [] };
  const kindOf = (resource: AnyResource) => literal(resource.account!.kind);
  const table: TableDef = {
    name: ACCOUNT_EMAILS_TABLE,
    columns: [
      { name: 'email', type: 'text', notNull: true, unique: true },
      { name: 'accountKind', type: 'text', notNull: true },
      { name: 'accountId', type: 'bigint', notNull: true },
    ],
    indexes: [{ name: `${ACCOUNT_EMAILS_TABLE}_accountKind_accountId_idx`, columns: ['accountKind', 'accountId'] }],
    fill:
      `insert into ${q(ACCOUNT_EMAILS_TABLE)} ("email", "accountKind", "accountId")\n` +
      accounts
        .map(
          (resource) =>
            `  select lower("email"), ${kindOf(resource)}, "id" from ${q(tableName(resource))} where "email" is not null`,
        )
        .join('\n  union all\n') +
      ';',
  };
  const triggers = accounts.map((resource): TriggerDef => {
    const base = tableName(resource);
    const mine = `"accountKind" = ${kindOf(resource)} and "accountId" = old."id"`;
    return {
      name: `${base}_email_trg`,
      function: `${base}_email_fn`,
      table: base,
      events: 'insert or update or delete',
      // Bulk loads (the demo seed) switch triggers off; this one is a rule, not a cache, and stays on.
      always: true,
      body: [
        `  if tg_op = 'UPDATE' and lower(old."email") is not distinct from lower(new."email") then return null; end if;`,
        `  if tg_op <> 'INSERT' then delete from ${q(ACCOUNT_EMAILS_TABLE)} where ${mine}; end if;`,
        `  if tg_op <> 'DELETE' and new."email" is not null then`,
        `    insert into ${q(ACCOUNT_EMAILS_TABLE)} ("email", "accountKind", "accountId")`,
        `      values (lower(new."email"), ${kindOf(resource)}, new."id");`,
        `  end if;`,
      ].join('\n'),
    };
  });
  return { tables: [table], triggers };
}
