/**
 * The real server (`src/server/main.ts`, or the server bundle) as a child process, for the suites and scripts
 * that kill it, restart it or run several of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './pg-cluster';
import { NO_CLIENT_DIST } from './no-client';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DataEnv {
  /** Environment that points a server at its data (DATABASE_URL, DATA_DIR). */
  env: Record<string, string>;
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process wrote (for failure messages). */
  output(): string;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts `src/server/main.ts` (or another entry: the server bundle) on the store; waits until /api/health answers
 * 200, or only until the process answers at all (`until: 'live'`, a start while the database is away).
 */
export async function startServerProcess(
  store: DataEnv,
  env: Record<string, string> = {},
  entry = ['--import', 'tsx', 'src/server/main.ts'],
  until: 'ready' | 'live' = 'ready',
): Promise<ServerProcess> {
  // A given PORT keeps the address (an instance restarted behind a load balancer), else any free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...store.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DIST_DIR: NO_CLIENT_DIST,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let done = false;
  void exited.then(() => (done = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (done) throw new Error(`server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${output}`);
    }
    try {
      const health = await fetch(`${baseUrl}/api/health${until === 'live' ? '/live' : ''}`);
      if (health.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    exited,
    kill: (signal) => {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

export async function loginAt(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('lantern_session='))!
    .split(';')[0];
}
