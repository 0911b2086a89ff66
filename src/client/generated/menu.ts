import type { JsonField } from '../../core/fields';
import type { AnyResource, MenuGroup } from '../../core/resource';
import type { AreaEntry, AreaRegistry } from './registry';
import type { Permissions } from './permissions';

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
  entry: AreaEntry;
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
export function menuGroups(registry: AreaRegistry, permissions: Permissions) {
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
