import { Resource } from 'react-admin';
import { iconFor } from '../generated/icons';
import { labels } from '../generated/labels';
import type { AreaRegistry } from '../generated/registry';
import { bind, lazyScreen } from '../generated/resources';

// As in the admin: the screens load on first visit, so the portal's dashboard carries no form or grid code.
const PartnerList = lazyScreen(() => import('./PartnerViews').then((m) => m.PartnerList));
const PartnerShow = lazyScreen(() => import('./PartnerViews').then((m) => m.PartnerShow));
const PartnerEdit = lazyScreen(() => import('./PartnerViews').then((m) => m.PartnerEdit));
const GeneratedCreate = lazyScreen(() => import('../generated/GeneratedForm').then((m) => m.GeneratedCreate));

/** A `<Resource>` per partner path: the generated views, with the review state, calendar and edit warning. */
export function partnerResources(registry: AreaRegistry) {
  return registry.entries.map((entry) => {
    const { config } = entry;
    const writable = !config.serverOnly && !config.appendOnly;
    return (
      <Resource
        key={entry.route}
        name={entry.route}
        icon={iconFor(config.menu?.icon)}
        options={{ label: labels.name(config) }}
        list={bind(entry, PartnerList, 'PartnerList')}
        show={bind(entry, PartnerShow, 'PartnerShow')}
        edit={writable && config.edit !== false ? bind(entry, PartnerEdit, 'PartnerEdit') : undefined}
        create={writable && config.create !== false ? bind(entry, GeneratedCreate, 'GeneratedCreate') : undefined}
        recordRepresentation={config.recordTitle}
      />
    );
  });
}
