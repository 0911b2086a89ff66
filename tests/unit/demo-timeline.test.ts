/**
 * The demo is a living marketplace relative to the moment it is loaded (SPEC §9). Checked on the rows
 * the seed builds, before any database: no instant piles up, order volumes follow a smooth curve, the
 * moderation queues hold this fortnight's work and the demo partner has guests today and tomorrow.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, DEMO_TABLES } from '../../resources/demo/demo';
import type { World } from '../../resources/demo/world';
import resources from '../../resources';
import { tableName } from '../../src/core/resource';
import { dayIn } from '../../src/core/zoned-time';
import { PLATFORM_ZONE } from '../support/platform-day';

const DAY = 86_400_000;
const TABLES = DEMO_TABLES;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HASHES = { admin: 'x', partner: 'x', user: 'x' };
/** Deadlines, not moments of history: an unpaid booking's hold ends after the demo is loaded. */
const DEADLINES = new Set(['holdExpiresAt']);
/** Several moments of loading: any time of day, any season. */
const MOMENTS = ['2026-11-25T11:37:12.345Z', '2026-06-15T00:00:00.000Z', '2027-02-28T23:59:30.000Z'].map(
  (at) => new Date(at),
);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rows = (world: World, table: string) => world.b.rows(table).map((rec) => rec.values);

describe.each(MOMENTS)('demo timeline loaded at %s', (now) => {
  const world = buildWorld(HASHES, { now });
  const at = now.getTime();
  // The platform's day at that moment: departures are its dates (Vientiane is a day ahead of UTC's evening).
  const today = dayIn(now, PLATFORM_ZONE);

  it('no timestamp is shared by more than 1% of a table’s rows, and none lies in the future', () => {
    for (const table of TABLES) {
      const all = rows(world, table);
      expect(all.length, table).toBeGreaterThan(0);
      const allowed = Math.max(1, Math.floor(all.length / 100));
      const columns = Object.keys(all[0]).filter((column) => all.some((row) => ISO.test(String(row[column]))));
      expect(columns, table).toContain('createdAt');
      for (const column of columns) {
        const counts = new Map<string, number>();
        for (const row of all) {
          const value = row[column];
          if (typeof value !== 'string') continue;
          if (!DEADLINES.has(column)) expect(Date.parse(value), `${table}.${column} ${value}`).toBeLessThanOrEqual(at);
          counts.set(value, (counts.get(value) ?? 0) + 1);
        }
        const [value, most] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
        expect(most, `${table}.${column}: ${most} of ${all.length} rows at ${value}`).toBeLessThanOrEqual(allowed);
      }
    }
  });

  it('daily orders are smooth: no day of the last 90 above 3× the median, the last 30 days within ±60% of the 30 before', () => {
    const perDay = new Map<number, number>();
    for (const order of rows(world, 'orders')) {
      const day = Math.floor((at - Date.parse(String(order.createdAt))) / DAY);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const last90 = Array.from({ length: 90 }, (_, day) => perDay.get(day) ?? 0);
    const middle = median(last90);
    expect(middle).toBeGreaterThan(0);
    for (const [day, n] of last90.entries()) expect(n, `${day} days back`).toBeLessThanOrEqual(3 * middle);
    const sum = (from: number, to: number) => last90.slice(from, to).reduce((a, b) => a + b, 0);
    const ratio = sum(0, 30) / sum(30, 60);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(1.6);
    // A weekly rhythm: weekends busier than midweek over the whole history.
    const byWeekday = Array.from({ length: 7 }, () => 0);
    for (const order of rows(world, 'orders')) byWeekday[new Date(String(order.createdAt)).getUTCDay()]++;
    expect(byWeekday[6]).toBeGreaterThan(byWeekday[2] * 1.2);
    expect(rows(world, 'orders')).toHaveLength(3000);
  });

  it('every dashboard figure (each resource with statistics: its count and sums) is within ±60% of the 30 days before', () => {
    const matches = (row: Record<string, unknown>, where: Record<string, unknown> = {}) =>
      Object.entries(where).every(([field, want]) =>
        Array.isArray(want) ? want.includes(row[field]) : row[field] === want,
      );
    for (const config of resources.filter((r) => r.stats)) {
      const stats = config.stats!;
      const counted = rows(world, tableName(config)).filter((row) => matches(row, stats.where));
      const window = (from: number, to: number) =>
        counted.filter((row) => {
          const age = (at - Date.parse(String(row[stats.time]))) / DAY;
          return age >= from && age < to;
        });
      for (const metric of ['count', ...(stats.sum ?? [])]) {
        const total = (list: Record<string, unknown>[]) =>
          metric === 'count' ? list.length : list.reduce((sum, row) => sum + Number(row[metric] ?? 0), 0);
        const [current, previous] = [total(window(0, 30)), total(window(30, 60))];
        expect(previous, `${config.name}.${metric} before`).toBeGreaterThan(0);
        expect(current / previous, `${config.name}.${metric}: ${current} vs ${previous}`).toBeGreaterThan(0.4);
        expect(current / previous, `${config.name}.${metric}: ${current} vs ${previous}`).toBeLessThan(1.6);
      }
    }
  });

  it('moderation queues hold recent items: median age of what waits is at most 14 days', () => {
    const ages = (table: string, column: string) =>
      rows(world, table)
        .filter((row) => row.status === 'pending')
        .map((row) => (at - Date.parse(String(row[column]))) / DAY);
    for (const [table, column] of [
      ['services', 'submittedAt'],
      ['services', 'updatedAt'],
      ['partner_profiles', 'submittedAt'],
      ['refunds', 'createdAt'],
      ['withdrawals', 'createdAt'],
    ]) {
      const waiting = ages(table, column);
      expect(waiting.length, table).toBeGreaterThan(0);
      expect(median(waiting), `${table}.${column}`).toBeLessThanOrEqual(14);
    }
  });

  it('partner@example.com has departures today and tomorrow, with bookings', () => {
    const demo = world.b.rows('partners').find((p) => p.values.email === 'partner@example.com')!;
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    for (const day of [today, tomorrow]) {
      const departures = world.b
        .rows('schedules')
        .filter((s) => s.values.partnerId === demo && s.values.startDate === day && s.values.status === 'open');
      expect(departures.length, day).toBeGreaterThan(0);
      const booked = world.b
        .rows('orders')
        .filter((o) => departures.includes(o.values.scheduleId as never) && o.values.status !== 'cancelled');
      expect(booked.length, day).toBeGreaterThan(0);
    }
  });

  it('partner@example.com has the day of the trip (SPEC §15): boarded and waiting travellers, and yesterday a missed one', () => {
    const demo = world.b.rows('partners').find((p) => p.values.email === 'partner@example.com')!;
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
    const paidOn = (offset: number) => {
      const departures = world.b
        .rows('schedules')
        .filter((s) => s.values.partnerId === demo && s.values.startDate === day(offset));
      return world.b
        .rows('orders')
        .filter((o) => departures.includes(o.values.scheduleId as never))
        .filter((o) => ['paid', 'confirmed'].includes(String(o.values.status)))
        .map((o) => o.values);
    };
    for (const offset of [0, 1]) expect(paidOn(offset).length, day(offset)).toBeGreaterThan(0);
    const todays = paidOn(0);
    expect(todays.filter((o) => o.checkedInAt).length).toBeGreaterThan(0);
    expect(todays.filter((o) => !o.checkedInAt).length).toBeGreaterThan(0);
    for (const order of todays.filter((o) => o.checkedInAt))
      expect(Date.parse(String(order.checkedInAt))).toBeLessThanOrEqual(at);
    const missed = paidOn(-1).filter((o) => !o.checkedInAt);
    expect(missed.length).toBeGreaterThan(0);
  });

  it('every approved service has a photo; at least 40% have titles in vi, th and zh', () => {
    const services = rows(world, 'services');
    for (const service of services.filter((s) => s.status === 'approved'))
      expect((service.images as string[]).length).toBeGreaterThan(0);
    const covers = new Set(services.flatMap((s) => s.images as string[]));
    expect(covers.size).toBeGreaterThan(12);
    const multilingual = services.filter((s) => {
      const title = s.title as Record<string, string>;
      return Boolean(title.vi && title.th && title.zh);
    });
    expect(multilingual.length / services.length).toBeGreaterThanOrEqual(0.4);
  });
});
