import { sql, type Kysely } from 'kysely';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../core/locales';
import type { AnyResource, MailMessage } from '../../core/resource';
import { tableName } from '../../core/resource';
import { ACCOUNT_EMAILS_TABLE } from '../auth/account-emails';
import type { Registry } from '../engine/registry';

/** An account's language (`account.localeField`), when it keeps one. */
export function accountLocale(resource: AnyResource, row: Record<string, unknown>): Locale | undefined {
  const field = resource.account?.localeField;
  const value = field ? row[field] : undefined;
  return isLocale(value) ? value : undefined;
}

/** The language of the account that holds an email (any kind), when it keeps one. */
async function ownerLocale(trx: Kysely<any>, registry: Registry, email: string): Promise<Locale | undefined> {
  const owner = await trx
    .selectFrom(ACCOUNT_EMAILS_TABLE)
    .select(['accountKind', 'accountId'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  const resource = owner ? registry.accountResource(owner.accountKind) : undefined;
  if (!resource) return undefined;
  const row = await trx
    .selectFrom(tableName(resource))
    .selectAll()
    .where('id', '=', owner!.accountId)
    .executeTakeFirst();
  return row ? accountLocale(resource, row) : undefined;
}

/**
 * Queues a mail in the caller's transaction (a transactional outbox): it exists only if the change commits, and
 * waits `pending` for the delivery worker (mail/worker.ts). Without a `locale` it is written in the language of
 * the account holding the address, else the default one. A product without a mail store queues nothing.
 */
export async function enqueueMail(trx: Kysely<any>, registry: Registry, mail: MailMessage): Promise<void> {
  const store = registry.mailResource;
  if (!store) return;
  const locale = (isLocale(mail.locale) ? mail.locale : undefined) ?? (await ownerLocale(trx, registry, mail.to));
  await trx
    .insertInto(tableName(store))
    .values({
      recipient: mail.to,
      locale: locale ?? DEFAULT_LOCALE,
      template: mail.template,
      params: sql`${JSON.stringify(mail.params ?? {})}::jsonb`,
      notificationId: mail.notificationId ?? null,
      status: 'pending',
      nextAttemptAt: sql`now()`,
    })
    .execute();
}
