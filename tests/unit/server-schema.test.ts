import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enumOf, integer, ref, text } from '../../src/core/fields';
import { defineResource, type AnyResource } from '../../src/core/resource';
import productResources from '../../resources/index';
import { createDatabase } from '../../src/server/db/db';
import { diffSchemas } from '../../src/server/db/diff';
import { migrate, MIGRATIONS_DIR, splitStatements } from '../../src/server/db/migrate';
import { deriveSchema } from '../../src/server/db/schema';
import { readSnapshot, writeMigration } from '../../src/server/db/snapshot';
import { TEST_RESOURCES } from '../api/rest-fixtures';

const widgets = (extra: Record<string, unknown> = {}): AnyResource =>
  defineResource({
    name: 'widgets',
    paths: { admin: 'widgets' },
    fields: {
      code: text({ required: true, unique: true }),
      size: enumOf(['s', 'm', 'l']),
      ...extra,
    },
    list: { columns: ['code'], sort: ['code', 'ASC'], filters: ['size'] },
    access: { admin: { read: true } },
  }) as unknown as AnyResource;

describe('schema derivation and migrations', () => {
  it('derives types, NOT NULL, CHECK, UNIQUE, FK and filter × sort indexes from a config', () => {
    const sql = diffSchemas(null, deriveSchema(TEST_RESOURCES)).lines.join('\n');
    expect(sql).toContain('"id" bigint generated always as identity primary key');
    expect(sql).toContain('"price" bigint not null');
    expect(sql).toContain('"rating" numeric(6,3)');
    expect(sql).toContain('"passwordHash" text not null');
    expect(sql).toContain(`"status" text not null default 'draft'`);
    expect(sql).toContain(`check ("status" in ('draft', 'pending', 'approved', 'rejected'))`);
    expect(sql).toContain('add constraint "gadgets_code_key" unique ("code")');
    expect(sql).toContain('foreign key ("vendorId") references "vendors" ("id") on delete restrict');
    expect(sql).toContain('create index "gadgets_status_createdAt_id_idx" on "gadgets" ("status", "createdAt", "id")');
    expect(sql).toContain('"label" jsonb');
    expect(sql).toContain(`"photos" jsonb default '[]'::jsonb`);
    expect(sql).toContain('create table "sessions"');
    expect(sql).toContain('create index "login_attempts_key_at_idx" on "login_attempts" ("key", "at")');
  });

  it('writes additive changes as SQL and destructive ones commented out with a warning', () => {
    const before = deriveSchema([widgets({ legacy: text() })]);
    const after = deriveSchema([
      widgets({ weight: integer({ required: true, default: 0 }), parentId: ref('widgets') }),
    ]);
    const diff = diffSchemas(before, after);
    const text_ = diff.lines.join('\n');
    expect(text_).toContain('alter table "widgets" add column "weight" integer not null default 0;');
    expect(text_).toContain('foreign key ("parentId") references "widgets"');
    expect(text_).toContain('-- alter table "widgets" drop column "legacy";');
    expect(diff.lines.filter((l) => /drop column/.test(l)).every((l) => l.startsWith('--'))).toBe(true);
    expect(diff.warnings.join(' ')).toMatch(/legacy/);
    expect(diffSchemas(after, after).changed).toBe(false);
  });

  it('derives one email key across account kinds and the statistics summaries with their triggers', () => {
    const model = deriveSchema(productResources);
    const sql = diffSchemas(null, model).lines.join('\n');
    expect(sql).toContain('alter table "account_emails" add constraint "account_emails_email_key" unique ("email");');
    expect(sql).toMatch(/insert into "account_emails" .*\n\s+select lower\("email"\), 'admin', "id" from "admins"/);
    expect(sql).toContain('create or replace trigger "users_email_trg" after insert or update or delete on "users"');
    expect(sql).toContain('alter table "users" enable always trigger "users_email_trg";');
    // Summary tables that servers before migration 0003 created at start are adopted, not created twice.
    expect(sql).toContain('create table if not exists "stats_orders_daily" (');
    expect(sql).toMatch(/create unique index if not exists "stats_orders_daily_key" on .* nulls not distinct;/);
    expect(sql).toContain(
      'create or replace trigger "stats_orders_daily_trg" after insert or update or delete on "orders"',
    );
    expect(sql).not.toContain('enable always trigger "stats_orders_daily_trg"');

    // A changed trigger is replaced, a new one created, one no longer derived dropped; tables stay as they are.
    const edited = {
      ...model,
      triggers: model
        .triggers!.filter((t) => t.name !== 'admins_email_trg')
        .map((t) => (t.name === 'users_email_trg' ? { ...t, body: `${t.body}\n  perform 1;` } : t)),
    };
    const forward = diffSchemas(edited, model).lines.filter((l) => l.trim());
    expect(forward.filter((l) => l.startsWith('create or replace function')).map((l) => l.split('"')[1])).toEqual([
      'admins_email_fn',
      'users_email_fn',
    ]);
    expect(diffSchemas(model, edited).lines).toContain('drop trigger if exists "admins_email_trg" on "admins";');
    expect(diffSchemas(model, model).changed).toBe(false);
  });

  it('splits scripts without breaking quotes, comments or dollar-quoted bodies', () => {
    const statements = splitStatements(
      `-- a; comment\ncreate table "a;b" (x text default 'x;y');\ncreate function f() returns int as $$ select 1; $$ language sql;\n/* ; */ select 2`,
    );
    expect(statements).toEqual([
      `create table "a;b" (x text default 'x;y')`,
      'create function f() returns int as $$ select 1; $$ language sql',
      'select 2',
    ]);
  });

  it('the committed snapshot matches the product configs (no pending migration)', () => {
    const diff = diffSchemas(readSnapshot(MIGRATIONS_DIR), deriveSchema(productResources));
    expect(diff.lines.filter((l) => l.trim() && !l.startsWith('--'))).toEqual([]);
  });

  it('db:migration:new writes the next numbered file and the snapshot, then nothing when up to date', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-mig-'));
    try {
      expect(path.basename(writeMigration([widgets()], 'init', dir).file!)).toBe('0001_init.sql');
      const second = writeMigration([widgets({ colour: text() })], 'Add colour!', dir);
      expect(path.basename(second.file!)).toBe('0002_add_colour.sql');
      expect(fs.readFileSync(second.file!, 'utf8')).toContain('add column "colour" text;');
      expect(writeMigration([widgets({ colour: text() })], 'again', dir).file).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies the product migrations once on PGlite; a second run applies nothing', async () => {
    const database = await createDatabase({ dataDir: 'memory://' });
    try {
      const first = await migrate(database.db);
      expect(first.applied).toContain('0001_init');
      expect((await migrate(database.db)).applied).toEqual([]);
      const tables = await sql<{
        n: number;
      }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(database.db);
      // Every derived table (resources, sessions, account emails, statistics summaries) and the migrations' own.
      expect(tables.rows[0].n).toBe(deriveSchema(productResources).tables.length + 1);
      expect(deriveSchema(productResources).tables.length).toBeGreaterThan(productResources.length + 2);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two processes migrating one PostgreSQL at once apply each file once',
    async () => {
      const { Client } = (await import('pg')).default;
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `lantern_mig_${Date.now().toString(36)}`;
      await admin.query(`create database "${name}"`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const [a, b] = await Promise.all([
        createDatabase({ databaseUrl: url.toString() }),
        createDatabase({ databaseUrl: url.toString() }),
      ]);
      try {
        const results = await Promise.all([migrate(a.db), migrate(b.db)]);
        expect(results.flatMap((r) => r.applied).filter((v) => v === '0001_init')).toHaveLength(1);
        expect(results.map((r) => r.level)).toEqual(['0001_init', '0001_init'].map(() => results[0].level));
      } finally {
        await a.close();
        await b.close();
        await admin.query(`drop database "${name}" with (force)`);
        await admin.end();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'pooled PostgreSQL sessions run in UTC and leave plans to PostgreSQL (custom plans are chosen per statement)',
    async () => {
      const database = await createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
      try {
        const { rows } = await sql<{ zone: string; plans: string }>`
          select current_setting('TimeZone') as zone, current_setting('plan_cache_mode') as plans`.execute(database.db);
        expect(rows[0]).toEqual({ zone: 'UTC', plans: 'auto' });
      } finally {
        await database.close();
      }
    },
  );
});
