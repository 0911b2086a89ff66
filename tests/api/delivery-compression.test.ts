/**
 * SPEC §9: assets and the HTML shell go out as the build compressed them (brotli, else gzip, by
 * `Accept-Encoding`, with `Vary: Accept-Encoding`); JSON answers over 1 KB and CSV exports are compressed on
 * the fly. Bytes are read off the socket (node:http, no transparent decoding) and decoded here.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../resources/public-site';
import { COMPRESS_THRESHOLD } from '../../src/server/edge/compression';
import { loadConfig } from '../../src/server/edge/config';
import { homeHead, withHead } from '../../src/server/edge/seo';
import { describeEachEngine, startTestServer, suiteServer, type TestServer } from './harness';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decode(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body).toString('utf8');
  expect(encoding ?? 'identity').toBe('identity');
  return raw.body.toString('utf8');
}

const varies = (raw: Raw) => String(raw.headers.vary ?? '').toLowerCase();

describeEachEngine('compressed answers', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let cookie = '';
  beforeAll(async () => {
    cookie = await server.login('admin@example.com', 'Admin#2026');
  });

  it('a list over 1 KB comes brotli- or gzip-compressed by Accept-Encoding, its Content-Range kept', async () => {
    const url = `${server.baseUrl}/api/orders?range=[0,24]`;
    const plain = await rawGet(url, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const rows = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(rows.length).toBeGreaterThan(10);

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['deflate', undefined],
    ] as const) {
      const answer = await rawGet(url, { cookie, 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      expect(answer.headers['content-range'], accept).toBe(plain.headers['content-range']);
      expect(answer.headers['content-range']).toBe(`orders 0-${rows.length - 1}/${rows.length}`);
      expect(JSON.parse(decode(answer)), accept).toEqual(rows);
      if (expected) {
        expect(varies(answer)).toContain('accept-encoding');
        expect(answer.body.length).toBeLessThan(plain.body.length / 2);
      }
    }
  });

  it('an answer under 1 KB goes out as it is', async () => {
    const one = await rawGet(`${server.baseUrl}/api/settings/commission`, { cookie, 'accept-encoding': 'br, gzip' });
    expect(one.status).toBe(200);
    expect(one.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(one.body.toString('utf8')).group).toBe('commission');
  });

  it('a CSV export streams compressed, every row intact', async () => {
    const url = `${server.baseUrl}/api/orders/-/export.csv`;
    const plain = await rawGet(url, { cookie });
    const packed = await rawGet(url, { cookie, 'accept-encoding': 'br' });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['content-type']).toMatch(/^text\/csv/);
    expect(decode(packed)).toBe(plain.body.toString('utf8'));
    expect(plain.body.toString('utf8').split('\n').length).toBeGreaterThan(10);
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('errors stay JSON the client reads, whatever it accepts', async () => {
    const missing = await rawGet(`${server.baseUrl}/api/orders/999999999`, { cookie, 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(decode(missing)).message).toBeTruthy();
  });
});

describe('the built client, served precompressed', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-dist-'));
  const script = `console.log(${JSON.stringify('Lantern '.repeat(400))});\n`;
  const shell =
    '<!doctype html><html lang="lo"><head><title>Lantern</title>' +
    '<script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>';
  // Locale and area shells (vite.config.ts, localeShells): the build writes one for every locale and area.
  const viShell = shell.replace('lang="lo"', 'lang="vi"');
  const enAdminShell = shell.replace('lang="lo"', 'lang="en"').replace('</head>', '<link rel="modulepreload"></head>');
  let server: TestServer;

  beforeAll(async () => {
    // What `vite build` writes (vite.config.ts, precompress): each file with its .br and .gz copies.
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'shells'));
    for (const [file, text] of [
      ['index.html', shell],
      ['shells/vi.html', viShell],
      ['shells/en-admin.html', enAdminShell],
      ['assets/app-1234.js', script],
    ]) {
      fs.writeFileSync(path.join(dist, file), text);
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
    }
    server = await startTestServer({ engine: 'pglite', seed: 'none', config: { distDir: dist } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('an asset comes as brotli, else gzip, else as it is, always with Vary: Accept-Encoding', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const answer = await rawGet(`${server.baseUrl}/assets/app-1234.js`, { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toContain('immutable');
      expect(varies(answer)).toContain('accept-encoding');
      expect(decode(answer)).toBe(script);
    }
  });

  it('the shell of every page, the 404 page included, comes compressed with its status', async () => {
    for (const [pathname, status, expected] of [
      // The bare address is the shell with the homes' x-default head (below); the bare home goes out primed with its first screen (primed-home.test.ts); with a search it is the shell
      // with the home's head (below).
      ['/vi/login', 200, viShell],
      ['/en/admin/accounts/user', 200, enAdminShell],
      ['/en/admin/no-such-resource', 404, shell],
      ['/en/no-such-page', 404, shell],
      ['/xx/anything', 404, shell],
      ['/index.html', 404, shell],
      ['/index.html.br', 404, shell],
      ['/shells/vi.html', 404, shell],
    ] as const) {
      const answer = await rawGet(`${server.baseUrl}${pathname}`, { 'accept-encoding': 'gzip, br' });
      expect(answer.status, pathname).toBe(status);
      expect(answer.headers['content-encoding'], pathname).toBe('br');
      expect(answer.headers['content-type'], pathname).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
      expect(varies(answer), pathname).toContain('accept-encoding');
      expect(decode(answer), pathname).toBe(expected);
      // A revalidated error page must not come back empty: only the 200 shell carries validators.
      expect(answer.headers.etag === undefined, pathname).toBe(status === 404);
    }
  });

  it('the home with a search is its locale’s shell with the home’s own head, compressed', async () => {
    const answer = await rawGet(`${server.baseUrl}/vi?q=boat`, { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(varies(answer)).toContain('accept-encoding');
    // The head needs no database (SPEC §18); the first answers are the bare home's alone (primed-home.test.ts).
    expect(decode(answer)).toBe(withHead(viShell, homeHead(site.catalog.page!, loadConfig().mail.publicUrl, 'vi')));
  });

  it('the bare address is the shell with the homes’ x-default head, compressed', async () => {
    const answer = await rawGet(`${server.baseUrl}/`, { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(varies(answer)).toContain('accept-encoding');
    expect(decode(answer)).toBe(withHead(shell, homeHead(site.catalog.page!, loadConfig().mail.publicUrl)));
  });

  it('the build wrote a shell per locale and area: its lang, its messages and its app preloaded', () => {
    const built = path.resolve('dist');
    const preloads = (name: string) => {
      const html = fs.readFileSync(path.join(built, 'shells', `${name}.html`), 'utf8');
      return {
        lang: /<html lang="([^"]+)">/.exec(html)?.[1],
        files: [...html.matchAll(/(?:src|href)="\/assets\/([^"]+?)-[\w-]{8}\.(?:js|css)"/g)].map((m) => m[1]),
      };
    };
    for (const locale of ['lo', 'en', 'vi', 'th', 'zh']) {
      const home = preloads(locale);
      expect(home.lang).toBe(locale);
      expect(home.files).toEqual(expect.arrayContaining(['index', 'react', locale]));
      // A built locale file carries English under its gaps: another locale's page preloads no English file.
      if (locale !== 'en') expect(home.files).not.toContain('en');
      expect(home.files).not.toContain('AdminApp');
      expect(preloads(`${locale}-admin`).files).toEqual(
        expect.arrayContaining([locale, 'AreaGate', 'provider', 'AdminApp']),
      );
      expect(preloads(`${locale}-partner`).files).toEqual(expect.arrayContaining([locale, 'AreaApp']));
      expect(preloads(`${locale}-account`).files).toEqual(expect.arrayContaining([locale, 'AreaApp']));
    }
  });

  it('the build wrote brotli and gzip copies beside every script, style and the shell', () => {
    const built = path.resolve('dist');
    expect(fs.existsSync(path.join(built, 'index.html')), 'run `npm run build` first').toBe(true);
    const files = [
      'index.html',
      ...fs.readdirSync(path.join(built, 'assets')).filter((name) => /\.(js|css)$/.test(name)),
    ].map((name) => (name === 'index.html' ? name : `assets/${name}`));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = fs.readFileSync(path.join(built, file));
      for (const [suffix, decompress] of [
        ['.br', zlib.brotliDecompressSync],
        ['.gz', zlib.gunzipSync],
      ] as const) {
        const copy = path.join(built, file + suffix);
        // A copy is left out only where it would not be smaller (tiny files).
        if (!fs.existsSync(copy)) {
          expect(source.length, file + suffix).toBeLessThan(200);
          continue;
        }
        expect(decompress(fs.readFileSync(copy)).equals(source), file + suffix).toBe(true);
      }
    }
  });
});
