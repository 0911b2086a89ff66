import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { FALLBACK_LOCALE, LOCALES } from './src/core/locales';
import { AREAS, shellName } from './src/core/shells';
import portals from './resources/areas';
import type { Area } from './src/core/routes';
import { clientMessages, withFallback } from './src/core/client-messages';
import en from './i18n/en';
import lo from './i18n/lo';
import th from './i18n/th';
import vi from './i18n/vi';
import zh from './i18n/zh';

/**
 * One id per build: baked into the bundle (`__BUILD_ID__`) and written to `builds/latest.json` and
 * `builds/meta/{id}.json` (SPEC §6), so a tab can tell it runs an older build than the server.
 */
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14)}-${randomBytes(3).toString('hex')}`;
const builtAt = Date.now();

function buildInfo(): Plugin {
  return {
    name: 'lantern-build-info',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle)
        .filter((chunk) => chunk.type === 'chunk' && chunk.isEntry)
        .map((chunk) => chunk.fileName);
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: buildId, timestamp: builtAt }),
      });
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${buildId}.json`,
        source: JSON.stringify({ id: buildId, timestamp: builtAt, entries }, null, 2),
      });
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text formats worth compressing; fonts (woff2), images and archives are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ttf|otf)$/;

/**
 * `{file}.br` (brotli, quality 11) and `{file}.gz` (gzip, level 9) beside every asset and the HTML shell, written
 * once per build, so the server picks them by `Accept-Encoding` without spending CPU per request (SPEC §9). A
 * copy no smaller than its file is not written. `builds/` is rewritten after the bundle (build-info.ts) and is
 * served by hand, uncompressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lantern-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => !file.startsWith(join(outDir, 'builds')));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const copies = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          for (const [copy, suffix] of [
            [copies[0], '.br'],
            [copies[1], '.gz'],
          ] as const)
            await (copy.length < source.length ? writeFile(file + suffix, copy) : rm(file + suffix, { force: true }));
        }),
      );
    },
  };
}

/**
 * One HTML shell per locale and area (`shells/{locale}[-{area}].html`, named by `shellName`): `<html lang>` set,
 * and the chunks the first screen will ask for preloaded beside the entry's: the locale's messages (with the
 * English ones beneath them) and, in an area, its app and react-admin's translation provider. Without them the
 * browser learns of each only when the code before it has arrived and run: on a slow phone connection one round
 * trip after another before any text. The portal's home gets a shell of its own with its widgets' code too.
 */
function localeShells(): Plugin {
  const AREA_MODULES: Record<Area, string> = {
    admin: 'src/client/admin/AdminApp.tsx',
    partner: 'src/client/area/AreaApp.tsx',
    account: 'src/client/area/AreaApp.tsx',
  };
  // A portal's home is drawn from widgets, each kind its own chunk (`area/widgets/{Kind}Widget.tsx`): its own
  // shell preloads those its screen shows, so they arrive with the app instead of a round trip after it.
  const homeWidgets = (area: Area) => {
    const homeScreen = portals[area as keyof typeof portals]?.screens.find((screen) => screen.path === '');
    return [...new Set(homeScreen?.widgets.map((widget) => widget.kind) ?? [])].map(
      (kind) => `src/client/area/widgets/${kind[0].toUpperCase()}${kind.slice(1)}Widget.tsx`,
    );
  };
  const AREA_HOME_WIDGETS = Object.fromEntries(AREAS.map((area) => [area, homeWidgets(area)])) as Record<
    Area,
    string[]
  >;
  return {
    name: 'lantern-locale-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') this.error('no index.html in the bundle to make the locale shells from');
      const source = String(html.source);
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      // A module's chunk with every chunk it imports statically: what loading it fetches at once.
      const closure = (module: string): string[] => {
        const start = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(module));
        if (!start) this.error(`no chunk for ${module}`);
        const seen = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name];
          if (seen.has(name) || chunk?.type !== 'chunk') return;
          seen.add(name);
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        return [...seen];
      };
      const present = new Set([...source.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
      const variants = [
        { area: undefined, home: false },
        ...AREAS.map((area) => ({ area, home: false })),
        ...AREAS.filter((area) => AREA_HOME_WIDGETS[area].length).map((area) => ({ area, home: true })),
      ];
      for (const locale of LOCALES) {
        for (const { area, home } of variants) {
          const files = new Set([
            ...closure(`i18n/${locale}.ts`),
            ...(area
              ? [
                  ...closure('src/client/shell/AreaGate.tsx'),
                  ...closure('src/client/i18n/provider.ts'),
                  ...closure(AREA_MODULES[area]),
                ]
              : []),
            ...(area && home ? AREA_HOME_WIDGETS[area].flatMap(closure) : []),
          ]);
          const links = [...files]
            .filter((file) => !present.has(file))
            .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
            .join('');
          this.emitFile({
            type: 'asset',
            fileName: `shells/${shellName(locale, area, home)}.html`,
            source: source
              .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
              .replace('  </head>', `${links}  </head>`),
          });
        }
      }
    },
  };
}

/**
 * Browser-build replacements: `kysely`, `node:crypto`, `node:stream` and `csv-parse` (imported by the resources'
 * server-side effects, never run in the browser) and a polyfill that natives cover. Build only: the dev server and Vitest keep the real ones.
 */
const SHIMS: Record<string, string> = {
  kysely: fileURLToPath(new URL('./src/client/shims/kysely.ts', import.meta.url)),
  'object.entries': fileURLToPath(new URL('./src/client/shims/object-entries.cjs', import.meta.url)),
  'node:crypto': fileURLToPath(new URL('./src/client/shims/server-only.ts', import.meta.url)),
  'node:stream': fileURLToPath(new URL('./src/client/shims/server-only.ts', import.meta.url)),
  'csv-parse': fileURLToPath(new URL('./src/client/shims/server-only.ts', import.meta.url)),
  // Emotion's rules written as components render, in React's sliced render, not in its one-piece commit.
  '@emotion/use-insertion-effect-with-fallbacks': fileURLToPath(
    new URL('./src/client/shims/emotion-insertion.ts', import.meta.url),
  ),
};

const MESSAGE_FILES: Record<string, object> = { lo, en, vi, th, zh };

/**
 * Each locale's messages file as the apps need it: English under its gaps (SPEC §4's fallback, done at build time),
 * the server's mail and notification texts left out.
 */
function clientMessageFiles(): Plugin {
  return {
    name: 'lantern-client-messages',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const locale = /[\\/]i18n[\\/](lo|en|vi|th|zh)\.ts$/.exec(id)?.[1];
      if (!locale) return null;
      // English fills any gap of another locale here, once, so a page loads its own locale's file alone.
      const messages = locale === FALLBACK_LOCALE ? en : withFallback(MESSAGE_FILES[locale], en);
      return `export default ${JSON.stringify(clientMessages(messages))};`;
    },
  };
}

/** TanStack Query's own `react`, whose stores announce their changes as transitions (see the shim). */
const REACT_FOR_QUERIES = fileURLToPath(new URL('./src/client/shims/react-for-queries.ts', import.meta.url));
const QUERY_HOOKS = /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/;

/** A resource module that runs on the server only (a `.server.ts` file under resources/: handlers, guards). */
const SERVER_MODULE = /[\\/]resources[\\/].*\.server\.ts$/;
const EXPORTED = /export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/g;

/**
 * The browser build gets a stand-in for each export of a server-only resource module: the configs name their
 * handlers, but the browser never runs them, so neither their code nor what they import is shipped.
 */
function serverModuleStandIn(source: string): string {
  const names = [...source.matchAll(EXPORTED)].map((match) => match[1]);
  const stub = "() => { throw new Error('This runs on the server only'); }";
  return names.map((name) => `export const ${name} = ${stub};`).join('\n');
}

function clientShims(): Plugin {
  return {
    name: 'lantern-client-shims',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === 'react' && importer && QUERY_HOOKS.test(importer)) return REACT_FOR_QUERIES;
      return SHIMS[id];
    },
    async load(id) {
      if (!SERVER_MODULE.test(id)) return null;
      return serverModuleStandIn(await readFile(id, 'utf8'));
    },
  };
}

/**
 * Roboto only where it has come by the first paint (`font-display: optional` in place of @fontsource's `swap`): a
 * first visit over slow 4G keeps the metric-matched fallback (base.css) for the page's life, so the rows the
 * server drew and the app's own are drawn in one face. Swapped faces made the app's rows a little wider than the
 * server's, which the browser took for a new largest paint seconds after the first. The files stay in the cache
 * for the next visit, which draws in Roboto from the start.
 */
function latinFaceOptional(): Plugin {
  const ROBOTO_CSS = /[\\/]node_modules[\\/]@fontsource[\\/]roboto[\\/].*\.css$/;
  return {
    name: 'lantern-latin-face-optional',
    enforce: 'pre',
    transform(code, id) {
      return ROBOTO_CSS.test(id) ? code.replaceAll('font-display: swap', 'font-display: optional') : undefined;
    },
  };
}

const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
const REACT = pkg('react|react-dom|scheduler');
const ROUTER = pkg('react-router|react-router-dom|cookie|set-cookie-parser');

export default defineConfig({
  plugins: [
    react(),
    latinFaceOptional(),
    clientShims(),
    clientMessageFiles(),
    buildInfo(),
    localeShells(),
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Fonts stay files: the Content-Security-Policy allows fonts from this site only (no `data:`).
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks shared by every page. react-admin and the data grid are reached only
        // through the areas' dynamic imports, so automatic splitting keeps them out of the home page
        // (`/{locale}`, budget 150 KB gzipped; `npm run bench:bundle` checks it).
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 20 },
            { name: 'router', test: ROUTER, priority: 19 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/builds': 'http://127.0.0.1:3000' },
  },
});
