import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyProofEntity,
  changedFiles,
  createCopy,
  PROOF_NAME,
  proofDiff,
  startCopyServer,
  type CopyServer,
  type ProofCopy,
} from './proof-fixture';

/**
 * Adding an entity is one file plus labels (SPEC §1, the developer): in a temporary copy, `npm run resource:new`
 * scaffolds `promotions`, the developer replaces the draft with the proof entity and its labels, and the
 * copy's own, unchanged generator migrates, serves, validates, scopes and documents it.
 */
let copy: ProofCopy;
let server: CopyServer;
let scaffold: { code: number; stdout: string; stderr: string };
let i18nBefore: { code: number; stdout: string; stderr: string };
let i18nAfter: { code: number; stdout: string; stderr: string };
let migrationsAfterScaffold: string[];
let loScaffolded: string;

const i18nTest = () =>
  copy
    .node(['node_modules/vitest/vitest.mjs', 'run', '--project', 'node', 'tests/unit/i18n-completeness.test.ts'], {
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    })
    .then((r) => ({ ...r, stdout: r.stdout + r.stderr }));

beforeAll(async () => {
  copy = createCopy();
  scaffold = await copy.node(['src/server/cli/resource-new.ts', PROOF_NAME, '--partner', '--workflow']);
  migrationsAfterScaffold = fs.readdirSync(path.join(copy.dir, 'src/server/db/migrations')).sort();
  loScaffolded = fs.readFileSync(path.join(copy.dir, 'i18n/lo.ts'), 'utf8');
  i18nBefore = await i18nTest();
  applyProofEntity(copy.dir);
  const resync = await copy.node(['src/server/cli/resource-new.ts', PROOF_NAME]);
  if (resync.code !== 0) throw new Error(`resource:new (again) failed:\n${resync.stderr}${resync.stdout}`);
  i18nAfter = await i18nTest();
  server = await startCopyServer(copy.dir);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  copy?.remove();
});

async function login(email: string, password: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('lantern_session='))!
    .split(';')[0];
}

async function api(cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const valid = {
  title: { en: 'Songkran week: 10% off boat trips', lo: 'ອາທິດບຸນປີໃໝ່' },
  discount: 50_000,
  currency: 'LAK',
  startsOn: '2026-04-10',
  endsOn: '2026-04-17',
};

/** The committed migrations; the scaffolder writes the next number after them. */
const COMMITTED = fs
  .readdirSync(path.resolve('src/server/db/migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
const NEW_MIGRATION = `${String(COMMITTED.length + 1).padStart(4, '0')}_add_promotions`;

describe('proof: the scaffolder', () => {
  it('writes the resource file, lists it, labels it in five languages and writes its migration', () => {
    expect(scaffold.code, scaffold.stderr).toBe(0);
    for (const file of [
      'resources/promotions.ts',
      'resources/index.ts',
      ...['lo', 'en', 'vi', 'th', 'zh'].map((l) => `i18n/${l}.ts`),
      `src/server/db/migrations/${NEW_MIGRATION}.sql`,
    ])
      expect(scaffold.stdout).toContain(`wrote ${file}`);
    expect(migrationsAfterScaffold).toContain(`${NEW_MIGRATION}.sql`);
  });

  it('leaves the other languages marked for translation, and the completeness test catches them', () => {
    // Other keys may be missing while their authors work in parallel: only this resource's keys are judged.
    expect(i18nBefore.code).not.toBe(0);
    expect(i18nBefore.stdout).toContain('"resources.promotions.name"');
    expect(loScaffolded).toContain("name: 'TODO: Promotion |||| Promotions'");
    expect(fs.readFileSync(path.join(copy.dir, 'i18n/lo.ts'), 'utf8')).not.toContain('TODO:');
    expect(i18nAfter.stdout).toMatch(/Tests .*\d+ (passed|failed)/);
    expect(i18nAfter.stdout).not.toContain('resources.promotions');
  });
});

describe('proof: one file plus labels', () => {
  it('changes nothing but the resource file, the index entry, the labels and the reviewed migration', async () => {
    expect(changedFiles(copy.dir, 'src').sort()).toEqual([
      `src/server/db/migrations/${NEW_MIGRATION}.sql`,
      'src/server/db/migrations/schema.snapshot.json',
    ]);
    expect(changedFiles(copy.dir, 'resources')).toEqual(['resources/index.ts', 'resources/promotions.ts']);
    expect(changedFiles(copy.dir, 'i18n')).toEqual([
      'i18n/en.ts',
      'i18n/lo.ts',
      'i18n/th.ts',
      'i18n/vi.ts',
      'i18n/zh.ts',
    ]);
    const diff = await proofDiff(copy.dir, ['resources/index.ts', 'resources/promotions.ts', 'i18n/en.ts']);
    expect(diff).toContain('+import promotions from');
    if (process.env.PROOF_DIFF) fs.writeFileSync(process.env.PROOF_DIFF, diff);
  });

  it('generates one migration for the edited entity, with its columns, checks and foreign key', () => {
    const dir = path.join(copy.dir, 'src/server/db/migrations');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))).toEqual([...COMMITTED, `${NEW_MIGRATION}.sql`]);
    const sql = fs.readFileSync(path.join(dir, `${NEW_MIGRATION}.sql`), 'utf8');
    expect(sql).toContain('create table "promotions"');
    expect(sql).toContain('"title" jsonb not null');
    expect(sql).toContain('"discount" bigint not null');
    expect(sql).toContain('"startsOn" date not null');
    expect(sql).toMatch(/check \("status" in \('draft', 'pending', 'approved', 'rejected'\)\)/);
    expect(sql).toMatch(/foreign key \("partnerId"\) references "partners"/);
    // The draft's columns are gone: the migration was regenerated from the edited file, not stacked.
    expect(sql).not.toContain('"active"');
  });

  it('applies the migration at start', async () => {
    const health = await (await fetch(`${server.baseUrl}/api/health`)).json();
    expect(health.migration).toBe(NEW_MIGRATION);
  });
});

describe('proof: the REST API serves the new entity', () => {
  let partnerA: string;
  let partnerB: string;
  let moderator: string;
  let idA: number;

  beforeAll(async () => {
    partnerA = await login('partner@example.com', 'Partner#2026');
    partnerB = await login('partner2@example.com', 'Partner#2026');
    moderator = await login('moderator@example.com', 'Admin#2026');
  });

  it('creates a partner’s row in its own scope, as a draft', async () => {
    const me = (await api(partnerA, 'GET', '/api/auth/me')).body;
    const created = await api(partnerA, 'POST', '/api/promotions', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, partnerId: me.id, status: 'draft', version: 1 });
    idA = created.body.id;
  });

  it('validates with the SPEC’s messages and never answers 500', async () => {
    const bad = await api(partnerA, 'POST', '/api/promotions', {
      title: { lo: 'ບໍ່ມີພາສາອັງກິດ' },
      discount: 5,
      startsOn: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['discount', 'endsOn', 'startsOn', 'title.en']);
    expect(bad.body.errors.endsOn).toBe('This field is required');
    // The validity window (a cross-field rule): it may not end before it starts, on create or on update.
    const backwards = await api(partnerA, 'POST', '/api/promotions', { ...valid, endsOn: '2026-04-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ endsOn: 'The end must not be before the start' });
    const unknown = await api(partnerA, 'POST', '/api/promotions', { ...valid, discont: 1 });
    expect(unknown.status).toBe(400);
    const sorted = await api(partnerA, 'GET', `/api/promotions?sort=${encodeURIComponent('["nope","ASC"]')}`);
    expect(sorted.status).toBe(400);
  });

  it('keeps partner B out of partner A’s rows', async () => {
    const listB = await api(partnerB, 'GET', '/api/promotions');
    expect(listB.status).toBe(200);
    expect(listB.body.map((r: { id: number }) => r.id)).not.toContain(idA);
    expect((await api(partnerB, 'GET', `/api/promotions/${idA}`)).status).toBe(404);
    expect((await api(partnerB, 'PUT', `/api/promotions/${idA}`, { discount: 1000, version: 1 })).status).toBe(404);
    expect((await api(partnerB, 'POST', `/api/promotions/${idA}/actions/submit`, {})).status).toBe(404);
    const listA = await api(partnerA, 'GET', '/api/promotions');
    expect(listA.body.map((r: { id: number }) => r.id)).toEqual([idA]);
    expect(listA.headers.get('content-range')).toBe('promotions 0-0/1');
  });

  it('runs the workflow: submit, who may approve, a required reason, and 409 from a wrong state', async () => {
    const submitted = await api(partnerA, 'POST', `/api/promotions/${idA}/actions/submit`, {});
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('pending');
    expect(submitted.body.submittedAt).toEqual(expect.any(String));

    expect((await api(partnerA, 'POST', `/api/promotions/${idA}/actions/approve`, {})).status).toBe(403);
    const noReason = await api(moderator, 'POST', `/api/promotions/${idA}/actions/reject`, {});
    expect(noReason.status).toBe(400);
    const approved = await api(moderator, 'POST', `/api/promotions/${idA}/actions/approve`, {});
    expect(approved.body.status).toBe('approved');
    expect((await api(moderator, 'POST', `/api/promotions/${idA}/actions/approve`, {})).status).toBe(409);

    // A partner's edit of a live promotion sends it back to review.
    const edited = await api(partnerA, 'PUT', `/api/promotions/${idA}`, {
      discount: 60_000,
      version: approved.body.version,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ discount: 60_000, status: 'pending' });
  });

  it('lets the moderator see every partner’s rows and filter them', async () => {
    const all = await api(moderator, 'GET', `/api/promotions?filter=${encodeURIComponent('{"status":"pending"}')}`);
    expect(all.status).toBe(200);
    expect(all.body.map((r: { id: number }) => r.id)).toContain(idA);
  });
});

describe('proof: the OpenAPI document lists it', () => {
  it('has its paths, transitions, schemas and errors', async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/promotions',
        '/api/promotions/{id}',
        '/api/promotions/{id}/actions/submit',
        '/api/promotions/{id}/actions/approve',
        '/api/promotions/{id}/actions/reject',
      ]),
    );
    expect(doc.components.schemas.Promotions.properties.discount.type).toBe('integer');
    expect(doc.components.schemas.PromotionsCreate.required).toEqual(
      expect.arrayContaining(['partnerId', 'title', 'discount', 'startsOn', 'endsOn']),
    );
    const reject = doc.paths['/api/promotions/{id}/actions/reject'].post;
    expect(reject.requestBody.content['application/json'].schema.required).toEqual(['reason']);
    expect(Object.keys(reject.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
  });
});
