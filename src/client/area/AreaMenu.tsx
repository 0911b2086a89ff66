import { Menu, useBasename, useTranslate } from 'react-admin';
import type { Portal } from '../../core/portal';
import { useRegistry } from '../generated/context';
import { iconFor } from '../generated/icons';
import { labels } from '../../core/labels';
import { allows, usePermissionMap } from '../generated/permissions';

/** An area's menu: fixed screens and resource screens in the portal's order, only what may be opened. */
export function AreaMenu({ portal }: { portal: Portal }) {
  const registry = useRegistry();
  const basename = useBasename();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  // The portal's order first; a resource added later with a partner path shows up after it without another edit.
  const unlisted = registry.entries.filter((entry) => !entry.queue && !portal.menu.includes(entry.route));
  const paths = [...portal.menu, ...unlisted.map((entry) => entry.route)];
  return (
    <Menu>
      {paths.map((path) => {
        const screen = portal.screens.find((candidate) => candidate.path === path);
        if (screen) {
          const Icon = iconFor(screen.icon);
          return (
            <Menu.Item
              key={`screen-${path}`}
              to={`${basename}/${path}`}
              primaryText={translate(`app.portal.screens.${screen.name}`, { _: screen.name })}
              leftIcon={<Icon />}
              data-menu={screen.name}
            />
          );
        }
        const entry = registry.entry(path);
        if (!entry || !allows(permissions, entry.config.name, 'list')) return null;
        const Icon = iconFor(entry.config.menu?.icon);
        return (
          <Menu.Item
            key={path}
            to={`${basename}/${path}`}
            primaryText={translate(labels.name(entry.config), { smart_count: 2, _: entry.config.name })}
            leftIcon={<Icon />}
            data-menu={path}
          />
        );
      })}
    </Menu>
  );
}
