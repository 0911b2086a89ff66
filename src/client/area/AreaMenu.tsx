import { Menu, useBasename, useTranslate } from 'react-admin';
import type { Portal } from '../../core/portal';
import { useRegistry } from '../generated/context';
import { iconFor } from '../generated/icons';
import { menuEntryLabel, portalMenu } from '../../core/menu';
import { usePermissionMap } from '../generated/permissions';

/** An owner's area's menu: fixed screens and resource screens in the portal's order (core/menu.ts). */
export function AreaMenu({ portal }: { portal: Portal }) {
  const registry = useRegistry();
  const basename = useBasename();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  return (
    <Menu>
      {portalMenu(portal, registry.entries, permissions).map((item) => {
        if ('screen' in item) {
          const { screen } = item;
          const Icon = iconFor(screen.icon);
          return (
            <Menu.Item
              key={`screen-${screen.path}`}
              to={`${basename}/${screen.path}`}
              primaryText={translate(`app.portal.screens.${screen.name}`, { _: screen.name })}
              leftIcon={<Icon />}
              data-menu={screen.name}
            />
          );
        }
        const { entry } = item;
        const Icon = iconFor(entry.config.menu?.icon);
        return (
          <Menu.Item
            key={entry.route}
            to={`${basename}/${entry.route}`}
            primaryText={menuEntryLabel({ entry, order: 0 }, translate)}
            leftIcon={<Icon />}
            data-menu={entry.route}
          />
        );
      })}
    </Menu>
  );
}
