/**
 * `npm run build:server` (part of `npm run build`): what `npm start` runs, prepared ahead of time.
 *
 * - `dist-server/main.js`: the server and the resource configs in one file (packages stay in node_modules).
 *   Node then loads plain JavaScript instead of transpiling a few hundred TypeScript modules at every start,
 *   which was a third of a cold start and about 70 MB of memory (tsx's loader thread and source maps).
 * - the PGlite clusters new databases start from (see db/pglite-template.ts): an empty one for in-memory test
 *   databases and one with every migration applied for a new DATA_DIR; and the demo data's drawn covers
 *   (resources/demo/covers.ts), so a first start neither runs initdb nor migrations nor draws.
 *
 * `npm run dev`, the tests and the CLI commands still run the TypeScript sources through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { prepareDemo } from '../../../resources/demo/demo';
import { prepareMigratedCluster } from '../db/pglite-migrated';
import { prepareEmptyCluster } from '../db/pglite-template';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist-server', 'main.js');

/**
 * Modules find their files next to their source (`import.meta.url`: migrations, package.json): in the
 * bundle each keeps pointing at its own source file, relative to the bundle so the checkout can move.
 */
function sourceLocation(outfile: string): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** Bundles `src/server/main.ts` into `outfile`, which must lie in the checkout (packages load from node_modules). */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [sourceLocation(outfile)],
    logLevel: 'warning',
  });
}

/** The bundle, the PGlite clusters and the demo covers, unless an earlier build made them. */
export async function prepareServer(log: (line: string) => void = () => {}): Promise<void> {
  const started = Date.now();
  await buildServer();
  log(`server bundle ${path.relative(ROOT, SERVER_BUNDLE)} in ${Date.now() - started} ms`);
  await prepareEmptyCluster();
  await prepareMigratedCluster();
  await prepareDemo();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await prepareServer((line) => console.log(line));
