import { datetime, enumOf, integer, longText, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { ACCOUNT_KINDS } from '../src/core/roles';
import { markAllRead, markRead } from './notifications.effects';

/**
 * What an account is told (SPEC §8): written by the server in the transaction of the change that causes it, as
 * the resources' `notify` rules say, with the message already in the recipient's language. Each account reads
 * its own only (admins too); `read` marks one read, `read-all` every one.
 */
export default defineResource({
  name: 'notifications',
  paths: { admin: 'notifications', partner: 'notifications', account: 'notifications' },
  serverOnly: true,
  notificationStore: true,
  live: { createEvent: 'notification' },
  fields: {
    // Whose it is; never shown (the scope is the signed-in account).
    recipientKind: enumOf(ACCOUNT_KINDS, { required: true, hidden: true }),
    recipientId: integer({ required: true, hidden: true }),
    // `{resource}.{transition}` or `{resource}.create`
    event: text({ required: true, maxLength: 96, filterable: true }),
    resource: text({ required: true, maxLength: 64, filterable: true }),
    recordId: integer({ required: true }),
    message: longText({ required: true, maxLength: 2000, searchable: true }),
    readAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'message',
  list: {
    columns: ['createdAt', 'message', 'readAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['event'],
    flags: { unread: { field: 'readAt', empty: true } },
    perPage: [25, 50],
  },
  create: false,
  edit: false,
  access: { recipient: { kind: 'recipientKind', id: 'recipientId' } },
  endpoints: {
    read: { method: 'POST', record: true, action: true, by: ['admin', 'partner', 'user'], handler: markRead },
    'read-all': { method: 'POST', record: false, by: ['admin', 'partner', 'user'], handler: markAllRead },
  },
  indexes: [
    ['recipientKind', 'recipientId', 'createdAt'],
    ['recipientKind', 'recipientId', 'readAt'],
  ],
});
