import { describe, expect, it } from 'vitest';
import vi from '../../i18n/vi';
import schedules from '../../resources/schedules';
import { configResolver } from '../../src/client/generated/resolver';
import { createTranslate } from '../../src/client/i18n/translate';
import type { AnyResource } from '../../src/core/resource';

const config = schedules as unknown as AnyResource;
const translate = createTranslate(vi);

/** The form runs the resource's rules through the same yup schema as the server, in the reader's language. */
describe('cross-field rules in the forms', () => {
  const resolve = (values: Record<string, unknown>) =>
    configResolver(
      config,
      'create',
      ['serviceId', 'startDate', 'endDate', 'capacity'],
      translate,
    )(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('shows a departure that ends before it starts as the Vietnamese message under the end date', async () => {
    const result = await resolve({ serviceId: 1, startDate: '2031-05-10', endDate: '2031-05-09', capacity: 10 });
    expect((result.errors as Record<string, { message: string }>).endDate.message).toBe(vi.validation.endBeforeStart);
    expect(vi.validation.endBeforeStart).not.toBe('The end must not be before the start');
  });

  it('lets a one-day departure through', async () => {
    const result = await resolve({ serviceId: 1, startDate: '2031-05-10', endDate: '2031-05-10', capacity: 10 });
    expect(result.errors).toEqual({});
  });
});
