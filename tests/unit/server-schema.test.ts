import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enumOf, integer, ref, text } from '../../src/core/fields';
import { defineResource, type AnyResource } from '../../src/core/resource';
import productResources from '../../resources/index';
import { createDatabase } from '../../src/server/db/connection';
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
      expect(tables.rows[0].n).toBe(productResources.length + 3);
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
    'pooled PostgreSQL sessions run in UTC and plan every named statement for its own values',
    async () => {
      const database = await createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
      try {
        const { rows } = await sql<{ zone: string; plans: string }>`
          select current_setting('TimeZone') as zone, current_setting('plan_cache_mode') as plans`.execute(database.db);
        expect(rows[0]).toEqual({ zone: 'UTC', plans: 'force_custom_plan' });
      } finally {
        await database.close();
      }
    },
  );
});
