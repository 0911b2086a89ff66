import type { JsonField, MoneyField, RefField } from '../../core/fields';
import { valueText } from '../../core/value-text';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../core/format';
import { DEFAULT_LOCALE, pickLocalized, type Locale, type LocalizedText } from '../../core/locales';
import { recordTitle } from '../../core/record-title';
import { AREA_KIND, AREAS } from '../../core/routes';
import { statusField, tableName, type AnyResource, type NotifyRule, type Row } from '../../core/resource';
import type { AccountKind } from '../../core/roles';
import { accountResourceFor, findAccount, maySignIn, type Account } from '../auth/accounts';
import type { RecordWriter } from './record-writer';
import { rowMatches } from '../../core/rules';
import { accountLocale, enqueueMail } from '../mail/outbox';
import { MAIL_QR_CAPTION_PARAM, MAIL_QR_PARAM, MAIL_TEXT_PARAM } from '../mail/render';
import { serverText } from '../edge/server-text';
import { contextOf } from './context';
import { writePlanOf } from './write-plan';

interface Recipient {
  kind: AccountKind;
  id: number;
}

async function adminsWhoMayAct(writer: RecordWriter, resource: AnyResource, record: Row): Promise<Recipient[]> {
  const status = statusField(resource);
  const roles = status ? writePlanOf(resource).rolesActingIn(String(record[status] ?? '')) : [];
  const admins = accountResourceFor(writer.registry.resources, 'admin');
  const roleField = admins?.account?.roleField;
  if (!roles.length || !admins || !roleField) return [];
  const rows = await writer.trx.selectFrom(tableName(admins)).selectAll().where(roleField, 'in', roles).execute();
  return rows
    .filter((row) => maySignIn({ resource: admins, row } as Account))
    .map((row) => ({ kind: 'admin' as const, id: Number(row.id) }));
}

async function recipientsOf(writer: RecordWriter, resource: AnyResource, record: Row, rules: readonly NotifyRule[]) {
  const found = new Map<string, Recipient & { rule: NotifyRule }>();
  const actor = writer.principal;
  for (const rule of rules) {
    if (typeof rule.to === 'object' && 'address' in rule.to) continue;
    const recipients =
      rule.to === 'admins-who-may-act'
        ? await adminsWhoMayAct(writer, resource, record)
        : [{ kind: rule.to.account, id: Number(record[rule.to.field]) }].filter((r) => Number.isSafeInteger(r.id));
    for (const recipient of recipients) {
      const key = `${recipient.kind}:${recipient.id}`;
      // Nobody is told of what they did themselves, unless the rule is their receipt.
      if (!rule.self && actor.kind !== 'public' && key === `${actor.kind}:${actor.id}`) continue;
      found.set(key, { ...recipient, rule });
    }
  }
  return [...found.values()];
}

/** A rule's `params` endpoint answered for the record, its numbers as money when it names a currency. */
async function endpointParams(
  writer: RecordWriter,
  resource: AnyResource,
  record: Row,
  rule: NotifyRule,
  locale: Locale,
) {
  const endpoint = rule.params ? resource.endpoints?.[rule.params] : undefined;
  if (!endpoint) return {};
  const answer = (await endpoint.handler(
    contextOf(writer, { record, query: {}, body: undefined, resource: resource.name, headers: {}, locale }),
  )) as Record<string, unknown> | undefined;
  return answer && typeof answer === 'object' ? answer : {};
}

function formatAnswer(answer: Record<string, unknown>, locale: typeof DEFAULT_LOCALE): Record<string, string> {
  const currency = typeof answer.currency === 'string' ? answer.currency : undefined;
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => [
      key,
      typeof value === 'number' && currency ? formatMoney(value, currency, locale) : String(value ?? ''),
    ]),
  );
}

/** The screen of the record in the recipient's app, or the home page for accounts without one. */
function recordLink(resource: AnyResource, record: Row, kind: AccountKind, locale: string): string {
  const area = AREAS.find((candidate) => AREA_KIND[candidate] === kind);
  const path = area ? resource.paths[area] : undefined;
  return area && path ? `/${locale}/${area}/${path}/${record.id}/show` : `/${locale}`;
}

/** How a record's values read in a mail: instants in the platform's time zone, references by their display value. */
interface MailReading {
  writer: RecordWriter;
  timeZone: string;
}

/** A field's value in the recipient's language, or nothing when the field does not read as text. */
async function fieldText(
  field: AnyResource['fields'][string],
  record: Row,
  name: string,
  locale: typeof DEFAULT_LOCALE,
  mail?: MailReading,
): Promise<string | undefined> {
  const value = record[name];
  if (field.hidden || field.writeOnly || value == null) return undefined;
  if (field.kind === 'money' && typeof value === 'number')
    return formatMoney(value, record[(field as MoneyField).currencyField] as string, locale);
  // A booking's day, hour and meeting place read in the recipient's language too.
  if (field.kind === 'date') return formatDate(String(value), locale, 'dayFull');
  if (field.kind === 'localized') return pickLocalized(value as LocalizedText, locale);
  if (field.kind === 'text' && typeof value === 'string') return value;
  if (!mail) return undefined;
  if (field.kind === 'integer' && typeof value === 'number') return formatNumber(value, locale);
  if (field.kind === 'datetime') return formatDateTime(String(value), locale, mail.timeZone);
  // An inline collection (an order's seats by ticket type) as its rows' columns, each formatted by its kind.
  if (field.kind === 'json' && (field as JsonField).items?.inline) {
    const holder = { name: '', fields: { [name]: field } } as unknown as AnyResource;
    return valueText(holder, name, record, locale, (_key, fallback) => fallback);
  }
  if (field.kind === 'ref') {
    const { reference, display } = field as RefField;
    const target = mail.writer.registry.resources.find((candidate) => candidate.name === reference);
    const row = target ? await mail.writer.findById(reference, Number(value)) : undefined;
    if (!target || !row) return undefined;
    const shown = display && target.fields[display];
    return shown ? await fieldText(shown, row, display, locale) : recordTitle(target, row, locale);
  }
  return undefined;
}

/**
 * The message's values in the recipient's language: the record's title, the reason, amounts, days, texts; for a
 * mail also counts, instants and references (the service's title of an order).
 */
async function messageParams(
  resource: AnyResource,
  record: Row,
  input: Record<string, unknown>,
  locale: typeof DEFAULT_LOCALE,
  mail?: MailReading,
) {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  // A mail leaves the reason's line out when none was given; a notification says so in its sentence.
  const params: Record<string, string> = {
    title: recordTitle(resource, record, locale),
    ...(reason || !mail ? { reason: reason || serverText(locale, 'app.notifications.noReason') } : {}),
  };
  for (const [name, field] of Object.entries(resource.fields)) {
    const text = await fieldText(field, record, name, locale, mail);
    // In a mail an empty value leaves its line out (mail/render.ts) rather than print a label with nothing.
    if (text !== undefined && !(mail && text === '')) params[name] = text;
  }
  return params;
}

/** The values of a rule's own mail: those of the record `via` references, under the record's own. */
async function mailParams(
  writer: RecordWriter,
  resource: AnyResource,
  record: Row,
  input: Record<string, unknown>,
  locale: typeof DEFAULT_LOCALE,
  via: string | undefined,
) {
  const general = await writer.settings('general');
  const timeZone = typeof general.timezone === 'string' && general.timezone ? general.timezone : 'UTC';
  const reading = { writer, timeZone };
  const field = via ? resource.fields[via] : undefined;
  const target =
    field?.kind === 'ref'
      ? writer.registry.resources.find((candidate) => candidate.name === (field as RefField).reference)
      : undefined;
  const referenced =
    target && record[via!] != null ? await writer.findById(target.name, Number(record[via!])) : undefined;
  const {
    title: _title,
    reason: _reason,
    ...around
  } = target && referenced ? await messageParams(target, referenced, {}, locale, reading) : {};
  return { ...around, ...(await messageParams(resource, record, input, locale, reading)) };
}

/**
 * The bank QR of a mail whose `params` endpoint the record's page draws as one (`instructions[].qr`): the same
 * payload, and the page's words under it in the recipient's language.
 */
function mailQr(resource: AnyResource, rule: NotifyRule, answer: Record<string, unknown>, locale: Locale) {
  const block = resource.instructions?.find((candidate) => candidate.endpoint === rule.params && candidate.qr);
  const payload = block?.qr ? answer[block.qr.payload] : undefined;
  if (typeof payload !== 'string' || !payload) return {};
  return {
    [MAIL_QR_PARAM]: payload,
    [MAIL_QR_CAPTION_PARAM]: serverText(locale, `resources.${resource.name}.endpoints.${block!.endpoint}.scan`),
  };
}

/** The body a rule's mail takes for the record (`mail.texts`), under a key no field's value can take. */
function mailText(mail: NonNullable<NotifyRule['mail']>, record: Row): Record<string, string> {
  const text = mail.texts?.find((candidate) => rowMatches(candidate.when, record))?.text;
  return text ? { [MAIL_TEXT_PARAM]: text } : {};
}

/**
 * The rules' mails to an address the record holds (a traveller without an account): the same template and values as
 * an account's, in the platform's default language, the link to the site's home.
 */
async function mailAddresses(
  writer: RecordWriter,
  resource: AnyResource,
  event: string,
  record: Row,
  rules: readonly NotifyRule[],
  input: Record<string, unknown>,
): Promise<void> {
  for (const rule of rules) {
    if (typeof rule.to !== 'object' || !('address' in rule.to) || !rule.mail) continue;
    const email = record[rule.to.address];
    if (typeof email !== 'string' || !email || (rule.to.when && !rowMatches(rule.to.when, record))) continue;
    const general = await writer.settings('general');
    const locale = (
      typeof general.defaultLocale === 'string' && general.defaultLocale ? general.defaultLocale : DEFAULT_LOCALE
    ) as Locale;
    const raw = await endpointParams(writer, resource, record, rule, locale);
    const answer = formatAnswer(raw, locale);
    const values = await mailParams(writer, resource, record, input, locale, rule.mail.via);
    const message = serverText(locale, `app.notifications.events.${resource.name}.${rule.message ?? event}`, {
      ...values,
      ...answer,
    });
    await enqueueMail(writer.trx, writer.registry, {
      to: email,
      locale,
      template: rule.mail.template,
      params: {
        ...values,
        ...answer,
        message,
        link: `/${locale}`,
        ...mailText(rule.mail, record),
        ...mailQr(resource, rule, raw, locale),
      },
    });
  }
}

/**
 * Tells the accounts the resource's rules for `event` (`create`, or a transition's name) name that it happened to
 * `record` (SPEC §8): a notification each, in their language, and a mail through the outbox where the account has an
 * email address. Runs in the transaction of the change, so a change that rolls back tells no one.
 */
export async function notify(
  writer: RecordWriter,
  resource: AnyResource,
  event: string,
  record: Row,
  input: Record<string, unknown> = {},
  options: { mail?: false } = {},
): Promise<void> {
  const store = writer.registry.notificationResource;
  const rules = writePlanOf(resource).rulesOf(event);
  if (!store || !rules?.length) return;
  if (options.mail !== false) await mailAddresses(writer, resource, event, record, rules, input);
  for (const recipient of await recipientsOf(writer, resource, record, rules)) {
    const account = await findAccount(writer.trx, writer.registry.resources, recipient.kind, recipient.id);
    if (!account) continue;
    const locale = accountLocale(account.resource, account.row) ?? DEFAULT_LOCALE;
    const raw = await endpointParams(writer, resource, record, recipient.rule, locale);
    const answer = formatAnswer(raw, locale);
    const message = serverText(locale, `app.notifications.events.${resource.name}.${recipient.rule.message ?? event}`, {
      ...(await messageParams(resource, record, input, locale)),
      ...answer,
    });
    const notification = await writer.insert(
      store.name,
      {
        recipientKind: recipient.kind,
        recipientId: recipient.id,
        event: `${resource.name}.${event}`,
        resource: resource.name,
        recordId: record.id,
        message,
      },
      'create',
      { audit: false },
    );
    const emailField = Object.entries(account.resource.fields).find(([, field]) => field.kind === 'email')?.[0];
    const email = emailField ? account.row[emailField] : undefined;
    if (options.mail === false || typeof email !== 'string' || !email) continue;
    const link = recordLink(resource, record, recipient.kind, locale);
    const own = recipient.rule.mail;
    await enqueueMail(writer.trx, writer.registry, {
      to: email,
      locale,
      template: own?.template ?? 'notification',
      params: own
        ? {
            ...(await mailParams(writer, resource, record, input, locale, own.via)),
            ...answer,
            message,
            link,
            ...mailText(own, record),
            ...mailQr(resource, recipient.rule, raw, locale),
          }
        : { message, link },
      notificationId: notification.id,
    });
  }
}
