import type { MenuGroup } from '../../core/resource';
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
    list.push({ entry, icon: menu?.icon, order: menu?.order ?? 99, badge });
    groups.set(group, list);
  }
  const order = (group: string) => {
    const index = MENU_GROUPS.indexOf(group as MenuGroup);
    return index === -1 ? MENU_GROUPS.length : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([group, entries]) => ({ group, entries: entries.sort((a, b) => a.order - b.order) }));
}
