/**
 * Images live in the database, so every instance serves every photo (SPEC §9), and the files an older
 * server left in `DATA_DIR/uploads` are moved into it (`npm run uploads:import`).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { importLegacyUploads } from '../../src/server/images/legacy-import';
import { multipartForm, phoneJpeg } from '../support/images';
import { loginAt, prepareStore, startServerProcess, type DataStore, type ServerProcess } from './durability-server';
import { describeEachEngine, POSTGRES_URL, suiteServer } from './harness';

describeEachEngine('uploads: files left on disk move into the database', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-legacy-'));
    fs.mkdirSync(path.join(dataDir, 'uploads'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('each old file is re-encoded into the files table, its records point at the new URL, the file is gone', async () => {
    const photo = `${randomUUID()}.jpg`;
    const broken = `${randomUUID()}.png`;
    fs.writeFileSync(path.join(dataDir, 'uploads', photo), await phoneJpeg(900, 600));
    fs.writeFileSync(path.join(dataDir, 'uploads', broken), Buffer.from('not really a png'));
    const service = await server.db.selectFrom('services').select(['id', 'version']).executeTakeFirstOrThrow();
    const other = 'https://example.com/kept.jpg';
    await server.db
      .updateTable('services')
      .set({ images: JSON.stringify([`/uploads/${photo}`, other]) })
      .where('id', '=', service.id)
      .execute();

    const result = await importLegacyUploads(server.db, dataDir, resources);
    expect(result.imported).toHaveLength(1);
    expect(result.imported[0]).toMatchObject({ from: `/uploads/${photo}`, records: 1 });
    expect(result.refused).toEqual([{ file: path.join(dataDir, 'uploads', broken), problem: 'notImage' }]);
    const to = result.imported[0].to;
    expect(to).toMatch(/^\/uploads\/[0-9a-f]{32}-600x900\.webp$/);

    const row = await server.db
      .selectFrom('services')
      .select(['images', 'version'])
      .where('id', '=', service.id)
      .executeTakeFirstOrThrow();
    expect(row.images).toEqual([to, other]);
    expect(row.version).toBe(service.version + 1);
    expect(fs.existsSync(path.join(dataDir, 'uploads', photo))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads', broken))).toBe(true);

    const served = await fetch(`${server.baseUrl}${to}`);
    expect(served.status).toBe(200);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([600, 900]);

    const again = await importLegacyUploads(server.db, dataDir, resources);
    expect(again.imported).toEqual([]);
  });
});

describe.skipIf(!POSTGRES_URL)('uploads: two instances on one PostgreSQL, each with its own DATA_DIR', () => {
  let store: DataStore;
  const instances: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    store = await prepareStore('postgres');
    for (let i = 0; i < 2; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-instance-'));
      dirs.push(dir);
      instances.push(await startServerProcess(store, { DATA_DIR: dir }));
    }
  }, 300_000);
  afterAll(async () => {
    for (const instance of instances) await instance.kill('SIGTERM');
    await store?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a photo uploaded through one instance is served by the other, byte for byte', async () => {
    const [a, b] = instances;
    const cookie = await loginAt(a.baseUrl, 'partner@example.com', 'Partner#2026');
    const response = await fetch(`${a.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { cookie },
      body: multipartForm(await phoneJpeg(1400, 1000), 'IMG_2.jpg', 'image/jpeg'),
    });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    for (const name of [url, url.replace('.webp', '-320w.webp'), url.replace('.webp', '-640w.webp')]) {
      const fromA = await fetch(`${a.baseUrl}${name}`);
      const fromB = await fetch(`${b.baseUrl}${name}`);
      expect(fromA.status, name).toBe(200);
      expect(fromB.status, name).toBe(200);
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    }
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });
});
