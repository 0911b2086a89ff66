import { writableFieldsFor } from './access';
import { listColumns } from './list-columns';
import { SYSTEM_FIELDS, type AnyResource, type Verb } from './resource';
import { grants, type Principal } from './roles';
import { fieldOf } from './value-text';

/** Whether the signed-in account may do a verb on a resource, as `auth/me` lists its permissions. */
export type May = (resource: string, verb: Verb) => boolean;

/**
 * A list's table on a desk as an account sees it: the app draws it (GeneratedList.tsx) and the server draws its
 * first rows before the script has come (first-paint.ts), both from here, so that they agree column for column.
 */
export interface DeskTable {
  /** The account's columns of the list (ownerOmits), the hidden ones included. */
  columns: string[];
  /**
   * The table's columns in order: the move buttons, the columns, the row's decisions. The table's least width is
   * theirs, hidden ones included (the column chooser may show them at any time).
   */
  tableColumns: string[];
  /** The columns hidden until the column chooser shows them (`list.hidden`). */
  hidden: string[];
  /** Whether the account may delete the list's rows (the bulk delete button). */
  canDelete: boolean;
  /** A checkbox per row, for the bulk actions. */
  bulk: boolean;
  /** The field the move buttons change (`list.reorder`), when the account may. */
  reorder?: string;
  /** The fields switched from the list (`list.toggles`) the account may change. */
  toggles: string[];
  /** The rows carry one-click decisions (a review list's). */
  decides: boolean;
}

/** The list's own columns (not a field's): their headers' i18n keys and English words. */
export const OWN_COLUMNS = {
  '-move': { key: 'app.list.move', fallback: 'Move' },
  '-actions': { key: 'app.list.decide', fallback: 'Decision' },
} as const;

export const isOwnColumn = (name: string): name is keyof typeof OWN_COLUMNS => name in OWN_COLUMNS;

/** A review list: a queue, or a list that opens on a filter; its rows get one-click decisions. */
const isReviewList = (config: AnyResource, queued: boolean) => queued || Boolean(config.list.defaultFilter);

export function deskTable(
  config: AnyResource,
  principal: Principal,
  may: May,
  { queued, embedded }: { queued: boolean; embedded: boolean },
): DeskTable {
  const columns = listColumns(config, principal, (resource) => may(resource, 'list'));
  const canDelete = may(config.name, 'delete') && !config.appendOnly && principal.kind !== 'public';
  const bulk =
    canDelete || Object.values(config.workflow?.transitions ?? {}).some((t) => t.bulk && grants(t.by, principal));
  // Only fields the account may update are changed in place: roles that only read see the plain values.
  const writable =
    may(config.name, 'update') && !config.appendOnly
      ? new Set(writableFieldsFor(config, principal, 'update'))
      : new Set<string>();
  const reorder = config.list.reorder && writable.has(config.list.reorder) ? config.list.reorder : undefined;
  const toggles = (config.list.toggles ?? []).filter((name) => writable.has(name));
  const decides = !embedded && isReviewList(config, queued) && Boolean(config.workflow);
  // The move buttons order the whole list: not a queue's part of it, nor a panel's.
  const moves = embedded || queued ? undefined : reorder;
  const tableColumns = [...(moves ? ['-move'] : []), ...columns, ...(decides ? ['-actions'] : [])];
  return {
    columns,
    tableColumns,
    hidden: [...(config.list.hidden ?? [])],
    canDelete,
    bulk,
    reorder: moves,
    toggles,
    decides,
  };
}

/** Amounts and counts line up on the right of their column. */
export const alignsRight = (config: AnyResource, name: string) =>
  ['money', 'integer', 'percent'].includes(fieldOf(config, name).kind);

/** Sortable columns: the system columns, fields marked sortable, and the default sort field. */
export function isSortable(config: AnyResource, name: string): boolean {
  if ((SYSTEM_FIELDS as readonly string[]).includes(name)) return name !== 'version';
  return Boolean(config.fields[name]?.sortable) || config.list.sort[0] === name;
}
