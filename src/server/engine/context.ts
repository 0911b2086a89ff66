import type { DataContext } from '../../core/resource';
import type { RecordWriter } from './record-writer';

/** A plain DataContext object over a RecordWriter (effects and hooks may spread it without losing methods). */
export function contextOf<E extends object>(writer: RecordWriter, extra: E): DataContext & E {
  return {
    trx: writer.trx,
    principal: writer.principal,
    now: writer.now,
    findById: (resource, id, options) => writer.findById(resource, id, options),
    insert: (resource, values) => writer.insert(resource, values),
    insertIfFree: (resource, values) => writer.insertIfFree(resource, values),
    insertMany: (resource, rows, options) => writer.insertMany(resource, rows, options),
    update: (resource, id, patch, options) => writer.update(resource, id, patch, options),
    mail: (message) => writer.mail(message),
    settings: (group) => writer.settings(group),
    resetSecondFactor: (kind, id) => writer.resetSecondFactor(kind, id),
    runTransition: (resource, id, action, input) => writer.runTransition(resource, id, action, input),
    fail: (status, message, errors) => writer.fail(status, message, errors),
    ...extra,
  };
}
