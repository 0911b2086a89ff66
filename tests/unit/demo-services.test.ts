/**
 * The demo's services tell one story (SPEC §9, a living marketplace): a title's variant, the description and the
 * duration agree. A "Half-day" or "Sunrise" trip lasts one calendar day and its description says so; a
 * three-day trip is described as three days, in every language it is written in; its departures last as long.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld } from '../../resources/demo/demo';
import type { World } from '../../resources/demo/world';

const HASHES = { admin: 'x', partner: 'x', user: 'x' };
const DAY = 86_400_000;

/** Variants whose name fixes the length (English title), and the length they fix. */
const FIXED: Record<string, 'half-day' | number> = { 'Half-day': 'half-day', 'Full-day': 1, Sunrise: 1 };

/** How each language's description states a length. */
const SAYS: Record<string, (length: 'half-day' | number) => string> = {
  lo: (n) => (n === 'half-day' ? 'ເຄິ່ງມື້' : `${n} ມື້`),
  en: (n) => (n === 'half-day' ? 'for half a day' : `for ${n} day${n > 1 ? 's' : ''}.`),
  vi: (n) => (n === 'half-day' ? 'trong nửa ngày' : `trong ${n} ngày`),
  th: (n) => (n === 'half-day' ? 'ครึ่งวัน' : ` ${n} วัน`),
  zh: (n) => (n === 'half-day' ? '行程半天' : `行程${n}天`),
};

type Row = Record<string, unknown>;
const rows = (world: World, table: string): Row[] => world.b.rows(table).map((rec) => rec.values);
const idOf = (value: unknown) => (value as { values?: Row } | undefined)?.values ?? value;

describe.each(['full', 'small'] as const)('demo services (%s demo)', (size) => {
  const world = buildWorld(HASHES, { size, now: new Date('2026-11-25T11:37:12.345Z') });
  const services = rows(world, 'services');

  it('has services of every length-fixing variant and of several lengths', () => {
    const variants = new Set(services.map((s) => /\(([^)]+)\)$/.exec((s.title as Row).en as string)?.[1]));
    if (size === 'full') for (const variant of Object.keys(FIXED)) expect(variants).toContain(variant);
    expect(new Set(services.map((s) => s.durationDays)).size).toBeGreaterThan(size === 'full' ? 2 : 0);
  });

  it('title, description and duration agree in every language a service is written in', () => {
    const contradictions: string[] = [];
    for (const service of services) {
      const title = service.title as Record<string, string>;
      const description = service.description as Record<string, string>;
      const variant = /\(([^)]+)\)$/.exec(title.en)?.[1] ?? '';
      const days = Number(service.durationDays);
      const length = FIXED[variant] ?? days;
      if (length !== days && !(length === 'half-day' && days === 1))
        contradictions.push(`${title.en}: ${days} days, its title says ${String(length)}`);
      for (const [locale, text] of Object.entries(description)) {
        if (!text.includes(SAYS[locale](length)))
          contradictions.push(`${title.en} (${locale}): "${text}" does not say ${SAYS[locale](length)}`);
        if (length !== 'half-day' && text.includes(SAYS[locale]('half-day')))
          contradictions.push(`${title.en} (${locale}): "${text}" says half a day`);
      }
      expect(Object.keys(description).sort(), title.en).toEqual(Object.keys(title).sort());
    }
    expect(contradictions).toEqual([]);
  });

  it("every departure lasts its service's duration", () => {
    const byRec = new Map(world.b.rows('services').map((rec) => [rec, rec.values]));
    const schedules = rows(world, 'schedules');
    expect(schedules.length).toBeGreaterThan(0);
    for (const schedule of schedules) {
      const service = byRec.get(schedule.serviceId as never) ?? (idOf(schedule.serviceId) as Row);
      const span = (Date.parse(String(schedule.endDate)) - Date.parse(String(schedule.startDate))) / DAY + 1;
      expect(span, `${(service.title as Row).en as string} from ${String(schedule.startDate)}`).toBe(
        service.durationDays,
      );
    }
  });
});
