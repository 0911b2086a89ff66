import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export function readBuildInfo(distDir: string): BuildInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, 'builds', 'latest.json'), 'utf8')) as BuildInfo;
  } catch {
    return undefined;
  }
}

/** Writes `builds/latest.json` and `builds/meta/{id}.json`; the id changes whenever the built client does. */
export function writeBuildInfo(distDir: string, version: string): BuildInfo {
  const index = path.join(distDir, 'index.html');
  const content = fs.existsSync(index) ? fs.readFileSync(index) : Buffer.from(String(Date.now()));
  const timestamp = Date.now();
  // The client bundle carries the id vite.config.ts wrote (`__BUILD_ID__`); keep it so the bundle matches.
  const id =
    readBuildInfo(distDir)?.id ?? createHash('sha256').update(content).update(version).digest('hex').slice(0, 12);
  const info: BuildInfo = { id, timestamp };
  fs.mkdirSync(path.join(distDir, 'builds', 'meta'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'builds', 'latest.json'), JSON.stringify(info) + '\n');
  fs.writeFileSync(path.join(distDir, 'builds', 'meta', `${id}.json`), JSON.stringify({ ...info, version }) + '\n');
  return info;
}

/** What the build wrote, in a line (Vite's own table of every chunk is left out of `npm start`'s output). */
function describeAssets(distDir: string): string {
  const files = fs.readdirSync(path.join(distDir, 'assets'));
  const kb = (names: string[]) =>
    Math.round(names.reduce((sum, name) => sum + fs.statSync(path.join(distDir, 'assets', name)).size, 0) / 1024);
  const scripts = files.filter((name) => name.endsWith('.js'));
  const styles = files.filter((name) => name.endsWith('.css'));
  return `${scripts.length} scripts (${kb(scripts)} KB), ${styles.length} stylesheets (${kb(styles)} KB), in dist/`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const dist = path.join(root, 'dist');
  const info = writeBuildInfo(dist, version);
  console.log(`client build ${info.id}: ${describeAssets(dist)}`);
}
