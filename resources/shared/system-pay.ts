import type { DataContext } from '../../src/core/resource';

type SystemRunner = DataContext & {
  runTransition?: (resource: string, id: number, action: string, input: Record<string, unknown>) => Promise<unknown>;
};

/** Runs the order's `pay` as the system (evidence of money received), inside the caller's transaction. */
export async function payAsSystem(ctx: DataContext, orderId: number, input: Record<string, unknown>): Promise<void> {
  const run = (ctx as SystemRunner).runTransition;
  if (!run) throw new Error('The data context cannot run a transition as the system');
  await run('orders', orderId, 'pay', input);
}
