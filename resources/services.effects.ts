import type { DataContext } from '../src/core/resource';
import { defaultCancellationPolicy } from './orders.cancellation';

/** A service may only point at active master data (inactive entries stay valid on old services). */
export async function checkServiceRefs(
  ctx: DataContext,
  values: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [field, resource] of [
    ['tourTypeId', 'tour-types'],
    ['provinceId', 'provinces'],
  ] as const) {
    if (values[field] == null || (before && Number(before[field]) === Number(values[field]))) continue;
    const row = await ctx.findById(resource, Number(values[field]));
    if (!row || row.active === false) errors[field] = 'The referenced record does not exist';
  }
  if (Object.keys(errors).length) ctx.fail(400, 'Invalid input', errors);
}

/** beforeCreate: the references checked, and the platform's cancellation terms for a service that states none. */
export async function prepareService(
  ctx: DataContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown> | void> {
  await checkServiceRefs(ctx, values);
  if (values.cancellationPolicy == null) return { cancellationPolicy: await defaultCancellationPolicy(ctx) };
}
