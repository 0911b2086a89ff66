import type { Area } from './routes';
import type { AnyResource, RecordPage } from './resource';

/** The reference a `{ref}.{field}` line goes through, or none for a field of the record itself. */
export const refOf = (line: string) => (line.includes('.') ? line.slice(0, line.indexOf('.')) : undefined);

/** Every line of the page, the hero's included. */
export function pageLines(page: RecordPage): string[] {
  return [
    ...(page.hero ? [page.hero.title, ...(page.hero.image ? [page.hero.image] : [])] : []),
    ...page.sections.flatMap((section) => section.fields ?? []),
  ];
}

/** The references the page's lines go through, as fields of the resource. */
export function pageReferences(config: AnyResource, page: RecordPage): string[] {
  return [...new Set(pageLines(page).flatMap((line) => refOf(line) ?? []))].filter((name) => config.fields[name]);
}

/** The hero's photo: as wide as the page's column, the whole width of a phone. */
export const HERO_PHOTO = { width: 640, sizes: '(max-width: 700px) 100vw, 640px' } as const;

/** The record an area's route is at (`{path}/{id}`, `{path}/{id}/show`), with its resource; none for a list or a create form. */
export function areaRecordRoute(
  resources: readonly AnyResource[],
  area: Area,
  subpath: string,
): { config: AnyResource; id: string } | undefined {
  const match = /^(.+?)\/([^/]+?)(?:\/show)?$/.exec(subpath);
  if (!match || match[2] === 'create') return undefined;
  const config = resources.find((resource) => resource.paths[area] === match[1]);
  return config ? { config, id: decodeURIComponent(match[2]) } : undefined;
}

/**
 * The record page an area declares for the route it is at (`{path}/{id}` or `{path}/{id}/show`), with the record's
 * id; none for other routes (a list, a create form) or resources without one.
 */
export function areaRecordPage(
  resources: readonly AnyResource[],
  area: Area,
  subpath: string,
): { config: AnyResource; page: RecordPage; id: string } | undefined {
  const route = areaRecordRoute(resources, area, subpath);
  const page = route?.config.pages?.[area]?.show;
  return route && page ? { ...route, page } : undefined;
}
