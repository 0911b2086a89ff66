import { sql, type Kysely } from 'kysely';
import { statusField, tableName, type AnyResource, type Row } from '../../core/resource';
import { ACCOUNT_KINDS, isAdminRole, type AccountKind, type Principal } from '../../core/roles';
import { passwordColumn, passwordFields } from './password-fields';

/** A signed-in (or signing-in) account: its resource config and its row, hash included; never sent as is. */
export interface Account {
  resource: AnyResource;
  row: Row;
}

/** Account resources in sign-in lookup order (admins, partners, users), so an email shared by two kinds is stable. */
export function accountResources(resources: readonly AnyResource[]): AnyResource[] {
  return resources
    .filter((resource) => resource.account)
    .sort((a, b) => ACCOUNT_KINDS.indexOf(a.account!.kind) - ACCOUNT_KINDS.indexOf(b.account!.kind));
}

export function accountResourceFor(resources: readonly AnyResource[], kind: AccountKind): AnyResource | undefined {
  return resources.find((resource) => resource.account?.kind === kind);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The stored argon2id hash of the account's (first) password field. */
export function passwordHashOf(account: Account): string | undefined {
  const field = passwordFields(account.resource)[0];
  const stored = field ? account.row[passwordColumn(field)] : undefined;
  return typeof stored === 'string' ? stored : undefined;
}

function normalizeRow(row: Record<string, unknown>): Row {
  // bigint ids may come back as strings depending on the driver's int8 parser.
  return { ...row, id: Number(row.id) } as Row;
}

/** Emails are compared case-insensitively; the first account kind in lookup order wins. */
export async function findAccountByEmail(
  db: Kysely<any>,
  resources: readonly AnyResource[],
  email: string,
): Promise<Account | undefined> {
  const wanted = normalizeEmail(email);
  for (const resource of accountResources(resources)) {
    const row = await db
      .selectFrom(tableName(resource))
      .selectAll()
      .where(sql`lower("email")`, '=', wanted)
      .limit(1)
      .executeTakeFirst();
    if (row) return { resource, row: normalizeRow(row) };
  }
  return undefined;
}

export async function findAccount(
  db: Kysely<any>,
  resources: readonly AnyResource[],
  kind: AccountKind,
  id: number,
): Promise<Account | undefined> {
  const resource = accountResourceFor(resources, kind);
  if (!resource) return undefined;
  const row = await db.selectFrom(tableName(resource)).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { resource, row: normalizeRow(row) } : undefined;
}

/** The account's workflow state, when its resource has a workflow. */
export function accountStatus(account: Account): string | undefined {
  const field = statusField(account.resource);
  const value = field ? account.row[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Whether the account's current state allows signing in (`account.loginStates`, default any). */
export function maySignIn(account: Account): boolean {
  const states = account.resource.account?.loginStates;
  if (!states) return true;
  const status = accountStatus(account);
  return status !== undefined && states.includes(status);
}

export type SignedInPrincipal = Exclude<Principal, { kind: 'public' } | { kind: 'system' }>;

/** The principal an account acts as; undefined when its data cannot grant any (e.g. an unknown admin role). */
export function principalOf(account: Account): SignedInPrincipal | undefined {
  const kind = account.resource.account?.kind;
  const id = account.row.id;
  switch (kind) {
    case 'admin': {
      const role = account.row[account.resource.account?.roleField ?? 'role'];
      return isAdminRole(role) ? { kind: 'admin', id, role } : undefined;
    }
    case 'partner':
      return { kind: 'partner', id };
    case 'user':
      return { kind: 'user', id };
    default:
      return undefined;
  }
}

/** The name shown for the account: the first non-empty of `account.nameField`, else its record title, else the email. */
export function displayName(account: Account): string {
  const configured = account.resource.account?.nameField ?? [];
  const fields = [...(typeof configured === 'string' ? [configured] : configured), account.resource.recordTitle ?? ''];
  for (const field of fields) {
    const value = account.row[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return String(account.row.email ?? '');
}
