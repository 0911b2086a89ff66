/**
 * The proof that adding an entity is one file plus labels: a temporary copy of the project in which a
 * developer's steps are replayed — `npm run resource:new`, then the proof entity's file and labels — with
 * no other change. The real `resources/`, `i18n/` and migrations are never touched.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeResourceBlock } from '../../src/server/cli/scaffold/labels';
import labels from './proof-promotions.labels';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROOF_NAME = 'promotions';
const run = promisify(execFile);

/** What a copy needs to run the CLI, the server, the client build and the i18n test. */
const COPIED = [
  'src',
  'resources',
  'i18n',
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'vitest.config.ts',
  '.prettierrc.json',
  'tests/unit/i18n-completeness.test.ts',
  'tests/api/proof-server.ts',
];

export interface ProofCopy {
  dir: string;
  /** Runs `node --import tsx {script} ...args` in the copy; answers the exit code and output. */
  node(args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }>;
  remove(): void;
}

export function createCopy(): ProofCopy {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-proof-'));
  for (const entry of COPIED) {
    const from = path.join(ROOT, entry);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, entry)), { recursive: true });
    fs.cpSync(from, path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // The copy as it was made: what the developer's steps changed is measured against this.
  for (const entry of ['src', 'resources', 'i18n'])
    fs.cpSync(path.join(dir, entry), path.join(dir, PRISTINE, entry), { recursive: true });
  return {
    dir,
    async node(args, env = {}) {
      try {
        const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', ...args], {
          cwd: dir,
          env: { ...process.env, ...env },
          maxBuffer: 32 * 1024 * 1024,
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as { code?: number; stdout?: string; stderr?: string };
        return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      }
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The developer's own work: the resource file (imports made relative to `resources/`) and the labels. */
export function applyProofEntity(dir: string): void {
  const source = fs.readFileSync(path.join(ROOT, 'tests/api/proof-promotions.ts'), 'utf8');
  fs.writeFileSync(path.join(dir, 'resources', `${PROOF_NAME}.ts`), source.replaceAll("'../../src/", "'../src/"));
  for (const [locale, block] of Object.entries(labels)) {
    const file = path.join(dir, 'i18n', `${locale}.ts`);
    fs.writeFileSync(file, writeResourceBlock(fs.readFileSync(file, 'utf8'), PROOF_NAME, block as never));
  }
}

const PRISTINE = '.pristine';

function filesUnder(root: string, sub: string): string[] {
  if (!fs.existsSync(path.join(root, sub))) return [];
  return (fs.readdirSync(path.join(root, sub), { recursive: true }) as string[])
    .map((f) => path.join(sub, f))
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

/** Files under `sub` that differ from the copy as it was made (others edit the repository meanwhile). */
export function changedFiles(dir: string, sub: string): string[] {
  const before = path.join(dir, PRISTINE);
  const files = new Set([...filesUnder(dir, sub), ...filesUnder(before, sub)]);
  return [...files]
    .filter((f) => {
      const a = path.join(dir, f);
      const b = path.join(before, f);
      return !fs.existsSync(a) || !fs.existsSync(b) || !fs.readFileSync(a).equals(fs.readFileSync(b));
    })
    .sort();
}

/** A unified diff of files in the copy against the copy as it was made (`git diff --no-index`). */
export async function proofDiff(dir: string, files: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const file of files) {
    const original = path.join(dir, PRISTINE, file);
    try {
      await run('git', [
        'diff',
        '--no-index',
        '--no-color',
        fs.existsSync(original) ? original : '/dev/null',
        path.join(dir, file),
      ]);
    } catch (error) {
      parts.push(((error as { stdout?: string }).stdout ?? '').replaceAll(dir, '').replaceAll(`/${PRISTINE}`, ''));
    }
  }
  return parts.join('');
}

export interface CopyServer {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the copy's server (tests/api/proof-server.ts in the copy) and waits for its address. */
export function startCopyServer(dir: string, env: NodeJS.ProcessEnv = {}): Promise<CopyServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/proof-server.ts'], {
    cwd: dir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the copy's server did not start:\n${output}`)), 90_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        baseUrl: match[1],
        process: child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the copy's server exited with ${code}:\n${output}`));
    });
  });
}

/** Replays the developer's steps in a fresh copy; answers the copy and each step's output. */
export async function developerSteps(copy: ProofCopy) {
  const scaffold = await copy.node(['src/server/cli/resource-new.ts', PROOF_NAME, '--partner', '--workflow']);
  const scaffoldedMigrations = fs.readdirSync(path.join(copy.dir, 'src/server/db/migrations')).sort();
  applyProofEntity(copy.dir);
  const resync = await copy.node(['src/server/cli/resource-new.ts', PROOF_NAME]);
  return { scaffold, scaffoldedMigrations, resync };
}
