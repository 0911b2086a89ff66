import { describe, expect, it } from 'vitest';
import services from '../../resources/services';
import settings from '../../resources/settings';
import { resourceClient } from '../../src/client/api/client';
import type { RecordOf } from '../../src/client/api/types';
import { boolean, enumOf, integer, money, text } from '../../src/core/fields';
import { defineResource } from '../../src/core/resource';

/**
 * Type safety of the config language, checked by `tsc --noEmit` (this file is in the project): each
 * `@ts-expect-error` below must meet an error, or the type check fails. The runtime assertions only keep
 * the values alive.
 */
describe('config types', () => {
  it('refuses a list column, filter or sort on a field the resource does not have', () => {
    const gadget = defineResource({
      name: 'gadgets',
      paths: { admin: 'gadgets' },
      fields: { label: text({ required: true }), price: money(), currency: text() },
      list: {
        columns: [
          'label',
          // @ts-expect-error `lable` is not a field of gadgets
          'lable',
        ],
        // @ts-expect-error `cost` is not a field of gadgets
        sort: ['cost', 'ASC'],
        filters: [
          // @ts-expect-error `colour` is not a field of gadgets
          'colour',
        ],
      },
      access: {},
    });
    expect(gadget.list.columns).toHaveLength(2);
  });

  it('takes only an integer field to reorder by and boolean fields to toggle', () => {
    const fields = { label: text(), rank: integer(), live: boolean() };
    const base = { name: 'gadgets', paths: { admin: 'gadgets' }, fields, access: {} } as const;
    const good = defineResource({
      ...base,
      list: { columns: ['label'], sort: ['rank', 'ASC'], reorder: 'rank', toggles: ['live'] },
    });
    const bad = defineResource({
      ...base,
      list: {
        columns: ['label'],
        sort: ['rank', 'ASC'],
        // @ts-expect-error a text field cannot order rows by hand
        reorder: 'label',
        toggles: [
          // @ts-expect-error an integer field is not switched on and off
          'rank',
        ],
      },
    });
    expect([good.list.reorder, bad.list.toggles]).toEqual(['rank', ['rank']]);
  });

  it('infers records from the config: numbers, literal enum values, localized text', () => {
    type Service = RecordOf<typeof services>;
    const record: Service = { id: 1, createdAt: '', updatedAt: '', version: 1, price: 1000, title: { en: 'Boat' } };
    // @ts-expect-error money is an integer of minor units, not a string
    const wrongPrice: Service = { ...record, price: '1000' };
    // @ts-expect-error `prise` is not a field of services
    const typo = record.prise;
    type Settings = RecordOf<typeof settings>;
    const group: Settings['group'] = 'general';
    const kind = enumOf(['small', 'large']);
    // @ts-expect-error enum values are literal types
    const wrongKind: (typeof kind)['values'][number] = 'medium';
    expect([record, wrongPrice, typo, group, wrongKind, kind.values]).toHaveLength(6);
  });

  it('checks sort and filter fields of the typed client', () => {
    const client = resourceClient(services, { baseUrl: 'http://127.0.0.1:9' });
    const calls = [
      () => client.list({ sort: ['price', 'ASC'], filter: { status: 'approved', price_gte: 1000 } }),
      // @ts-expect-error `cost` is not a field of services
      () => client.list({ sort: ['cost', 'ASC'] }),
      // @ts-expect-error a filter on an unknown field
      () => client.list({ filter: { colour: 'red' } }),
    ];
    expect(calls).toHaveLength(3);
  });
});
