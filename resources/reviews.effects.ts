import { sql } from 'kysely';
import { DEFAULT_LOCALE, isLocale, pickLocalized, type LocalizedText } from '../src/core/locales';
import { languageOfText } from '../src/core/text-language';
import type { DataContext, TransitionContext } from '../src/core/resource';
import { REFUSALS } from './shared/refusals';

const DAY_MS = 86_400_000;
/** How long after its completion a booking may be reviewed. */
export const REVIEW_DAYS = 90;

/** "Khamla Vongsa" → "Khamla V."; a name without spaces keeps its first character: what the public reads. */
export function reviewerNameOf(fullName: unknown): string {
  const words = String(fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return '';
  if (words.length === 1) return `${Array.from(words[0])[0]}.`;
  return `${words[0]} ${Array.from(words[words.length - 1])[0]}.`;
}

/**
 * beforeCreate: only the customer of a completed order writes its review, once, within REVIEW_DAYS of completion.
 * The order's row is locked, so two reviews of one order at once find each other; the order notes it was reviewed.
 */
export async function writeReview(ctx: DataContext, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (ctx.principal.kind !== 'user') ctx.fail(403, REFUSALS.reviewersOnly);
  const order = await ctx.findById('orders', Number(values.orderId), { lock: true });
  if (!order) ctx.fail(400, 'Invalid input', { orderId: 'The referenced record does not exist' });
  if (Number(order.userId) !== ctx.principal.id) ctx.fail(403, REFUSALS.reviewersOnly);
  if (order.status !== 'completed') ctx.fail(409, REFUSALS.reviewNotCompleted);
  const completed = Date.parse(String(order.completedAt ?? ''));
  if (Number.isFinite(completed) && ctx.now.getTime() > completed + REVIEW_DAYS * DAY_MS)
    ctx.fail(409, REFUSALS.reviewWindowPassed);
  const earlier = await ctx.trx.selectFrom('reviews').select('id').where('orderId', '=', order.id).executeTakeFirst();
  if (earlier) ctx.fail(409, REFUSALS.reviewedAlready);
  const user = await ctx.findById('users', ctx.principal.id);
  // The trip leaves the account's list of trips to review.
  await ctx.update('orders', Number(order.id), { reviewedAt: ctx.now.toISOString() });
  return {
    serviceId: order.serviceId,
    partnerId: order.partnerId,
    userId: ctx.principal.id,
    reviewerName: reviewerNameOf(user?.fullName),
    // Readers filter and sort reviews by their language: the one it is written in, not the account's setting.
    locale: languageOfText(String(values.text ?? ''), isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE),
  };
}

/**
 * publish: the service's `rating` ({average, count} of its published reviews) is counted again under the service's
 * lock, so publications at once each count the others. Derived data: no new version of the service, no audit row.
 */
export async function markPublished(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const serviceId = Number(ctx.record.serviceId);
  await ctx.findById('services', serviceId, { lock: true });
  const { rows } = await sql<{ average: number | null; count: number }>`
    select round(avg("rating")::numeric, 1)::float8 as average, count(*)::int as count
    from "reviews" where "serviceId" = ${serviceId} and "status" = 'published'`.execute(ctx.trx);
  const rating = { average: rows[0]?.average ?? null, count: rows[0]?.count ?? 0 };
  await sql`update "services" set "rating" = ${JSON.stringify(rating)}::jsonb where "id" = ${serviceId}`.execute(
    ctx.trx,
  );
  return { publishedAt: ctx.now.toISOString(), reason: null };
}

/** reply: once; the answer stands as written. */
export function replyOnce(ctx: TransitionContext): void {
  if (ctx.record.repliedAt || ctx.record.reply) ctx.fail(409, REFUSALS.repliedAlready);
}

/**
 * invite-review (orders, the system's timer a day after completion): the customer is mailed, in their language, a
 * link to the order's page, where the review form is. Clearing the timer's field makes it run once per order.
 */
export async function inviteReview(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const user = await ctx.findById('users', Number(ctx.record.userId));
  const service = await ctx.findById('services', Number(ctx.record.serviceId));
  if (user?.email && typeof user.email === 'string') {
    const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    await ctx.mail({
      to: user.email,
      locale,
      template: 'review.invite',
      params: {
        service: pickLocalized(service?.title as LocalizedText | undefined, locale),
        code: ctx.record.code,
        link: `/${locale}/account/orders/${ctx.record.id}`,
      },
    });
  }
  return { reviewInviteAt: null };
}
