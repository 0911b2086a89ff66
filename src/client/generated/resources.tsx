import type { ComponentType } from 'react';
import { Route } from 'react-router';
import { CustomRoutes, Resource } from 'react-admin';
import { lazyWithReload } from '../shell/chunk-reload';
import { EntryProvider } from './context';
import { iconFor } from './icons';
import { labels } from '../../core/labels';
import type { AreaEntry, AreaRegistry } from './registry';

// The screens load on first visit (react-admin's Layout suspends around them): the area's entry, the
// sign-in form, stays within its budget (SPEC §9: 370 KB on the wire) without forms, grids and yup. A failed
// chunk reloads the page once (SPEC §3).
export const lazyScreen = (load: () => Promise<ComponentType<object>>) =>
  lazyWithReload<object>(() => load().then((View) => ({ default: View })));
const screen = lazyScreen;
const GeneratedList = screen(() => import('./GeneratedList').then((m) => m.GeneratedList));
const GeneratedShow = screen(() => import('./GeneratedShow').then((m) => m.GeneratedShow));
const GeneratedCreate = screen(() => import('./GeneratedForm').then((m) => m.GeneratedCreate));
const GeneratedEdit = screen(() => import('./GeneratedForm').then((m) => m.GeneratedEdit));
const KeyedEdit = screen(() => import('./KeyedEdit').then((m) => m.KeyedEdit));

/** The screen `View` of one entry: it reads its resource config from the entry's context. */
export function bind(entry: AreaEntry, View: ComponentType, name: string): ComponentType {
  const Bound = () => (
    <EntryProvider entry={entry}>
      <View />
    </EntryProvider>
  );
  Bound.displayName = `${name}(${entry.route})`;
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
        list={bind(entry, GeneratedList, 'GeneratedList')}
        show={keyed ? undefined : bind(entry, GeneratedShow, 'GeneratedShow')}
        edit={
          keyed || config.edit === false || config.appendOnly || !writable
            ? undefined
            : bind(entry, GeneratedEdit, 'GeneratedEdit')
        }
        create={
          keyed || queue || config.create === false || !writable
            ? undefined
            : bind(entry, GeneratedCreate, 'GeneratedCreate')
        }
        recordRepresentation={config.recordTitle}
      />
    );
  });
  const keyedRoutes = registry.entries
    .filter((entry) => entry.config.lookupField && !entry.queue)
    .map((entry) => {
      const Keyed = bind(entry, KeyedEdit, 'KeyedEdit');
      return <Route key={entry.route} path={`/${entry.route}/:key`} element={<Keyed />} />;
    });
  return [...resources, keyedRoutes.length ? <CustomRoutes key="keyed">{keyedRoutes}</CustomRoutes> : null];
}
