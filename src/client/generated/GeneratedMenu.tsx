import Badge from '@mui/material/Badge';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { Menu, useBasename, useGetList, useSidebarState, useTranslate } from 'react-admin';
import { useRegistry } from './context';
import { iconFor } from './icons';
import { entryPath, menuEntryLabel, menuGroups, type MenuEntry } from '../../core/menu';
import { usePermissionMap } from './permissions';

function CountBadge({
  route,
  filter,
  children,
}: {
  route: string;
  filter: Record<string, unknown>;
  children: ReactNode;
}) {
  const { total } = useGetList(route, {
    filter,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Badge badgeContent={total ?? 0} color="warning" max={999} data-testid={`badge-${route}`}>
      {children}
    </Badge>
  );
}

export function useEntryLabel() {
  const translate = useTranslate();
  return (item: MenuEntry) => menuEntryLabel(item, translate);
}

/** The sidebar: the area's fixed screens, then the resources grouped by `menu.group` (only what may be listed). */
export function GeneratedMenu({ before, after }: { before?: ReactNode; after?: ReactNode }) {
  const registry = useRegistry();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { permissions } = usePermissionMap();
  const label = useEntryLabel();
  const basename = useBasename();
  return (
    <Menu>
      {before}
      {menuGroups(registry, permissions).map(({ group, entries }) => (
        <div
          key={group || 'main'}
          role="group"
          aria-label={group ? translate(`app.menu.${group}`, { _: group }) : undefined}
        >
          {group && open ? (
            // A div, not MUI's default <li>: the menu is a role="menu" list whose groups hold menu items only.
            <ListSubheader
              component="div"
              aria-hidden
              disableSticky
              sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}
            >
              {translate(`app.menu.${group}`, { _: group })}
            </ListSubheader>
          ) : null}
          {entries.map((item) => {
            const Icon = iconFor(item.icon);
            const title = label(item);
            return (
              <Menu.Item
                key={entryPath(item)}
                to={`${basename}/${entryPath(item)}`}
                primaryText={title}
                // Folded, the menu shows its titles as tooltips. Named by the tooltip (MUI's default), an entry with
                // a count would be called "Partners" while it shows "4" and "Partners" (WCAG 2.5.3): the tooltip
                // describes the entry instead, and the entry is named by what it shows.
                tooltipProps={{ title, describeChild: true }}
                leftIcon={
                  item.badge ? (
                    <CountBadge route={item.entry.route} filter={item.badge as Record<string, unknown>}>
                      <Icon />
                    </CountBadge>
                  ) : (
                    <Icon />
                  )
                }
              />
            );
          })}
        </div>
      ))}
      {after}
    </Menu>
  );
}
