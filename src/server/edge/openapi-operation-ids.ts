import type { AnyResource } from '../../core/resource';
import type { Schema } from './openapi-responses';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
const camel = (text: string) => {
  const name = pascal(text);
  return name[0].toLowerCase() + name.slice(1);
};

/** A record of `orders` is an order: the name of one, for `getOrder` beside `listOrders`. */
function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(name)) return name.replace(/es$/, '');
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}

/** The id of a resource route, from the resource's name and what follows it in the path (`-/counts`, `{id}`, …). */
function resourceOperationId(resource: string, rest: string[], method: string): string | undefined {
  const many = pascal(resource);
  const one = pascal(singular(resource));
  const [first, second, third] = rest;
  if (rest.length === 0) return method === 'get' ? `list${many}` : method === 'post' ? `create${one}` : undefined;
  if (first === '-' && rest.length === 2) {
    if (second === 'counts') return `count${many}`;
    if (second === 'export.csv') return `export${many}`;
    if (second === 'totals') return `total${many}`;
    if (second === 'order') return `reorder${many}`;
    return `${camel(second)}${many}`;
  }
  if (first === '{id}') {
    if (rest.length === 1)
      return { get: `get${one}`, put: `replace${one}`, patch: `update${one}`, delete: `delete${one}` }[method];
    if (second === 'actions' && rest.length === 2) return `list${one}Actions`;
    if (second === 'actions' && rest.length === 3) return `${camel(third)}${one}`;
    if (rest.length === 2) return `${camel(second)}${one}`;
  }
  return undefined;
}

/** Any other route: its method and path, `{name}` read as `ByName` (`GET /uploads/{name}` is `getUploadsByName`). */
function pathOperationId(path: string, method: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => (segment.startsWith('{') ? `By${pascal(segment)}` : pascal(segment)));
  return `${method}${words.join('')}`;
}

/**
 * Gives every operation of `paths` an `operationId` (client generators name their functions by it), derived from the
 * configs: the resource's name, its transitions' and endpoints' names; the same config gives the same ids. An
 * operation that has one already keeps it; two that would share one are told apart by their method.
 */
export function withOperationIds(
  paths: Record<string, Schema>,
  resources: readonly AnyResource[],
): Record<string, Schema> {
  const names = new Set(resources.map((resource) => resource.name));
  const taken = new Set<string>();
  const named: Record<string, Schema> = {};
  for (const [path, item] of Object.entries(paths)) {
    const [, api, resource, ...rest] = path.split('/');
    // Copies: some path items are shared constants (the accounts' and two-factor routes).
    const copy: Schema = { ...item };
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) continue;
      let id =
        (operation.operationId as string | undefined) ||
        (api === 'api' && names.has(resource) && resourceOperationId(resource, rest, method)) ||
        pathOperationId(path, method);
      if (taken.has(id)) id = `${id}${pascal(method)}`;
      for (let n = 2; taken.has(id); n++) id = `${id.replace(/\d+$/, '')}${n}`;
      taken.add(id);
      const { operationId: _given, ...body } = operation;
      copy[method] = { operationId: id, ...body };
    }
    named[path] = copy;
  }
  return named;
}
