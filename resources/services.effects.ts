import type { DataContext } from '../src/core/resource';
import { defaultCancellationPolicy } from './orders.cancellation';
import { DEFAULT_TICKET_CODE, DEFAULT_TICKET_NAME, typesOf, type TicketType } from './shared/ticket-types';

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

/**
 * The service's price and ticket types agree: `price` is the default (first) type's. Types sent win; a price sent
 * alone becomes the default type's (one ADULT type when there are none yet).
 */
function pricing(
  ctx: DataContext,
  values: Record<string, unknown>,
  before?: Record<string, unknown>,
): Record<string, unknown> {
  const types = values.ticketTypes as TicketType[] | null | undefined;
  if (Array.isArray(types) && types.length) {
    // The default type is what the service costs (its `price`, at least 1); others may be free (an infant).
    if (!(Number(types[0].price) >= 1))
      ctx.fail(400, 'Invalid input', { 'ticketTypes.0.price': 'The value must be at least 1' });
    return { price: Number(types[0].price) };
  }
  if (types === null) ctx.fail(400, 'Invalid input', { ticketTypes: 'This field is required' });
  if (values.price == null) {
    if (!before) ctx.fail(400, 'Invalid input', { ticketTypes: 'This field is required' });
    return {};
  }
  const price = Number(values.price);
  if (price < 1) ctx.fail(400, 'Invalid input', { price: 'The value must be at least 1' });
  const current = before ? typesOf(before) : [];
  return {
    ticketTypes: current.length
      ? [{ ...current[0], price }, ...current.slice(1)]
      : [{ code: DEFAULT_TICKET_CODE, name: DEFAULT_TICKET_NAME, price }],
  };
}

/** Ages read as a range: a type's youngest age is not above its oldest. */
function checkAges(ctx: DataContext, types: unknown): void {
  if (!Array.isArray(types)) return;
  for (const [index, type] of (types as TicketType[]).entries())
    if (type.minAge != null && type.maxAge != null && type.maxAge < type.minAge)
      ctx.fail(400, 'Invalid input', {
        [`ticketTypes.${index}.maxAge`]: 'The value must be at least %{0}'.replace('%{0}', String(type.minAge)),
      });
}

/** beforeCreate: the references checked, prices agreed, and the platform's cancellation terms when none is stated. */
export async function prepareService(
  ctx: DataContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown> | void> {
  await checkServiceRefs(ctx, values);
  checkAges(ctx, values.ticketTypes);
  return {
    ...pricing(ctx, values),
    ...(values.cancellationPolicy == null && { cancellationPolicy: await defaultCancellationPolicy(ctx) }),
  };
}

/** beforeUpdate: references changed checked, and price and ticket types kept in agreement. */
export async function updateService(
  ctx: DataContext,
  patch: Record<string, unknown>,
  before: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  await checkServiceRefs(ctx, patch, before);
  checkAges(ctx, patch.ticketTypes);
  // A whole record sent back carries both: what changed is what was meant (the types, else the price).
  const typesChanged =
    patch.ticketTypes !== undefined && canonical(patch.ticketTypes) !== canonical(before.ticketTypes);
  if (typesChanged) return pricing(ctx, { ticketTypes: patch.ticketTypes });
  if (patch.price != null && Number(patch.price) !== Number(before.price))
    return pricing(ctx, { price: patch.price }, before);
  return {};
}

/** A JSON value as text with its keys sorted: stored jsonb comes back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
