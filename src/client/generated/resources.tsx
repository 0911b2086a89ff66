import type { ComponentType } from 'react';
import { Route } from 'react-router';
import { CustomRoutes, Resource } from 'react-admin';
import { EntryProvider } from './context';
import { GeneratedCreate, GeneratedEdit } from './GeneratedForm';
import { GeneratedList } from './GeneratedList';
import { GeneratedShow } from './GeneratedShow';
import { KeyedEdit } from './KeyedEdit';
import { iconFor } from './icons';
import { labels } from './labels';
import type { AreaEntry, AreaRegistry } from './registry';

function bind(entry: AreaEntry, View: ComponentType): ComponentType {
  const Bound = () => (
    <EntryProvider entry={entry}>
      <View />
    </EntryProvider>
  );
  Bound.displayName = `${View.name}(${entry.route})`;
  return Bound;
}

/**
 * A `<Resource>` per screen of the area, named by its URL path (SPEC §2). Keyed resources (a `lookupField`,
 * e.g. settings groups) open `{path}/{key}` as a typed form instead of numeric record pages.
 */
export function generatedResources(registry: AreaRegistry) {
  const resources = registry.entries.map((entry) => {
    const { config, queue } = entry;
    const keyed = Boolean(config.lookupField);
    const writable = !config.serverOnly;
    return (
      <Resource
        key={entry.route}
        name={entry.route}
        icon={iconFor(queue?.menu?.icon ?? config.menu?.icon)}
        options={{ label: queue ? labels.queue(config, queue.name) : labels.name(config) }}
        list={bind(entry, GeneratedList)}
        show={keyed ? undefined : bind(entry, GeneratedShow)}
        edit={keyed || config.edit === false || config.appendOnly || !writable ? undefined : bind(entry, GeneratedEdit)}
        create={keyed || queue || config.create === false || !writable ? undefined : bind(entry, GeneratedCreate)}
        recordRepresentation={config.recordTitle}
      />
    );
  });
  const keyedRoutes = registry.entries
    .filter((entry) => entry.config.lookupField && !entry.queue)
    .map((entry) => {
      const Keyed = bind(entry, KeyedEdit);
      return <Route key={entry.route} path={`/${entry.route}/:key`} element={<Keyed />} />;
    });
  return [...resources, keyedRoutes.length ? <CustomRoutes key="keyed">{keyedRoutes}</CustomRoutes> : null];
}
