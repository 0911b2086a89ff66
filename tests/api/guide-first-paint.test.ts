/**
 * The guide's two screens at the door go out drawn (server/first-paint.ts `screenFirstPaint`): a departure's page
 * with its manifest's head, totals and first travellers, the scan screen with its picker on the departure it opens
 * on and that departure's manifest; what they drew from goes inside the page as the API answers it. Another
 * partner's departure is not theirs to draw.
 */
import { expect, it } from 'vitest';
import portal from '../../resources/partner-portal';
import resources from '../../resources';
import { formatNumber } from '../../src/core/format';
import { pickLocalized, type LocalizedText } from '../../src/core/locales';
import type { ScanWidget } from '../../src/core/portal';
import { canonicalApiPath } from '../../src/core/primed-answers';
import { pickLabel, pickListPath, pickNameReads, pickNames, preselected } from '../../src/core/scan-pick';
import { DEFAULT_TIME_ZONE } from '../../src/core/zoned-time';
import { serverText } from '../../src/server/edge/server-text';
import { call, describeEachEngine, suiteServer } from './harness';
import { layerOf, primedOf, rootOf, shellsDist, TAGS, unescapeHtml as unescape } from './primed-shells';

const dist = shellsDist(['en', 'lo', 'en-partner', 'lo-partner']);
const schedules = resources.find((resource) => resource.name === 'schedules')!;
const scan = portal.screens
  .flatMap((screen) => screen.widgets)
  .find((widget): widget is ScanWidget => widget.kind === 'scan')!;

interface Manifest {
  heading: { service: LocalizedText | string; meetingPoint: LocalizedText | string };
  rows: { code: string; contactName: string }[];
  totals: Record<string, number>;
}

describeEachEngine("the guide's screens drawn before the script", (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { distDir: dist, primeBudgetMs: 60_000 } });

  async function pageOf(url: string, cookie: string) {
    const page = await call(server, 'GET', url, { cookie });
    expect(page.status, url).toBe(200);
    return String(page.body);
  }

  /** A departure of the partner's tomorrow with one booking on it, made through the API. */
  async function departureWithBooking(cookie: string) {
    const services = (await call(server, 'GET', '/api/services?filter={"status":"approved"}&range=[0,0]', { cookie }))
      .body as { id: number }[];
    expect(services.length).toBe(1);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const created = await call(server, 'POST', '/api/schedules', {
      cookie,
      body: { serviceId: services[0].id, startDate: day, endDate: day, startTime: '09:15', capacity: 12 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const schedule = created.body as { id: number };
    const customer = await server.login('user@example.com', 'User#2026');
    const booked = await call(server, 'POST', '/api/orders', {
      cookie: customer,
      body: { scheduleId: schedule.id, quantity: 2, contactName: 'Noy <Phommavong>', contactPhone: '+856 20 555 1234' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const order = booked.body as { id: number; code: string };
    // Paid: the manifest names its traveller.
    const finance = await server.login('finance@example.com', 'Admin#2026');
    const paid = await call(server, 'POST', `/api/orders/${order.id}/actions/pay`, {
      cookie: finance,
      body: { reference: `FIRST-PAINT-${order.code}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { id: schedule.id, code: order.code };
  }

  it("a departure's page holds its manifest and draws its head, totals and first travellers, in the page's language", async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    const { id, code } = await departureWithBooking(cookie);
    for (const locale of ['en', 'lo'] as const) {
      const page = await pageOf(`/${locale}/partner/schedules/${id}`, cookie);
      const primed = primedOf(page)!;
      expect(Object.keys(primed.answers)).toEqual(
        expect.arrayContaining([`schedules/${id}`, `schedules/${id}/manifest`]),
      );
      const headers = { 'accept-language': TAGS[locale] };
      const manifest = (await call(server, 'GET', `/api/schedules/${id}/manifest`, { cookie, headers }))
        .body as Manifest;
      expect(primed.answers[`schedules/${id}/manifest`].body).toEqual(manifest);
      const layer = unescape(layerOf(page)!);
      expect(layer).toMatch(/^<div class="lt-first-paint lt-held-paint" data-held="screen">/);
      expect(rootOf(page)).toMatch(/^<div class="lt-first-paint"><div class="lt-first-paint-bar">.+<\/div><\/div>$/);
      expect(layer).toContain(`<h2>${serverText(locale, 'resources.schedules.tables.manifest.title')}</h2>`);
      const words = (text: LocalizedText | string) => (typeof text === 'string' ? text : pickLocalized(text, locale));
      const heading = [manifest.heading.service, manifest.heading.meetingPoint].map(words).filter(Boolean).join(' · ');
      expect(layer).toContain(`<p>${heading}</p>`);
      expect(layer).toContain(
        `<span>${serverText(locale, 'resources.schedules.tables.manifest.bookings')}: ${formatNumber(manifest.totals.bookings, locale)}</span>`,
      );
      // The booking's code heads its card, a link; its traveller's name is text, whatever it holds.
      expect(layer).toContain(`<li><h3 data-link="">${code}</h3>`);
      expect(layerOf(page)).toContain('Noy &lt;Phommavong&gt;');
      expect(layer).toContain(`<dd>${manifest.rows.find((row) => row.code === code)!.contactName}</dd>`);
    }
    // Another partner's departure: nothing of it read or drawn.
    const other = await server.login('partner2@example.com', 'Partner#2026');
    const refused = await pageOf(`/en/partner/schedules/${id}`, other);
    expect(Object.keys(primedOf(refused)!.answers)).not.toContain(`schedules/${id}/manifest`);
    expect(layerOf(refused) ?? '').not.toContain(code);
  });

  it('the scan screen holds its departures and their names, and draws the one it opens on with its manifest', async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    const { id, code } = await departureWithBooking(cookie);
    const now = new Date();
    const listPath = pickListPath(scan.pick, now);
    const page = await pageOf('/en/partner/check-in', cookie);
    const primed = primedOf(page)!;
    const rows = primed.answers[canonicalApiPath(listPath)]?.body as Record<string, unknown>[];
    expect(rows, 'the departures offered, inside the page').toEqual(
      (await call(server, 'GET', `/api/${listPath}`, { cookie })).body,
    );
    expect(rows.map((row) => row.id)).toContain(id);
    const reads = pickNameReads(scan.pick, schedules, rows, (name) => resources.find((r) => r.name === name));
    for (const read of reads) expect(Object.keys(primed.answers)).toContain(canonicalApiPath(read.path));
    const names = pickNames(reads, (read) => primed.answers[canonicalApiPath(read.path)].body as never, 'en');
    const opening = preselected(rows, scan.pick.preselect, schedules, now, DEFAULT_TIME_ZONE)!;
    const layer = unescape(layerOf(page)!);
    expect(layer).toContain('<h1>Check-in</h1>');
    expect(layer).toContain(
      `<div data-pick><span>Departure</span>${pickLabel(scan.pick, schedules, opening, names, 'en')}</div>`,
    );
    expect(Object.keys(primed.answers)).toContain(`schedules/${String(opening.id)}/manifest`);

    // Opened on a departure of its own (`?pick=`), the screen draws that one and its travellers.
    const picked = await pageOf(`/en/partner/check-in?pick=${id}`, cookie);
    const row = rows.find((candidate) => candidate.id === id)!;
    const pickedLayer = unescape(layerOf(picked)!);
    expect(pickedLayer).toContain(`<span>Departure</span>${pickLabel(scan.pick, schedules, row, names, 'en')}</div>`);
    expect(pickedLayer).toContain(`<h3 data-link="">${code}</h3>`);
    expect(Object.keys(primedOf(picked)!.answers)).toContain(`schedules/${id}/manifest`);
  });
});
