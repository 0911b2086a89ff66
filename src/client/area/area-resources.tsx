import { Resource } from 'react-admin';
import type { Portal } from '../../core/portal';
import { iconFor } from '../generated/icons';
import { labels } from '../../core/labels';
import type { AreaRegistry } from '../generated/registry';
import { bind, lazyScreen } from '../generated/resources';

// As in the admin: the screens load on first visit, so an area's home carries no form or grid code.
const AreaList = lazyScreen(() => import('./AreaViews').then((m) => m.AreaList));
const AreaShow = lazyScreen(() => import('./AreaViews').then((m) => m.AreaShow));
const AreaEdit = lazyScreen(() => import('./AreaViews').then((m) => m.AreaEdit));
const GeneratedCreate = lazyScreen(() => import('../generated/GeneratedForm').then((m) => m.GeneratedCreate));

/**
 * A `<Resource>` per path the resources declare for the area: the generated views, with the review state, calendar
 * and edit warning. In an area whose record page is the show page, `{path}/{id}` opens it too and nothing is edited.
 */
export function areaResources(registry: AreaRegistry, portal: Portal) {
  return registry.entries.map((entry) => {
    const { config } = entry;
    const writable = !config.serverOnly && !config.appendOnly;
    const show = bind(entry, AreaShow, 'AreaShow');
    const edit =
      portal.recordPage === 'show'
        ? show
        : writable && config.edit !== false
          ? bind(entry, AreaEdit, 'AreaEdit')
          : undefined;
    return (
      <Resource
        key={entry.route}
        name={entry.route}
        icon={iconFor(config.menu?.icon)}
        options={{ label: labels.name(config) }}
        list={bind(entry, AreaList, 'AreaList')}
        show={show}
        edit={edit}
        create={writable && config.create !== false ? bind(entry, GeneratedCreate, 'GeneratedCreate') : undefined}
        recordRepresentation={config.recordTitle}
      />
    );
  });
}
