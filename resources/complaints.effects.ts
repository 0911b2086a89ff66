import type { DataContext, TransitionContext } from '../src/core/resource';

/** beforeCreate: a customer complains about their own order only; the order's partner then sees it too. */
export async function fileComplaint(
  ctx: DataContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (ctx.principal.kind !== 'user') ctx.fail(403, 'Only customers file complaints');
  let partnerId: unknown = null;
  if (values.orderId != null) {
    const order = await ctx.findById('orders', Number(values.orderId));
    if (!order || Number(order.userId) !== ctx.principal.id)
      ctx.fail(400, 'Invalid input', { orderId: 'The referenced record does not exist' });
    partnerId = order.partnerId;
  }
  return { userId: ctx.principal.id, partnerId, priority: 'normal', assigneeId: null };
}

async function activeAdmin(ctx: DataContext, id: number): Promise<boolean> {
  const admin = await ctx.findById('admins', id);
  return Boolean(admin && admin.status === 'active');
}

/** assign: to the given admin, or to the one who clicks. */
export async function assignComplaint(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const fallback = ctx.principal.kind === 'admin' ? ctx.principal.id : undefined;
  const assigneeId =
    ctx.input.assigneeId == null || ctx.input.assigneeId === '' ? fallback : Number(ctx.input.assigneeId);
  if (!assigneeId || !Number.isInteger(assigneeId) || !(await activeAdmin(ctx, assigneeId)))
    ctx.fail(400, 'Invalid input', { assigneeId: 'The referenced record does not exist' });
  return { assigneeId };
}

/** start: whoever starts an unassigned complaint owns it. */
export async function startComplaint(ctx: TransitionContext): Promise<Record<string, unknown>> {
  if (ctx.record.assigneeId == null && ctx.principal.kind === 'admin') return { assigneeId: ctx.principal.id };
  return {};
}
