/**
 * SPEC §7 "The embedded database has one owner": while a process holds a PGlite data directory, the command-line
 * tools and a second server refuse it, name the holder and exit non-zero without touching it; a claim left by a
 * dead process is taken over; closing gives it back. Real processes, real files.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/server/db/db';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a script of the project with the data directory; answers its exit code and what it wrote. */
async function tool(dataDir: string, script: string, args: string[] = []) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env,
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(failed.code ?? 1), output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the embedded database has one owner', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-owner-'));
  let holder: Database | undefined;

  beforeAll(async () => {
    holder = await createDatabase({ dataDir });
  }, 60_000);
  afterAll(async () => {
    await holder?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tools and a second server refuse a held directory, naming the holder, and leave it alone', async () => {
    const statement = path.join(dataDir, 'statement.csv');
    const attempts = [
      tool(dataDir, 'src/server/cli/demo-statement.ts', [statement]),
      tool(dataDir, 'src/server/cli/seed.ts'),
      tool(dataDir, 'src/server/cli/migrate.ts'),
      tool(dataDir, 'src/server/cli/admin-create.ts', ['--email', 'root@example.test', '--password', 'Root#2026!x']),
      tool(dataDir, 'src/server/cli/uploads-import.ts'),
      tool(dataDir, 'src/server/main.ts'),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.code, answer.output).not.toBe(0);
      expect(answer.output).toContain(`is held by process ${process.pid}`);
    }
    expect(fs.existsSync(statement)).toBe(false);
    // The holder still works on its own files.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(holder!.db);
    expect(rows[0].one).toBe(1);
  }, 120_000);

  it('a claim left by a dead process is taken over; a closed database is given back', async () => {
    await holder!.close();
    holder = undefined;
    expect(fs.existsSync(path.join(dataDir, 'owner.json'))).toBe(false);
    const gone = spawn(process.execPath, ['-e', '0']);
    const deadPid = gone.pid!;
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(
      path.join(dataDir, 'owner.json'),
      JSON.stringify({ pid: deadPid, command: 'node crashed.js', since: new Date().toISOString() }),
    );
    const migrated = await tool(dataDir, 'src/server/cli/migrate.ts');
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/Database \(pglite\) is at/);
    expect(fs.existsSync(path.join(dataDir, 'owner.json'))).toBe(false);
  }, 120_000);
});
