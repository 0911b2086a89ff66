import { datetime, enumOf, integer, json, longText, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { ADMIN_ROLES } from '../src/core/roles';

/**
 * Written by the server with every create, update, delete and transition, in the same transaction;
 * nobody changes or deletes it. `diff` holds the changed fields as `{field: [before, after]}`.
 */
export default defineResource({
  name: 'audit-log',
  paths: { admin: 'system', partner: null },
  menu: { group: 'system', icon: 'History', order: 1 },
  serverOnly: true,
  appendOnly: true,
  auditLog: true,
  // The system screen: version, build, database and migration level above the trail.
  widgets: ['health', 'mail'],
  fields: {
    actorKind: enumOf(['admin', 'partner', 'user', 'public', 'system'], { required: true, filterable: true }),
    actorId: integer({ filterable: true }),
    // Kept as text so the trail stays readable after the account is gone.
    actorEmail: text({ maxLength: 254, searchable: true }),
    actorRole: enumOf(ADMIN_ROLES, { filterable: true }),
    resource: text({ required: true, maxLength: 64, filterable: true, sortable: true }),
    recordId: integer({ filterable: true }),
    // create, update, delete, or the transition's name
    action: text({ required: true, maxLength: 64, filterable: true }),
    from: text({ maxLength: 64 }),
    to: text({ maxLength: 64 }),
    reason: longText({ maxLength: 5000, searchable: true }),
    diff: json(),
    at: datetime({ required: true, sortable: true, filterable: true }),
  },
  recordTitle: 'action',
  list: {
    columns: ['at', 'actorKind', 'actorEmail', 'resource', 'recordId', 'action', 'from', 'to', 'reason'],
    sort: ['at', 'DESC'],
    filters: ['resource', 'recordId', 'action', 'actorKind', 'actorId', 'at'],
    search: ['reason', 'actorEmail'],
    perPage: [50, 100, 25],
  },
  create: false,
  edit: false,
  access: {
    admin: { read: true, create: false, update: false, delete: false },
  },
  // A record's history tab.
  indexes: [['resource', 'recordId', 'at']],
});
