import { beforeAll, describe, expect, it } from 'vitest';
import partners from '../../resources/partners';
import services from '../../resources/services';
import { ApiError, resourceClient } from '../../src/client/api/client';
import { suiteServer } from './harness';

/** The typed client derived from the configs, against a real server: records, sorting, actions, endpoints, errors. */
const server = suiteServer({ engine: 'pglite', seed: 'small' });
let moderator: string;
let partner: string;

beforeAll(async () => {
  moderator = await server.login('moderator@example.com', 'Admin#2026');
  partner = await server.login('partner@example.com', 'Partner#2026');
});

const as = (cookie: string) => ({ baseUrl: server.baseUrl, headers: () => ({ cookie }) });

describe('typed client', () => {
  it('lists with a typed sort and filter and reads the total from Content-Range', async () => {
    const client = resourceClient(services, as(moderator));
    const { data, total } = await client.list({
      sort: ['price', 'ASC'],
      range: [0, 9],
      filter: { status: 'approved' },
    });
    expect(data.length).toBeGreaterThan(1);
    expect(total).toBeGreaterThanOrEqual(data.length);
    const prices = data.map((s) => s.price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(data.every((s) => s.status === 'approved')).toBe(true);
  });

  it('runs a workflow action and reports a refused one as an ApiError with the status', async () => {
    const client = resourceClient(services, as(moderator));
    const [pending] = (await client.list({ filter: { status: 'pending' }, range: [0, 0] })).data;
    expect(await client.actions(pending.id)).toContain('approve');
    const approved = await client.run(pending.id, 'approve');
    expect(approved.status).toBe('approved');
    const again = await client.run(pending.id, 'approve').catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).status).toBe(409);
  });

  it('calls a custom endpoint (the partner’s balance) and gets field errors on bad input', async () => {
    const me = await (await fetch(`${server.baseUrl}/api/auth/me`, { headers: { cookie: partner } })).json();
    const balance = await resourceClient(partners, as(partner)).endpoint<{ available: number }>('balance', {
      id: me.id,
    });
    expect(typeof balance.available).toBe('number');
    const bad = await resourceClient(services, as(partner))
      .create({ title: { en: '' }, price: -1 })
      .catch((error: unknown) => error as ApiError);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(400);
    expect(Object.keys((bad as ApiError).errors)).toEqual(expect.arrayContaining(['price']));
  });
});
