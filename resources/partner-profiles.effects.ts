import type { TransitionContext } from '../src/core/resource';

/** Approve: the proposal becomes the live profile on the partner row (locked, so two approvals serialise). */
export async function copyProfileToPartner(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const partnerId = Number(ctx.record.partnerId);
  const partner = await ctx.findById('partners', partnerId, { lock: true });
  if (!partner) ctx.fail(409, 'The partner of this profile no longer exists');
  await ctx.update('partners', partnerId, {
    displayName: ctx.record.displayName,
    description: ctx.record.description,
    logo: ctx.record.logo ?? [],
    address: ctx.record.address ?? null,
  });
  return { reviewedAt: ctx.now.toISOString(), reason: null };
}
