/**
 * Prints the gzipped JavaScript each entry of the built client loads (run after `npm run build`):
 * the public home `/{locale}` (budget 150 KB) and the admin entry (budget 370 KB). A page's JS is
 * its entry chunk and every chunk it imports statically, plus the chunks it fetches at start
 * (the locale's messages with English underneath; for the admin, the area gate and the admin app
 * with their imports). `--check` exits 1 over budget (run by `npm test` through `test:size`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = args.find((arg) => !arg.startsWith('--')) ?? 'dist';
const assets = join(dist, 'assets');
const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["']\.\/([^"']+?\.js)["']/g;

const gz = new Map<string, number>();
const gzipped = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(assets, file)), { level: 9 }).length);
  return gz.get(file)!;
};

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(join(assets, file), 'utf8').matchAll(STATIC_IMPORT)) queue.push(match[1]);
  }
  return seen;
}

const chunk = (prefix: string) => {
  const found = files.filter((name) => name.startsWith(`${prefix}-`)).sort((a, b) => gzipped(b) - gzipped(a));
  if (!found.length) throw new Error(`no chunk ${prefix}-*.js in ${assets}`);
  return found[0];
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in index.html');

// A page in another language fetches its messages and English (the fallback for missing keys); the
// heaviest locale stands for all of them.
const messages = ['lo', 'vi', 'th', 'zh'].map(chunk).sort((a, b) => gzipped(b) - gzipped(a))[0];
const home = closure([entry, chunk('en'), messages]);
const admin = closure([entry, chunk('en'), messages, chunk('AreaGate'), chunk('AdminApp')]);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (set: Set<string>) => [...set].reduce((sum, file) => sum + gzipped(file), 0);
const rows = [
  { page: '/{locale} (home)', bytes: total(home), budget: 150 * 1024, chunks: home.size },
  { page: '/{locale}/admin', bytes: total(admin), budget: 370 * 1024, chunks: admin.size },
];
console.log('page                 gzipped JS   budget     chunks');
for (const row of rows) {
  const flag = row.bytes <= row.budget ? 'ok' : 'OVER';
  console.log(
    `${row.page.padEnd(20)} ${kb(row.bytes).padStart(10)}   ${kb(row.budget).padStart(8)}   ${row.chunks}  ${flag}`,
  );
}
if (process.argv.includes('--verbose')) {
  for (const file of [...admin].sort((a, b) => gzipped(b) - gzipped(a))) {
    console.log(`  ${home.has(file) ? 'home ' : 'admin'} ${kb(gzipped(file)).padStart(9)}  ${file}`);
  }
}
if (check && rows.some((row) => row.bytes > row.budget)) process.exit(1);
