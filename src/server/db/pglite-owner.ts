import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../edge/config-error';

/** Who holds an embedded database: written beside its files while a process has them open. */
interface Owner {
  pid: number;
  command: string;
  since: string;
}

/** Another live process has the embedded database open: this one must not touch its files. */
export class DatabaseHeldError extends ConfigError {}

const OWNER_FILE = 'owner.json';
/** The data directories this process holds (its pid in an older claim is a previous life's, reused). */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
    return Number.isSafeInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * SPEC §7: PGlite's files have one owner. Two processes writing one data directory corrupt it, so a server or a
 * command-line tool claims it before opening it (an exclusive create of `owner.json`) and gives it back on close.
 * A claim whose process has died (a crash, a kill) is stale and taken over; a live one refuses, naming its holder.
 * Answers the release.
 */
export function claimDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), OWNER_FILE);
  const me: Owner = {
    pid: process.pid,
    command: [path.basename(process.argv0), ...process.argv.slice(1).map((arg) => path.relative('.', arg) || arg)]
      .join(' ')
      .slice(0, 300),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      held.add(file);
      return () => {
        if (!held.delete(file)) return;
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readOwner(file);
      const live = holder && (holder.pid === process.pid ? held.has(file) : isAlive(holder.pid));
      if (holder && live)
        throw new DatabaseHeldError(
          `the database in ${path.resolve(dataDir)} is held by process ${holder.pid} (${holder.command}, since ` +
            `${holder.since}). Stop that process first, or do this through its API.`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  throw new DatabaseHeldError(`the database in ${path.resolve(dataDir)} is being claimed by another process`);
}
