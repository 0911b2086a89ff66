import { describe, expect, it } from 'vitest';
import { email, enumOf, integer, json, localized, money, text } from '../../src/core/fields';
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
