import { describe, expect, it } from 'vitest';
import type { AnyResource } from '../../src/core/resource';
import { boolean, datetime, enumOf, images, longText, percent, ref, status, text } from '../../src/core/fields';
import { shownOnPage, valueText } from '../../src/core/value-text';

// Only what a value's text reads of its resource: the name (its labels' keys) and the fields.
const config = {
  name: 'things',
  fields: {
    title: text(),
    open: boolean(),
    share: percent(),
    notes: longText(),
    tags: enumOf(['red', 'dark_blue'] as const, { multiple: true }),
    photos: images(),
    ownerId: ref('users'),
  },
} as unknown as AnyResource;

const translate = (key: string, fallback: string) => (key === 'resources.things.enums.tags.red' ? 'Rouge' : fallback);

describe('a value as the text a list shows (the same on the server and in the app)', () => {
  const record = {
    title: 'A <b>',
    open: true,
    share: 12.5,
    notes: 'x'.repeat(90),
    tags: ['red', 'dark_blue'],
    photos: ['/a.webp'],
  };
  const of = (name: string) => valueText(config, name, record, 'en', translate);

  it('draws each kind as its text, labels in the reader’s language where they have one', () => {
    expect(of('title')).toBe('A <b>');
    expect(of('open')).toBe('Yes');
    expect(of('share')).toBe('12.5%');
    expect(of('notes')).toBe(`${'x'.repeat(80)}…`);
    expect(of('tags')).toBe('Rouge, Dark blue');
    expect(of('photos')).toBe('');
    expect(of('id')).toBe('');
  });

  it('names a reference as it is told, by its id otherwise', () => {
    expect(valueText(config, 'ownerId', { ownerId: 7 }, 'en', translate)).toBe('#7');
    expect(valueText(config, 'ownerId', { ownerId: 7 }, 'en', translate, (_name, id) => `User ${id}`)).toBe('User 7');
  });
});

describe('what a record page draws', () => {
  const held = {
    name: 'bookings',
    fields: {
      note: text(),
      remark: text({ showEmpty: true }),
      holdEndsAt: datetime({ countdown: { whileIn: ['unpaid'] } }),
      status: status(),
    },
    workflow: { initial: 'unpaid', states: ['unpaid', 'paid'], transitions: {} },
  } as unknown as AnyResource;
  const at = '2026-12-23T08:45:00.000Z';

  it('leaves out what has no value, unless the field asks to be shown empty', () => {
    expect(shownOnPage(held, 'note', { note: '' })).toBe(false);
    expect(shownOnPage(held, 'note', { note: { en: '', lo: '' } })).toBe(false);
    expect(shownOnPage(held, 'note', { note: 'Gate 2' })).toBe(true);
    expect(shownOnPage(held, 'remark', { remark: null })).toBe(true);
  });

  it('draws a countdown’s deadline only while it counts', () => {
    expect(shownOnPage(held, 'holdEndsAt', { status: 'unpaid', holdEndsAt: at })).toBe(true);
    expect(shownOnPage(held, 'holdEndsAt', { status: 'paid', holdEndsAt: at })).toBe(false);
  });
});
