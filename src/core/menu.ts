import type { JsonField } from './fields';
import { humanize, labels } from './labels';
import type { ListScreen } from './list-opening';
import type { Portal, PortalScreen } from './portal';
import type { AnyResource, MenuGroup, Verb } from './resource';
import type { Area } from './routes';

/** What the signed-in account may do per API resource (from `/api/auth/me`). */
type Permissions = Readonly<Record<string, readonly Verb[] | undefined>>;

/** The seed's menu order (SPEC §1's areas of work). */
export const MENU_GROUPS: readonly MenuGroup[] = [
  'accounts',
  'moderation',
  'services',
  'masterData',
  'payments',
  'settings',
  'system',
];

export interface MenuEntry {
  entry: ListScreen;
  icon?: string;
  order: number;
  /** Filter whose row count shows beside the entry. */
  badge?: Readonly<Record<string, unknown>>;
  /** For a keyed resource (settings groups), the record key this entry opens: `{route}/{key}`. */
  recordKey?: string;
}

/** The keys of a keyed resource whose JSON field is typed per key (`settings/general`, …), in config order. */
export function recordKeys(config: AnyResource): string[] {
  if (!config.lookupField) return [];
  for (const field of Object.values(config.fields)) {
    const shapes = (field as JsonField).shapes;
    if (field.kind === 'json' && shapes?.by === config.lookupField) return Object.keys(shapes.variants);
  }
  return [];
}

/** Where a menu entry leads, below the area's basename. */
export function entryPath(item: MenuEntry): string {
  return item.recordKey ? `${item.entry.route}/${encodeURIComponent(item.recordKey)}` : item.entry.route;
}

/** Menu entries grouped by `menu.group`, only those the account may list. */
export function menuGroups(registry: { area: Area; entries: readonly ListScreen[] }, permissions: Permissions) {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of registry.entries) {
    if (!(permissions[entry.config.name] ?? []).includes('list')) continue;
    const menu = entry.queue ? entry.queue.menu : entry.config.menu;
    const group = menu?.group ?? (registry.area === 'admin' ? 'system' : '');
    const badge = entry.queue ? (entry.queue.badge ? entry.queue.filter : undefined) : entry.config.menu?.badge;
    const list = groups.get(group) ?? [];
    const order = menu?.order ?? 99;
    const keys = entry.queue ? [] : recordKeys(entry.config);
    // Typed per-key forms are for the accounts that may change them (settings: super_admin).
    if (keys.length && !(permissions[entry.config.name] ?? []).includes('update')) continue;
    // A keyed resource is one screen per key (each settings group is its own typed form).
    if (keys.length)
      keys.forEach((recordKey, index) => list.push({ entry, icon: menu?.icon, order: order + index / 100, recordKey }));
    else list.push({ entry, icon: menu?.icon, order, badge });
    groups.set(group, list);
  }
  const rank = (group: string) => {
    const index = MENU_GROUPS.indexOf(group as MenuGroup);
    return index === -1 ? MENU_GROUPS.length : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([group, entries]) => ({ group, entries: entries.sort((a, b) => a.order - b.order) }));
}

/** An entry's title: a queue's name, a settings group's, or the resource's plural name. */
export function menuEntryLabel(
  { entry, recordKey }: MenuEntry,
  translate: (key: string, options: Record<string, unknown>) => string,
): string {
  return entry.queue
    ? translate(labels.queue(entry.config, entry.queue.name), { _: entry.queue.name })
    : recordKey && entry.config.lookupField
      ? translate(labels.enumValue(entry.config, entry.config.lookupField, recordKey), { _: humanize(recordKey) })
      : translate(labels.name(entry.config), { smart_count: 2, _: entry.config.name });
}

/**
 * An owner's area's menu in order: the portal's own order first; a resource added later with a path in the area
 * shows up after it without another edit. A path is a portal screen or a list screen the account may list.
 */
export type PortalMenuItem = { screen: PortalScreen } | { entry: ListScreen };

export function portalMenu(portal: Portal, entries: readonly ListScreen[], permissions: Permissions): PortalMenuItem[] {
  const unlisted = entries.filter((entry) => !entry.queue && !portal.menu.includes(entry.route));
  return [...portal.menu, ...unlisted.map((entry) => entry.route)].flatMap((path): PortalMenuItem[] => {
    const screen = portal.screens.find((candidate) => candidate.path === path);
    if (screen) return [{ screen }];
    const entry = entries.find((candidate) => candidate.route === path);
    return entry && (permissions[entry.config.name] ?? []).includes('list') ? [{ entry }] : [];
  });
}

/** The admin's own screens, at the top of its menu: the dashboard, and the statistics for accounts that read some. */
export const adminScreens = (readsStats: boolean): { path: string; label: string }[] => [
  { path: 'dashboard', label: 'app.dashboard.title' },
  ...(readsStats ? [{ path: 'statistics', label: 'app.statistics.title' }] : []),
];
