/**
 * The benchmarks' servers: a process of its own (so its memory and CPU are read from /proc and the load
 * generator does not share its event loop), on a free port, answered healthy before the figures start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { freePort } from '../../tests/support/net';

export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Lantern server from its sources (tsx); `npm start` runs the bundle `dist-server/main.js` instead. */
export const SOURCE_ENTRY = ['--import', 'tsx', 'src/server/main.ts'];

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning to the first healthy answer. */
  startMs: number;
  stop(): Promise<void>;
}

/** Waits until `GET {url}{healthPath}` answers 2xx; throws when the process exits first. */
async function waitHealthy(child: ChildProcess, url: string, healthPath: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${healthPath}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts `node {entry}` with `env` (PORT and HOST set here) and waits until it is healthy. Lantern servers
 * answer `/api/health`; other servers name their own `healthPath`.
 */
export async function startServer(options: {
  env?: Record<string, string>;
  entry?: string[];
  port?: number;
  healthPath?: string;
  /** Where the server's standard output goes: a file descriptor (a log file, as a service manager keeps it); else nowhere. */
  stdout?: number;
  /** Variables the server must not see at all (e.g. `LOG_LEVEL`, to run with the server's own default). */
  unset?: string[];
}): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const started = Date.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  for (const name of options.unset ?? []) delete env[name];
  const child = spawn(process.execPath, options.entry ?? SOURCE_ENTRY, {
    cwd: ROOT,
    env,
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(child, url, options.healthPath ?? '/api/health');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    child,
    startMs: Date.now() - started,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process now, in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Debian's Chromium (Playwright never downloads a browser here). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}
