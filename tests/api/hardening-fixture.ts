/**
 * Shared pieces of the hardening suites: the demo accounts of SPEC §7 signed in on a demo-seeded server,
 * a fingerprint of the whole database (to prove a refused write changed nothing) and the error-body check.
 */
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import resources from '../../resources/index';
import { tableName } from '../../src/core/resource';
import type { TestServer } from './harness';

export const ROLES = ['super_admin', 'moderator', 'finance', 'support', 'partnerA', 'partnerB', 'user'] as const;
export type Role = (typeof ROLES)[number];
export type Caller = Role | 'signedOut';
export const CALLERS: readonly Caller[] = ['signedOut', ...ROLES];

export const DEMO_LOGINS: Record<Role, { email: string; password: string }> = {
  super_admin: { email: 'admin@example.com', password: 'Admin#2026' },
  moderator: { email: 'moderator@example.com', password: 'Admin#2026' },
  finance: { email: 'finance@example.com', password: 'Admin#2026' },
  support: { email: 'support@example.com', password: 'Admin#2026' },
  partnerA: { email: 'partner@example.com', password: 'Partner#2026' },
  partnerB: { email: 'partner2@example.com', password: 'Partner#2026' },
  user: { email: 'user@example.com', password: 'User#2026' },
};

export type Cookies = Record<Caller, string | undefined>;

/** Signs every demo account in; `signedOut` has no cookie. */
export async function loginAll(server: TestServer): Promise<Cookies> {
  const cookies = { signedOut: undefined } as Cookies;
  for (const role of ROLES) cookies[role] = await server.login(DEMO_LOGINS[role].email, DEMO_LOGINS[role].password);
  return cookies;
}

/** One md5 per table over every row: equal fingerprints mean no row was added, removed or changed. */
export async function fingerprint(db: Kysely<any>): Promise<Record<string, string>> {
  const tables = resources.map((r) => tableName(r));
  const parts = tables.map(
    (table) =>
      sql`select ${table}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.table(table)} t`,
  );
  const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** The SPEC's error format: `{message, errors?}` with string messages, nothing that looks like a stack trace. */
export function expectErrorBody(body: unknown, context = ''): void {
  expect(body, context).toBeTypeOf('object');
  const record = body as { message?: unknown; errors?: unknown };
  expect(typeof record.message, `${context} message`).toBe('string');
  expect(
    Object.keys(record).every((key) => key === 'message' || key === 'errors'),
    `${context} keys`,
  ).toBe(true);
  if (record.errors !== undefined) {
    expect(record.errors, context).toBeTypeOf('object');
    for (const value of Object.values(record.errors as object)) expect(typeof value, context).toBe('string');
  }
  expect(JSON.stringify(body), context).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|Error: /);
}
