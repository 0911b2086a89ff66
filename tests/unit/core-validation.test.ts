import { describe, expect, it } from 'vitest';
import { date, email, enumOf, integer, json, localized, money, text } from '../../src/core/fields';
import { formatEnglish } from '../../src/core/messages';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { validateBody } from '../../src/core/validation';

// A test-only resource: every rule the SPEC's messages name, plus a JSON field typed by a sibling.
const gadgets = defineResource({
  name: 'gadgets',
  paths: { admin: 'gadgets' },
  fields: {
    code: text({ required: true, maxLength: 5, pattern: /^[A-Z]+$/, patternMessage: 'uppercase' }),
    contact: email(),
    count: integer({ min: 1 }),
    price: money({ required: true }),
    title: localized({ required: true }),
    kind: enumOf(['small', 'large'], { required: true }),
    options: json({
      shapes: { by: 'kind', variants: { small: { size: integer({ required: true, max: 10 }) }, large: {} } },
    }),
  },
  list: { columns: ['code'], sort: ['id', 'ASC'] },
  access: {},
}) as unknown as AnyResource;

async function errorsOf(
  body: Record<string, unknown>,
  context?: Record<string, unknown>,
  mode: 'create' | 'update' = 'create',
) {
  const result = await validateBody(gadgets, mode, body, undefined, context);
  if (!('errors' in result)) return {};
  return Object.fromEntries(result.errors.map((e) => [e.path, formatEnglish(e.message)]));
}

const valid = { code: 'ABC', price: 100, title: { en: 'Lamp' }, kind: 'small', options: { size: 3 } };

describe('validation from field config', () => {
  it('accepts a valid body and keeps only declared fields', async () => {
    const result = await validateBody(gadgets, 'create', { ...valid, extra: 1 });
    expect(result).toEqual({ values: valid });
  });

  it('answers with the SPEC wording per field', async () => {
    expect(await errorsOf({ ...valid, code: undefined })).toEqual({ code: 'This field is required' });
    expect(await errorsOf({ ...valid, code: 'abc' })).toEqual({
      code: 'This field can only contain uppercase letters',
    });
    expect(await errorsOf({ ...valid, code: 'ABCDEFG' })).toEqual({ code: 'You must enter a maximum of 5 characters' });
    expect(await errorsOf({ ...valid, contact: 'nope' })).toEqual({ contact: 'Please enter a valid email' });
    expect(await errorsOf({ ...valid, count: 1.5 })).toEqual({ count: 'This field can only contain integer values' });
    expect(await errorsOf({ ...valid, count: 'x' })).toEqual({ count: 'This field can only contain numbers' });
    expect(await errorsOf({ ...valid, title: { en: '' } })).toEqual({ title: 'Please fill in at least one language' });
    expect(await errorsOf({ ...valid, title: { de: 'x' } })).toEqual({ 'title.de': 'This field is not allowed' });
  });

  it('types a JSON field by its sibling, from the body or the stored record', async () => {
    expect(await errorsOf({ ...valid, options: { size: 11 } })).toEqual({
      'options.size': 'The value must be at most 10',
    });
    expect(await errorsOf({ ...valid, options: { size: 2, colour: 'red' } })).toEqual({
      'options.colour': 'This field is not allowed',
    });
    expect(await errorsOf({ options: {} }, { kind: 'small' }, 'update')).toEqual({
      'options.size': 'This field is required',
    });
    expect(await errorsOf({ options: { anything: 1 } }, { kind: 'large' }, 'update')).toEqual({
      'options.anything': 'This field is not allowed',
    });
  });
});

describe('cross-field rules', () => {
  const window = defineResource({
    name: 'windows',
    paths: { admin: 'windows' },
    fields: {
      opensOn: date({ required: true }),
      closesOn: date(),
      minGuests: integer(),
      maxGuests: integer(),
    },
    rules: [
      { field: 'closesOn', atLeast: 'opensOn' },
      { field: 'maxGuests', atLeast: 'minGuests' },
    ],
    list: { columns: ['opensOn'], sort: ['id', 'ASC'] },
    access: {},
  }) as unknown as AnyResource;
  const errors = async (body: Record<string, unknown>, stored?: Record<string, unknown>) => {
    const result = await validateBody(window, stored ? 'update' : 'create', body, undefined, stored);
    return 'errors' in result ? Object.fromEntries(result.errors.map((e) => [e.path, formatEnglish(e.message)])) : {};
  };

  it('puts the message on the later field when it lies below the earlier one, in the order of its kind', async () => {
    expect(await errors({ opensOn: '2031-03-10', closesOn: '2031-03-09', minGuests: 10, maxGuests: 9 })).toEqual({
      closesOn: 'The end must not be before the start',
      maxGuests: 'The maximum must not be less than the minimum',
    });
    // Equal ends, a blank end and numbers compared as numbers (9 < 10, though '9' > '10' as text) all pass.
    expect(await errors({ opensOn: '2031-03-10', closesOn: '2031-03-10', minGuests: 9, maxGuests: 10 })).toEqual({});
    expect(await errors({ opensOn: '2031-03-10', closesOn: null, minGuests: 2 })).toEqual({});
  });

  it('reads a value the body lacks from the stored record, and lets a change that touches neither field pass', async () => {
    const stored = { opensOn: '2031-03-10', closesOn: '2031-03-12', minGuests: 5, maxGuests: 3 };
    expect(await errors({ opensOn: '2031-03-13' }, stored)).toEqual({
      closesOn: 'The end must not be before the start',
    });
    expect(await errors({ closesOn: '2031-03-11' }, stored)).toEqual({});
    // The stored record already breaks the guests rule; a change of the dates alone is still allowed.
    expect(await errors({ closesOn: '2031-03-15' }, stored)).toEqual({});
    expect(await errors({ maxGuests: 4 }, stored)).toEqual({
      maxGuests: 'The maximum must not be less than the minimum',
    });
  });

  it('reports a rule with the fields’ own errors in one answer', async () => {
    expect(await errors({ opensOn: 'soon', closesOn: '2031-03-09', minGuests: 10, maxGuests: 9 })).toEqual({
      opensOn: 'Invalid format',
      maxGuests: 'The maximum must not be less than the minimum',
    });
  });
});
