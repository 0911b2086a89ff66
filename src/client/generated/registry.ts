import type { AnyResource } from '../../core/resource';
import type { Area } from '../../core/routes';
import { listScreens, type ListScreen } from '../../core/list-opening';

export type { Area };

/**
 * One screen of an area: react-admin registers it as a `<Resource>` whose name is its URL path (so the
 * URLs are exactly the SPEC's), and the data provider maps that path back to the API resource.
 */
export type AreaEntry = ListScreen;

export interface AreaRegistry {
  area: Area;
  entries: AreaEntry[];
  /** API resource name of a route; unknown names pass through (they are API names already). */
  toApi(route: string): string;
  /** The route that lists an API resource in this area (its main screen, not a queue), if any. */
  routeOf(apiName: string): string | undefined;
  config(apiName: string): AnyResource | undefined;
  entry(route: string): AreaEntry | undefined;
  /** The resource flagged as the audit trail, if any. */
  auditLog?: AnyResource;
  resources: readonly AnyResource[];
}

export function buildRegistry(resources: readonly AnyResource[], area: Area): AreaRegistry {
  const entries: AreaEntry[] = listScreens(resources, area);
  const byRoute = new Map(entries.map((entry) => [entry.route, entry]));
  const byName = new Map(resources.map((config) => [config.name, config]));
  const mainRoute = new Map(entries.filter((e) => !e.queue).map((e) => [e.config.name, e.route]));
  return {
    area,
    entries,
    resources,
    toApi: (route) => byRoute.get(route)?.config.name ?? route,
    routeOf: (apiName) => mainRoute.get(apiName),
    config: (apiName) => byName.get(apiName),
    entry: (route) => byRoute.get(route),
    auditLog: resources.find((config) => config.auditLog),
  };
}
