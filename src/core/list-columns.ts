import { rowScope } from './access';
import type { Field, RefField } from './fields';
import { statusField, type AnyResource } from './resource';
import type { Principal } from './roles';

/**
 * The columns of a resource's list an account sees. An owner (partner, user) has no use for its scope field (its
 * own id) nor for references it may not list (they would show bare ids and offer pickers the server refuses).
 */
export function ownerOmits(
  config: AnyResource,
  principal: Principal,
  mayList: (resource: string) => boolean,
): (name: string) => boolean {
  if (principal.kind !== 'partner' && principal.kind !== 'user') return () => false;
  const scope = rowScope(config, principal)?.field;
  return (name) => {
    const field = config.fields[name] as Field | undefined;
    return name === scope || (field?.kind === 'ref' && !mayList((field as RefField).reference));
  };
}

/** A list's columns as an account sees them (see `ownerOmits`). */
export function listColumns(
  config: AnyResource,
  principal: Principal,
  mayList: (resource: string) => boolean,
): string[] {
  const omitted = ownerOmits(config, principal, mayList);
  return config.list.columns.filter((name) => !omitted(name));
}

/** The rows a phone's screen shows under a list's toolbar and tabs: the server draws these, the list mounts these first. */
export const PHONE_SCREEN_ROWS = 8;

/** The rows of a list's table a desk's screen shows (a full-HD window's): the server draws these. */
export const DESK_SCREEN_ROWS = 16;

/** How a phone draws a list: a line per row (the admin's lists) or a card per row (an owner's area). */
export type PhoneLayout = 'lines' | 'cards';

/**
 * What a phone shows of each row: its title (the first column that is not the status), a few values under it
 * (two on a row's second line; four labelled lines on a card, photos left out) and the status beside the title.
 */
export function phoneItem(
  config: AnyResource,
  columns: readonly string[],
  layout: PhoneLayout,
): { title?: string; details: string[]; status?: string } {
  const status = statusField(config);
  const [title, ...rest] = columns.filter((name) => name !== status);
  const details =
    layout === 'lines'
      ? rest.slice(0, 2)
      : rest.slice(0, 4).filter((name) => (config.fields[name] as Field | undefined)?.kind !== 'images');
  return { title, details, status };
}
