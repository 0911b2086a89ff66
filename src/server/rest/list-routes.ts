import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { AnyResource } from '../../core/resource';
import { setListRange } from '../compression';
import { listTotal, TOTAL_KIND_HEADER } from './list-count';
import { exportColumns, exportCsv } from './list-export';
import { pageQuery } from './list-keyset';
import { OverLimitTotals } from './over-limit-totals';
import { requireTabField, tabCounts } from './list-tab-counts';
import { parseListQuery, type ListParams } from './query';
import type { Registry } from './registry';
import { present } from './resource-routes';
import { holdsOn, withLiveHolds } from './live-holds';
import { ReadPlan, type ReadPlans } from './read-plan';

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

const where = (conditions: RawBuilder<boolean>[]) =>
  conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;

/** Distinct list requests whose statements a resource keeps compiled; the oldest is forgotten first. */
const COMPILED_PAGES = 500;
const MAX_PAGE_KEY = 512;

interface CompiledPage {
  params: ListParams;
  filter: RawBuilder<boolean>;
  statement: CompiledQuery<Record<string, unknown>>;
  /** The filter's key among the remembered over-limit totals. */
  totalKey: string;
}

/** What a list request's statements depend on, or undefined when they are not kept (a parameter given twice, a long filter). */
function pageKey(reader: string | undefined, query: Record<string, unknown>): string | undefined {
  const { filter, sort, range } = query;
  for (const value of [filter, sort, range]) if (value !== undefined && typeof value !== 'string') return undefined;
  if (reader === undefined) return undefined;
  const key = `${reader}\u0000${filter ?? ''}\u0000${sort ?? ''}\u0000${range ?? ''}`;
  // Long filters are compiled each time: the kept statements stay a few hundred KB whatever callers send.
  return key.length <= MAX_PAGE_KEY ? key : undefined;
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
  const remembered = new OverLimitTotals();
  const plan = deps.plans?.of(resource) ?? new ReadPlan(registry, resource, db);
  const held = holdsOn(registry, resource).length > 0;

  const scoped = (request: FastifyRequest, query: Record<string, unknown>) => {
    const principal = request.principal;
    const access = plan.access(principal);
    const fields = plan.reader(principal, access).fields;
    const params = parseListQuery(resource, table, query, fields);
    const conditions = [...plan.scope(access), ...params.conditions];
    return { principal, access, fields, params, conditions };
  };

  // A list request's statements, compiled once per distinct request (reader, scope, filter, sort, range): a grid's
  // polling and page turns ask the same few again and again.
  const compiledPages = new Map<string, CompiledPage>();
  const compilePage = (request: FastifyRequest, query: Record<string, unknown>): CompiledPage => {
    const { params, conditions } = scoped(request, query);
    const filter = where(conditions);
    const statement = pageQuery(resource, table, filter, params, list.keysetOffset).compile(db);
    return { params, filter, statement, totalKey: remembered.key(db, table, filter) };
  };

  app.get(base, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const principal = request.principal;
    const access = plan.access(principal);
    const key = pageKey(plan.readerScopeKey(principal, access), query);
    let compiled = key === undefined ? undefined : compiledPages.get(key);
    if (!compiled) {
      compiled = compilePage(request, query);
      if (key !== undefined) {
        if (compiledPages.size >= COMPILED_PAGES) compiledPages.delete(compiledPages.keys().next().value!);
        compiledPages.set(key, compiled);
      }
    }
    const { params, filter } = compiled;
    const { rows } = await db.executeQuery(compiled.statement);
    const { total, kind } = await listTotal(
      db,
      table,
      filter,
      { offset: params.offset, limit: params.limit, returned: rows.length },
      list.exactCountLimit,
      remembered,
      compiled.totalKey,
    );
    setListRange(reply, contentRange(resource.name, params.offset, rows.length, total));
    reply.header(TOTAL_KIND_HEADER, kind);
    reply.header('Access-Control-Expose-Headers', `Content-Range, ${TOTAL_KIND_HEADER}`);
    const live = held ? await withLiveHolds(db, registry, resource, rows) : rows;
    // Each row's readable fields are written straight from it (one serializer for the page when they agree).
    const uniform = plan.uniformReader(principal, access);
    reply.serializer(uniform ? uniform.page : (page: typeof rows) => plan.pageJson(principal, access, page));
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
    const { conditions } = scoped(request, { filter: query.filter });
    const counts = await tabCounts(db, resource, table, field, conditions, list.exactCountLimit, remembered);
    return { field, limit: list.exactCountLimit, counts };
  });

  // `GET /api/{resource}/-/export.csv?filter=...&sort=...&fields=[...]`: every row of the list, streamed.
  app.get(`${base}/-/export.csv`, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const { principal, access, params, conditions } = scoped(request, { filter: query.filter, sort: query.sort });
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
