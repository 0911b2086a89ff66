import { datetime, enumOf, integer, json, longText, status, text } from '../src/core/fields';
import { LOCALES } from '../src/core/locales';
import { defineResource } from '../src/core/resource';
import { retryMail } from './outbox.effects';

/**
 * Mail waiting to be sent, written in the transaction of the change it reports (a transactional outbox, SPEC §8):
 * a change that rolls back mails no one. The delivery worker of every instance claims rows with
 * `FOR UPDATE SKIP LOCKED`, sends them through `SMTP_URL` and retries with backoff; a row that keeps failing is
 * `failed`, shown with its error on the system screen, where super_admin sends it again.
 */
export default defineResource({
  name: 'outbox',
  paths: { admin: 'system/mail', partner: null },
  menu: { group: 'system', icon: 'Outbox', order: 2, badge: { status: 'failed' } },
  serverOnly: true,
  mailStore: true,
  fields: {
    recipient: text({ required: true, maxLength: 254, searchable: true }),
    locale: enumOf(LOCALES, { required: true, default: 'lo' }),
    // A message key under `mail.` in i18n/ (e.g. `notification`, `account.emailTaken`); `params` fill it.
    template: text({ required: true, maxLength: 96, filterable: true }),
    params: json(),
    // The notification it mails, if any: its id makes the mail's Message-ID.
    notificationId: integer(),
    status: status({ default: 'pending' }),
    attempts: integer({ readOnly: true, default: 0 }),
    nextAttemptAt: datetime({ readOnly: true, sortable: true }),
    lastError: longText({ readOnly: true, maxLength: 2000 }),
    messageId: text({ readOnly: true, maxLength: 255 }),
    sentAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'recipient',
  list: {
    columns: ['createdAt', 'recipient', 'template', 'status', 'attempts', 'lastError', 'sentAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['status', 'template'],
    search: ['recipient'],
    statusTabs: true,
  },
  create: false,
  edit: false,
  workflow: {
    states: ['pending', 'sent', 'failed'],
    initial: 'pending',
    transitions: {
      // Tried again from the start: the attempts and the backoff begin anew.
      retry: { from: 'failed', to: 'pending', by: ['super_admin'], bulk: true, tone: 'primary', effect: retryMail },
    },
    tones: { pending: 'warning', sent: 'success', failed: 'error' },
  },
  access: { admin: { read: ['super_admin'], create: false, update: false, delete: false } },
  indexes: [['status', 'nextAttemptAt']],
});
