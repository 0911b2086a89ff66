import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { MoneyField } from '../../core/fields';
import type { AnyResource } from '../../core/resource';
import { badRequest } from '../edge/errors';
import { parseListQuery } from './query';
import { lookUpTypos, listSearchText } from './search-typos';
import type { RouteDeps } from './resource-routes';
import { readable, readAccess, scopeSql } from './scope';

export interface TotalsRow {
  /** The currency of the money sums in this row, when the summed fields are money. */
  currency?: string;
  count: number;
  sums: Record<string, number>;
}

/**
 * `GET /api/{resource}/-/totals?filter=…`: the `list.totals` fields summed over the whole filtered set (not
 * the page), one row per currency, through the same scope and filter language as the list.
 */
export function registerTotalsRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const fields = (resource.list.totals ?? []) as readonly string[];
  if (!fields.length) return;
  const { db, registry } = deps;
  const table = registry.table(resource);
  const currencyField = fields
    .map((name) => resource.fields[name])
    .find((field): field is MoneyField => field?.kind === 'money')?.currencyField;

  app.get(`/api/${resource.name}/-/totals`, async (request: FastifyRequest) => {
    const principal = request.principal;
    const access = readAccess(resource, principal);
    const visible = readable(resource, principal, access);
    const shown = fields.filter((name) => visible.includes(name));
    if (!shown.length) return { rows: [] };
    const query = { ...(request.query as Record<string, unknown>) };
    // Totals ignore paging and order; only the filter counts.
    delete query.range;
    delete query.sort;
    const params = parseListQuery(resource, table, query, visible, {
      typos: await lookUpTypos(db, table, listSearchText(query)),
    });
    const conditions = [...scopeSql(registry, resource, access), ...params.conditions];
    const where = conditions.length ? sql.join(conditions, sql` and `) : sql<boolean>`true`;
    const groupBy = currencyField && visible.includes(currencyField) ? currencyField : undefined;
    const sums = shown.map((name) => sql`coalesce(sum(${sql.ref(`${table}.${name}`)}), 0)::float8 as ${sql.ref(name)}`);
    const result = await sql<Record<string, unknown>>`select ${
      groupBy ? sql`${sql.ref(`${table}.${groupBy}`)} as currency, ` : sql``
    }count(*)::int as count, ${sql.join(sums)} from ${sql.table(table)} where ${where}${
      groupBy ? sql` group by ${sql.ref(`${table}.${groupBy}`)} order by count(*) desc` : sql``
    }`.execute(db);
    if (result.rows.length > 1000) throw badRequest({ filter: 'Too many groups' });
    const rows: TotalsRow[] = result.rows.map((row) => ({
      ...(groupBy ? { currency: String(row.currency ?? '') } : {}),
      count: Number(row.count ?? 0),
      sums: Object.fromEntries(shown.map((name) => [name, Number(row[name] ?? 0)])),
    }));
    return { rows };
  });
}
