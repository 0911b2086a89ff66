import type { Field } from './fields';
import type { AnyResource } from './resource';

/** The fields `q` searches: the list's `search`, else the fields marked searchable. */
export function searchFields(resource: AnyResource): string[] {
  return [
    ...(resource.list.search ??
      Object.entries(resource.fields)
        .filter(([, f]) => f.searchable)
        .map(([name]) => name)),
  ];
}

/** Kinds stored as plain text that `q` matches with `ilike` on the column itself (so a trigram index serves it). */
export function isPlainTextSearch(field: Field): boolean {
  return field.kind === 'text' || field.kind === 'longText' || field.kind === 'email' || field.kind === 'phone';
}
