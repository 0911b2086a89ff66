/**
 * Shared pieces of the workflow, ledger and concurrency suites: the demo accounts of the small seed signed in
 * once per server, and short helpers for transitions, records and the audit trail over real HTTP.
 */
import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { call, type TestServer } from './harness';
import { platformDay } from '../support/platform-day';

export const ADMIN_PASSWORD = 'Admin#2026';
export const PARTNER_PASSWORD = 'Partner#2026';
export const USER_PASSWORD = 'User#2026';

/** Cookies of every demo account of the small seed (SPEC §7) plus the seed's extra customers. */
export interface Sessions {
  admin: string;
  moderator: string;
  finance: string;
  support: string;
  partner: string;
  partner2: string;
  pendingPartner: string;
  user: string;
  customer1: string;
  customer2: string;
  customer3: string;
}

export async function signInAll(server: TestServer): Promise<Sessions> {
  const [admin, moderator, finance, support, partner, partner2, pendingPartner, user, customer1, customer2, customer3] =
    await Promise.all([
      server.login('admin@example.com', ADMIN_PASSWORD),
      server.login('moderator@example.com', ADMIN_PASSWORD),
      server.login('finance@example.com', ADMIN_PASSWORD),
      server.login('support@example.com', ADMIN_PASSWORD),
      server.login('partner@example.com', PARTNER_PASSWORD),
      server.login('partner2@example.com', PARTNER_PASSWORD),
      server.login('pending.partner@example.com', PARTNER_PASSWORD),
      server.login('user@example.com', USER_PASSWORD),
      server.login('customer1@example.net', USER_PASSWORD),
      server.login('customer2@example.net', USER_PASSWORD),
      server.login('customer3@example.net', USER_PASSWORD),
    ]);
  return {
    admin,
    moderator,
    finance,
    support,
    partner,
    partner2,
    pendingPartner,
    user,
    customer1,
    customer2,
    customer3,
  };
}

/** Ids of the small seed's accounts (inserted in this order by `seedDemo(db, {size: 'small'})`). */
export const IDS = {
  admins: { admin: 1, moderator: 2, finance: 3, support: 4 },
  partners: { partner: 1, partner2: 2, pendingPartner: 3 },
  users: { user: 1, customer1: 2, customer2: 3, customer3: 4 },
} as const;

export type Http = Pick<TestServer, 'baseUrl'>;

export function act(server: Http, resource: string, id: number, action: string, cookie: string, body: unknown = {}) {
  return call(server, 'POST', `/api/${resource}/${id}/actions/${action}`, { cookie, body });
}

export async function getRecord(server: Http, resource: string, id: number, cookie: string): Promise<any> {
  const response = await call(server, 'GET', `/api/${resource}/${id}`, { cookie });
  expect(response.status, `GET ${resource}/${id}`).toBe(200);
  return response.body;
}

export async function list(
  server: Http,
  resource: string,
  cookie: string,
  filter: Record<string, unknown> = {},
  sort: [string, 'ASC' | 'DESC'] = ['id', 'ASC'],
): Promise<any[]> {
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=[0,999]`;
  const response = await call(server, 'GET', `/api/${resource}?${query}`, { cookie });
  expect(response.status, `GET ${resource} ${JSON.stringify(filter)}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

export async function create(server: Http, resource: string, cookie: string, body: Record<string, unknown>) {
  const response = await call(server, 'POST', `/api/${resource}`, { cookie, body });
  expect(response.status, `POST ${resource}: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body;
}

/** The audit rows of one record, oldest first (read by the super_admin). */
export async function trail(server: Http, admin: string, resource: string, recordId: number): Promise<any[]> {
  return list(server, 'audit-log', admin, { resource, recordId }, ['id', 'ASC']);
}

/** Runs a transition that must succeed and answers the updated record. */
export async function ok(server: Http, resource: string, id: number, action: string, cookie: string, body = {}) {
  const response = await act(server, resource, id, action, cookie, body);
  expect(response.status, `${resource}/${id} ${action}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

/**
 * A refused transition changes nothing: the record (status, version and every other field) reads back the
 * same and no audit row was added.
 */
export async function expectRefused(
  server: Http,
  admin: string,
  resource: string,
  id: number,
  action: string,
  cookie: string,
  status: number,
  body: unknown = {},
): Promise<any> {
  const before = await getRecord(server, resource, id, admin);
  const audit = (await trail(server, admin, resource, id)).length;
  const response = await act(server, resource, id, action, cookie, body);
  expect(response.status, `${resource}/${id} ${action}: ${JSON.stringify(response.body)}`).toBe(status);
  expect(typeof response.body.message).toBe('string');
  expect(await getRecord(server, resource, id, admin)).toEqual(before);
  expect(await trail(server, admin, resource, id)).toHaveLength(audit);
  return response.body;
}

/** The last audit row of a record must describe this transition. */
export async function expectAudited(
  server: Http,
  admin: string,
  resource: string,
  id: number,
  expected: { action: string; from?: string | null; to?: string | null; reason?: string | null; actorKind?: string },
): Promise<any> {
  const rows = await trail(server, admin, resource, id);
  const last = rows.at(-1);
  expect(last, `audit of ${resource}/${id}`).toMatchObject(expected);
  return last;
}

/** Tomorrow + n days as 'YYYY-MM-DD' (UTC), for schedules that must start in the future. */
export function dayFromNow(days: number): string {
  return platformDay(days);
}

/**
 * A test server `setup` for suites that book many unpaid orders per customer within half an hour: the cap on
 * one customer's unpaid seats (settings.payments.maxHeldSeats) is raised out of their way (it has its own tests).
 */
export async function roomyHolds(db: Kysely<any>): Promise<void> {
  await sql`update settings set "values" = jsonb_set("values", '{maxHeldSeats}', '1000')
    where "group" = 'payments'`.execute(db);
}
