/**
 * A real server for the auth tests: Fastify with the auth plugin over a real database (PGlite in memory,
 * or a scratch database on the PostgreSQL server of TEST_DATABASE_URL), listening on a real port.
 * The accounts are test-only resource configs, so these tests prove the plugin is generic.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { email, password, status, text, enumOf, datetime } from '../../src/core/fields';
import { ADMIN_ROLES } from '../../src/core/roles';
import { defineResource, tableName, type AnyResource } from '../../src/core/resource';
import authPlugin, { type AuthOptions } from '../../src/server/auth/auth';
import { hashPasswordFields } from '../../src/server/auth/password-fields';
import { createDatabase, type Database, type Engine } from '../../src/server/db/db';
import { POSTGRES_URL } from './harness';
import { createTableSql, deriveSchema } from '../../src/server/db/schema';

export const staff = defineResource({
  name: 'staff-accounts',
  paths: { admin: 'x/staff' },
  fields: {
    email: email({ required: true, unique: true }),
    password: password({ required: true }),
    fullName: text({ required: true }),
    role: enumOf(ADMIN_ROLES, { required: true }),
    status: status({ default: 'active' }),
    lastLoginAt: datetime({ readOnly: true }),
  },
  recordTitle: 'fullName',
  list: { columns: ['email'], sort: ['email', 'ASC'] },
  workflow: { states: ['active', 'disabled'], initial: 'active', transitions: {} },
  access: { admin: { read: ['moderator'], create: [], update: [], delete: [] } },
  account: { kind: 'admin', roleField: 'role', loginStates: ['active'], lastLoginField: 'lastLoginAt' },
}) as unknown as AnyResource;

export const sellers = defineResource({
  name: 'seller-accounts',
  paths: { admin: 'x/sellers' },
  fields: {
    email: email({ required: true, unique: true }),
    password: password({ required: true }),
    companyName: text({ required: true }),
    contactName: text(),
    status: status({ default: 'pending' }),
  },
  recordTitle: 'companyName',
  list: { columns: ['email'], sort: ['email', 'ASC'] },
  workflow: { states: ['pending', 'approved', 'suspended'], initial: 'pending', transitions: {} },
  access: { admin: { read: true }, partner: { scope: 'id', read: true, update: true } },
  account: { kind: 'partner', loginStates: ['pending', 'approved'], nameField: ['contactName', 'companyName'] },
}) as unknown as AnyResource;

export const customers = defineResource({
  name: 'customer-accounts',
  paths: { admin: 'x/customers' },
  fields: {
    email: email({ required: true, unique: true }),
    password: password({ required: true }),
    fullName: text({ required: true }),
  },
  recordTitle: 'fullName',
  list: { columns: ['email'], sort: ['email', 'ASC'] },
  access: { admin: { read: ['support'] } },
  account: { kind: 'user' },
}) as unknown as AnyResource;

/** A resource nobody owns but the public reads: partners and users read it like visitors. */
export const catalogue = defineResource({
  name: 'catalogue-items',
  paths: { admin: 'x/catalogue' },
  fields: { code: text({ required: true }) },
  list: { columns: ['code'], sort: ['code', 'ASC'] },
  access: { admin: { read: true, create: ['moderator'] }, public: { where: {}, fields: ['code'] } },
}) as unknown as AnyResource;

export const RESOURCES: AnyResource[] = [customers, sellers, staff, catalogue];

export const PASSWORD = 'Correct#Horse1';

export interface AuthServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A scratch database on the PostgreSQL server, dropped by the returned cleanup. */
export async function scratchPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lantern_auth_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface SharedDatabase {
  /** Set on PostgreSQL: several servers (and processes) may share it. Undefined: each server has its own PGlite. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function prepareDatabase(engine: Engine): Promise<SharedDatabase> {
  if (engine === 'pglite' || !POSTGRES_URL) return { drop: async () => undefined };
  const scratch = await scratchPostgres(POSTGRES_URL);
  return { databaseUrl: scratch.url, drop: scratch.drop };
}

async function createSchema(database: Database): Promise<void> {
  const exists = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_tables where tablename = 'sessions'`.execute(database.db);
  if (exists.rows[0].n > 0) return;
  for (const table of deriveSchema(RESOURCES).tables)
    for (const statement of createTableSql(table)) await sql.raw(statement).execute(database.db);
  const rows: [AnyResource, Record<string, unknown>][] = [
    [staff, { email: 'boss@example.test', fullName: 'Boss', role: 'super_admin' }],
    [staff, { email: 'mod@example.test', fullName: 'Mod', role: 'moderator' }],
    [staff, { email: 'off@example.test', fullName: 'Off', role: 'support', status: 'disabled' }],
    [
      sellers,
      { email: 'seller@example.test', companyName: 'Seller Co', contactName: 'Sam Seller', status: 'approved' },
    ],
    [sellers, { email: 'frozen@example.test', companyName: 'Frozen Co', status: 'suspended' }],
    [customers, { email: 'Customer@Example.test', fullName: 'Cus Tomer' }],
  ];
  for (const [resource, values] of rows) {
    const hashed = await hashPasswordFields(resource, { ...values, password: PASSWORD });
    await database.db.insertInto(tableName(resource)).values(hashed).execute();
  }
}

/** Starts a server; several servers may share one PostgreSQL database (`databaseUrl`). */
export async function startAuthServer(
  options: Partial<Omit<AuthOptions, 'db' | 'resources'>> & { databaseUrl?: string; trustProxy?: boolean } = {},
): Promise<AuthServer> {
  const { databaseUrl, trustProxy = false, ...authOptions } = options;
  const database = await createDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { dataDir: 'memory://' });
  await createSchema(database);
  const app = Fastify({ logger: false, trustProxy });
  await app.register(authPlugin, { db: database.db, resources: RESOURCES, production: false, ...authOptions });
  // A state-changing probe route: shows who the request acts as.
  app.post('/api/probe', async (request) => ({ principal: request.principal }));
  app.get('/api/probe', async (request) => ({ principal: request.principal }));
  app.get('/assets/probe', async (request) => ({ principal: request.principal }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface LoginResult {
  status: number;
  body: any;
  cookie?: string;
  setCookie: string | null;
  headers: Headers;
}

export async function login(
  url: string,
  emailAddress: string,
  pass: string,
  headers: Record<string, string> = {},
): Promise<LoginResult> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: emailAddress, password: pass }),
  });
  const setCookie = response.headers.get('set-cookie');
  const cookie = setCookie?.split(';')[0];
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    cookie,
    setCookie,
    headers: response.headers,
  };
}
