/**
 * SPEC §10: `/api/health` answers 503 from the moment SIGTERM arrives, even to a check whose database probe was
 * already under way when it came (the phase is read again after the probe).
 */
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Availability } from '../../src/server/edge/availability';
import type { ProbeResult } from '../../src/server/db/probe';
import { registerHealth } from '../../src/server/edge/health';
import { Lifecycle } from '../../src/server/edge/lifecycle';

/** A server whose database probe answers only when the test lets it. */
async function serverWithHeldProbe() {
  let answer: (result: ProbeResult) => void = () => {};
  let asked: () => void = () => {};
  const probing = new Promise<void>((resolve) => (asked = resolve));
  const app = Fastify();
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  app.decorate(
    'availability',
    new Availability(pino({ level: 'silent' }), () => {
      asked();
      return new Promise<ProbeResult>((resolve) => (answer = resolve));
    }),
  );
  registerHealth(app, { engine: 'pglite', version: 'test', buildId: 'test', migration: () => '0001' });
  await app.ready();
  lifecycle.ready();
  return { app, lifecycle, probing, answer: (result: ProbeResult) => answer(result) };
}

describe('health while draining', () => {
  it('a check in flight when the signal comes answers 503 draining, though its probe said ok', async () => {
    const { app, lifecycle, probing, answer } = await serverWithHeldProbe();
    const inFlight = app.inject({ method: 'GET', url: '/api/health' });
    await probing;
    lifecycle.startDraining();
    answer({ ok: true });
    const response = await inFlight;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'draining' });
    expect(response.headers['retry-after']).toBeDefined();
    await app.close();
  });

  it('a check that ends before the signal answers 200, and the next one 503 at once', async () => {
    const { app, lifecycle, probing, answer } = await serverWithHeldProbe();
    const before = app.inject({ method: 'GET', url: '/api/health' });
    await probing;
    answer({ ok: true });
    expect((await before).statusCode).toBe(200);
    lifecycle.startDraining();
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(503);
    expect(after.json()).toMatchObject({ status: 'draining' });
    await app.close();
  });
});
