import type { TransitionContext } from '../src/core/resource';

/** retry: the row waits for the next round of the worker, with its attempts counted from zero again. */
export async function retryMail(ctx: TransitionContext): Promise<Record<string, unknown>> {
  return { attempts: 0, nextAttemptAt: ctx.now.toISOString(), lastError: null };
}
