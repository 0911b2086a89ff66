import type { ComponentType } from 'react';
import { Resource } from 'react-admin';
import { EntryProvider } from '../generated/context';
import { GeneratedCreate } from '../generated/GeneratedForm';
import { iconFor } from '../generated/icons';
import { labels } from '../generated/labels';
import type { AreaEntry, AreaRegistry } from '../generated/registry';
import { PartnerEdit, PartnerList, PartnerShow } from './PartnerViews';

function bind(entry: AreaEntry, View: ComponentType): ComponentType {
  const Bound = () => (
    <EntryProvider entry={entry}>
      <View />
    </EntryProvider>
  );
  Bound.displayName = `${View.name}(${entry.route})`;
  return Bound;
}

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
        list={bind(entry, PartnerList)}
        show={bind(entry, PartnerShow)}
        edit={writable && config.edit !== false ? bind(entry, PartnerEdit) : undefined}
        create={writable && config.create !== false ? bind(entry, GeneratedCreate) : undefined}
        recordRepresentation={config.recordTitle}
      />
    );
  });
}
