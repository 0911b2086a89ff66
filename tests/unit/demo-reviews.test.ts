/**
 * The demo's reviews tell the truth about their trips (issue 54): a boat only on a river cruise, temples only where
 * travellers walk among them, a cooking class only on a food tour, and no traveller writes the same words twice.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld } from '../../resources/demo/demo';
import type { World } from '../../resources/demo/world';

const HASHES = { admin: 'x', partner: 'x', user: 'x' };

type Row = Record<string, unknown>;
const rows = (world: World, table: string): Row[] => world.b.rows(table).map((rec) => rec.values);
const valuesOf = (value: unknown) => (value as { values: Row }).values;

/** Words that name what only some kinds of trip have, in every language, and the kinds that have it. */
const MENTIONS: { words: RegExp; kinds: string[] }[] = [
  { words: /boat|river|cruise|thuyền|เรือ|船|ເຮືອ/i, kinds: ['RIVER_CRUISE'] },
  { words: /temple|chùa|วัด|寺|(^|\s)ວັດ/i, kinds: ['TEMPLES', 'CITY_TOUR', 'TREKKING', 'CAVES'] },
  { words: /cook|dishes|ແຕ່ງອາຫານ|nấu|ทำอาหาร|烹饪/i, kinds: ['FOOD'] },
];

describe.each(['full', 'small'] as const)('demo reviews (%s demo)', (size) => {
  const world = buildWorld(HASHES, { size, now: new Date('2026-11-25T11:37:12.345Z') });
  const reviews = rows(world, 'reviews');

  it("say only what their service's kind of trip has", () => {
    const wrong: string[] = [];
    for (const review of reviews) {
      const service = valuesOf(review.serviceId);
      const kind = String(valuesOf(service.tourTypeId).code);
      for (const { words, kinds } of MENTIONS)
        if (words.test(String(review.text)) && !kinds.includes(kind)) wrong.push(`${kind}: ${String(review.text)}`);
    }
    expect(reviews.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('never repeat a traveller’s own words', () => {
    const seen = new Map<unknown, Set<string>>();
    const repeated: string[] = [];
    for (const review of reviews) {
      const written = seen.get(review.userId) ?? new Set<string>();
      if (written.has(String(review.text))) repeated.push(String(review.text));
      written.add(String(review.text));
      seen.set(review.userId, written);
    }
    expect(repeated).toEqual([]);
  });
});
