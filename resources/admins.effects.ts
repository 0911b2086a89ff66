import { sql } from 'kysely';
import type { TransitionContext } from '../src/core/resource';

/** Nobody disables their own account, and the platform always keeps an active super_admin. */
export async function keepOneSuperAdmin(ctx: TransitionContext): Promise<void> {
  if (ctx.principal.kind === 'admin' && ctx.principal.id === ctx.record.id)
    ctx.fail(409, 'You cannot disable your own account');
  if (ctx.record.role !== 'super_admin') return;
  // Locking the other super_admins keeps two of them from disabling each other at the same time.
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select id from admins where role = 'super_admin' and status = 'active' and id <> ${ctx.record.id} for no key update
    ) others`.execute(ctx.trx);
  if ((rows[0]?.n ?? 0) === 0) ctx.fail(409, 'The last active super_admin cannot be disabled');
}

/** An admin turns their own second factor off with a code of it (`/api/auth/two-factor/disable`), not by a reset. */
export function notOwnAccount(ctx: TransitionContext): void {
  if (ctx.principal.kind === 'admin' && ctx.principal.id === ctx.record.id)
    ctx.fail(409, 'Turn off your own two-step sign-in from your profile');
}
