import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnyResource } from '../../core/resource';
import { callerLocale } from '../edge/caller-language';
import { setListRange } from '../edge/compression';
import { pageAndTotal, TOTAL_KIND_HEADER } from './list-count';
import { exportColumns, exportCsv } from './list-export';
import { requireTabField, tabCounts } from './list-tab-counts';
import { parseListQuery } from './query';
import type { Registry } from './registry';
import { present } from './resource-routes';
import { holdsOn, withLiveHolds } from './live-holds';
import { ReadPlan, type ReadPlans } from './read-plan';
import { byIdsAlone, withOwnReferences } from './scope';
import { lookUpTypos, listSearchText } from './search-typos';

export interface ListOptions {
  /** Totals are exact up to this many rows (see list-count.ts). */
  exactCountLimit: number;
  /** Pages starting past this offset seek instead of skipping (see list-keyset.ts). */
  keysetOffset: number;
}

export interface ListDeps {
  db: Kysely<any>;
  registry: Registry;
  list: ListOptions;
  /** The resources' read paths, compiled at start (a plan is compiled here when not given). */
  plans?: ReadPlans;
}

function contentRange(resource: string, offset: number, count: number, total: number): string {
  const end = count > 0 ? offset + count - 1 : offset;
  return `${resource} ${offset}-${end}/${total}`;
}

/**
 * The collection reads of one resource: the SPEC §6 list (ra-data-simple-rest), status-tab counts and the
 * CSV export. All three share the list's parsing and the principal's row scope, so they always agree.
 */
export function registerListRoutes(app: FastifyInstance, deps: ListDeps, resource: AnyResource): void {
  const { db, registry, list } = deps;
  const table = registry.table(resource);
  const base = `/api/${resource.name}`;
  const plan = deps.plans?.of(resource) ?? new ReadPlan(registry, resource, db);
  const remembered = plan.overLimit;
  const held = holdsOn(registry, resource).length > 0;
  const exposed = `Content-Range, ${TOTAL_KIND_HEADER}`;

  const scoped = async (request: FastifyRequest, query: Record<string, unknown>) => {
    const principal = request.principal;
    const access = plan.access(principal);
    const fields = plan.reader(principal, access).fields;
    const locale = callerLocale(request);
    const params = parseListQuery(resource, table, query, fields, {
      locale,
      resources: registry.byName,
      typos: await lookUpTypos(db, table, listSearchText(query), locale),
    });
    const conditions = [...plan.scope(access), ...params.conditions];
    return { principal, access, fields, params, conditions };
  };

  // The list runs its plan: the page's statement, the count's key and the serializer, compiled on the first request.
  app.get(base, plan.routeOptions('page'), async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = request.principal;
    const query = request.query as Record<string, unknown>;
    // The records a page's references name: the reader's own records' references are readable too.
    const access = byIdsAlone(query)
      ? withOwnReferences(registry, resource, principal, plan.access(principal))
      : plan.access(principal);
    const locale = callerLocale(request);
    const typos = await lookUpTypos(db, table, listSearchText(query), locale);
    const page = plan.listPage(principal, access, query, list.keysetOffset, locale, typos);
    // The last page, or a list over the count's limit counted moments ago, needs no statement for its total.
    const {
      rows,
      total: { total, kind },
    } = await pageAndTotal(
      db,
      table,
      async () => (await db.executeQuery(page.statement)).rows,
      page,
      list.exactCountLimit,
      remembered,
    );
    setListRange(reply, contentRange(resource.name, page.offset, rows.length, total));
    reply.header(TOTAL_KIND_HEADER, kind);
    reply.header('Access-Control-Expose-Headers', exposed);
    const live = held ? await withLiveHolds(db, registry, resource, rows) : rows;
    // Each row's readable fields are written straight from it (one serializer for the page when they agree; the
    // route's own when they are all).
    if (!page.uniform) reply.serializer((visible: typeof live) => plan.pageJson(principal, access, visible));
    else if (page.uniform !== plan.widest) reply.serializer(page.uniform.page);
    return live;
  });

  // `GET /api/{resource}/-/counts?field=status&filter={...}`: one count per value, for status tabs and badges.
  // The field's own key is dropped from the filter: each tab counts its value under the other filters.
  app.get(`${base}/-/counts`, async (request: FastifyRequest) => {
    const query = { ...(request.query as Record<string, unknown>) };
    const principal = request.principal;
    const access = plan.access(principal);
    const field = requireTabField(resource, query.field, new Set(plan.reader(principal, access).fields));
    if (typeof query.filter === 'string') {
      try {
        const parsed = JSON.parse(query.filter) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          delete (parsed as Record<string, unknown>)[field];
          query.filter = JSON.stringify(parsed);
        }
      } catch {
        // parseListQuery answers the malformed filter.
      }
    }
    const { conditions } = await scoped(request, { filter: query.filter });
    const counts = await tabCounts(db, resource, table, field, conditions, list.exactCountLimit, remembered);
    return { field, limit: list.exactCountLimit, counts };
  });

  // `GET /api/{resource}/-/export.csv?filter=...&sort=...&fields=[...]`: every row of the list, streamed.
  app.get(`${base}/-/export.csv`, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const { principal, access, params, conditions } = await scoped(request, {
      filter: query.filter,
      sort: query.sort,
    });
    const columns = exportColumns(resource, principal, access, query.fields);
    const stamp = new Date().toISOString().slice(0, 10);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${resource.name}-${stamp}.csv"`);
    reply.header('Cache-Control', 'no-store');
    return reply.send(
      exportCsv(db, table, conditions, params, columns, (row) => present(resource, principal, access, row)),
    );
  });
}
