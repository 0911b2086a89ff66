import type { DataContext, Row } from '../src/core/resource';

/** Who runs the trip, as the traveller reaches them on the day. */
export interface Organizer {
  name: string;
  phone: string;
}

/**
 * `GET /api/orders/{id}/organizer`: the partner's name and phone for the traveller's page. The traveller reads
 * partners only as visitors do (no phone), so their own booking answers it.
 */
export async function organizer(ctx: DataContext & { record?: Row }): Promise<Organizer | Record<string, never>> {
  const partner = ctx.record ? await ctx.findById('partners', Number(ctx.record.partnerId)) : undefined;
  if (!partner) return {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { name: text(partner.displayName) || text(partner.companyName), phone: text(partner.phone) };
}
