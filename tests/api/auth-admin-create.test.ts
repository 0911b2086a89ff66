import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password';
import { createDatabase } from '../../src/server/db/db';
import { scratchPostgres } from './auth-fixture';
import { describeEachEngine, POSTGRES_URL } from './harness';

const run = promisify(execFile);

describeEachEngine('npm run admin:create', (engine) => {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const scratch = await scratchPostgres(POSTGRES_URL!);
      env = { ...process.env, DATABASE_URL: scratch.url, NODE_ENV: 'production' };
      cleanup = scratch.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-admin-create-'));
      env = { ...process.env, DATABASE_URL: '', DATA_DIR: dir, NODE_ENV: 'production' };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const adminCreate = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/admin-create.ts', ...args],
        {
          env,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('refuses input the admins schema refuses, with the field messages', async () => {
    const bad = await adminCreate('--email', 'not-an-email', '--password', 'short', '--role', 'emperor');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email: Please enter a valid email');
    expect(bad.stderr).toContain('--password: You must enter a minimum of 8 characters');
    expect(bad.stderr).toContain('--role: ');
    expect((await adminCreate('--email', 'x@example.org')).stderr).toContain('Usage: npm run admin:create');
  }, 60_000);

  it('creates a super_admin with an argon2id hash on a production database, once', async () => {
    const created = await adminCreate(
      '--email',
      'Root@Example.org',
      '--password',
      'First#Admin1',
      '--name',
      'Root Admin',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created admins #\d+ root@example.org \(super_admin\)/);
    expect((await adminCreate('--email', 'root@example.org', '--password', 'Other#Admin1')).stderr).toContain(
      'already exists',
    );

    const database = await createDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
    try {
      const rows = await database.db.selectFrom('admins').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: 'root@example.org',
        fullName: 'Root Admin',
        role: 'super_admin',
        status: 'active',
      });
      expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(rows[0].passwordHash, 'First#Admin1')).toBe(true);
      // Production mode: no demo account was created alongside.
      expect(await database.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
