import type { AnyResource } from './resource';

/** i18n keys of a resource, by react-admin's `resources.{name}.…` convention, always keyed by the API name. */
export const labels = {
  name: (resource: AnyResource) => `resources.${resource.name}.name`,
  field: (resource: AnyResource, field: string) => `resources.${resource.name}.fields.${field}`,
  enumValue: (resource: AnyResource, field: string, value: string) =>
    `resources.${resource.name}.enums.${field}.${value}`,
  action: (resource: AnyResource, action: string) => `resources.${resource.name}.actions.${action}`,
  group: (resource: AnyResource, group: string) => `resources.${resource.name}.groups.${group}`,
  /** The create page's title when its form is about a referenced record (`create.about`), with `%{title}`. */
  createAbout: (resource: AnyResource) => `resources.${resource.name}.create.title`,
  queue: (resource: AnyResource, queue: string) => `resources.${resource.name}.queues.${queue}`,
  stats: (resource: AnyResource, metric: string) => `resources.${resource.name}.stats.${metric}`,
};

/** Turns `camelCase` into `Camel case`, the fallback when a label is missing. */
export function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
