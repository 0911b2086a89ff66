import { describe, expect, it } from 'vitest';
import { inlineCollection, integer, localized, money, text } from '../../src/core/fields';
import { collectionTotals, inlineCollections, totalsOf } from '../../src/core/inline-collection';
import { formatEnglish } from '../../src/core/messages';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { validateBody } from '../../src/core/validation';

// A test-only parent with an inline collection: a basket's items, their sums kept on the basket.
const baskets = defineResource({
  name: 'baskets',
  paths: { admin: 'baskets' },
  fields: {
    label: text(),
    count: integer({ readOnly: true }),
    amount: money({ readOnly: true }),
    items: inlineCollection(
      {
        sku: text({ required: true, pattern: /^[A-Z]+$/ }),
        name: localized(),
        qty: integer({ required: true, min: 1, max: 9 }),
        each: money({ required: true }),
      },
      {
        uniqueBy: 'sku',
        maxItems: 3,
        totals: { count: { sum: 'qty' }, amount: { sum: 'qty', times: 'each' } },
      },
    ),
  },
  list: { columns: ['label'], sort: ['id', 'ASC'] },
  access: {},
}) as unknown as AnyResource;

async function errorsOf(body: Record<string, unknown>) {
  const result = await validateBody(baskets, 'create', body);
  if (!('errors' in result)) return {};
  return Object.fromEntries(result.errors.map((e) => [e.path, formatEnglish(e.message)]));
}

const row = (sku: string, qty: unknown, each: unknown = 100) => ({ sku, qty, each });

describe('inline child collections', () => {
  it('is declared on the parent and found there by the server', () => {
    expect(inlineCollections(baskets).map(([name]) => name)).toEqual(['items']);
    expect(baskets.fields.items).toMatchObject({ kind: 'json', items: { inline: true, minItems: 1 } });
  });

  it('validates its rows with the parent, each error naming the row and key', async () => {
    expect(await errorsOf({ items: [row('A', 2), row('B', 1, { en: 'x' })] })).toEqual({
      'items.1.each': 'This field can only contain numbers',
    });
    expect(await errorsOf({ items: [row('A', 0)] })).toEqual({ 'items.0.qty': 'The value must be at least 1' });
    expect(await errorsOf({ items: [row('a', 1)] })).toEqual({ 'items.0.sku': 'Invalid format' });
    expect(await errorsOf({ items: [row('A', 1), row('A', 2)] })).toEqual({
      'items.1.sku': 'This value is already in use',
    });
    expect(await errorsOf({ items: [{ ...row('A', 1), price: 3 }] })).toEqual({
      'items.0.price': 'This field is not allowed',
    });
    expect(await errorsOf({ items: [] })).toEqual({ items: 'This field is required' });
    expect(await errorsOf({ items: [row('A', 1), row('B', 1), row('C', 1), row('D', 1)] })).toEqual({
      items: 'The value must be at most 3',
    });
    expect(await errorsOf({ items: 'A' })).toEqual({ items: 'Invalid format' });
    expect(await errorsOf({ items: [row('A', 2), { sku: 'B', qty: 1, each: 5, name: { en: 'Bee' } }] })).toEqual({});
  });

  it("keeps the parent's sums of its rows", () => {
    const items = [row('A', 2, 400), row('B', 1, 150)];
    expect(totalsOf(baskets.fields.items as never, items)).toEqual({ count: 3, amount: 950 });
    expect(collectionTotals(baskets, { label: 'x', items })).toEqual({ count: 3, amount: 950 });
    // A write without the rows leaves the sums alone.
    expect(collectionTotals(baskets, { label: 'x' })).toEqual({});
  });
});
