import fastJson, { type Schema as SerializerSchema } from 'fast-json-stringify';
import { sql, CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { ownerRule, readableFields } from '../../core/access';
import { SYSTEM_FIELDS, type AnyResource } from '../../core/resource';
import { ADMIN_ROLES, type Principal } from '../../core/roles';
import { answeredFields, pageResponseSchema, recordResponseSchema, serializerSchema } from './field-schemas';
import type { Schema } from '../edge/openapi-responses';
import { pageQuery } from './list-keyset';
import { OverLimitTotals } from './over-limit-totals';
import { parseListQuery } from './query';
import type { TypoWords } from './search-typos';
import { toRecord, type Registry } from './registry';
import { denied, orOwnReferences, publicWhereSql, readAccess, type ReadAccess } from './scope';

/** What a principal's kind and role decide about reading a resource, before any request. */
type Decision =
  | { mode: 'all' }
  | { mode: 'owner'; field: string; kind?: { field: string } }
  | { mode: 'public'; access: ReadAccess & { mode: 'public' } }
  | { mode: 'denied' };

/** The fields one reader sees, in the order the API answers them, and their serializers. */
export interface Reader {
  readonly fields: readonly string[];
  /** One record as JSON: only `fields`, straight from the row (no copy of it). */
  readonly record: (row: Record<string, unknown>) => string;
  /** A page of records, all read through this reader. */
  readonly page: (rows: readonly Record<string, unknown>[]) => string;
}

/**
 * One list request's work, done once per distinct request (reader, scope, filter, sort, range) and kept: a grid's
 * polling and page turns ask the same few again and again.
 */
export interface ListPage {
  readonly statement: CompiledQuery<Record<string, unknown>>;
  readonly offset: number;
  readonly limit: number;
  /** The rows' conditions (scope and filter), for the count. */
  readonly filter: RawBuilder<boolean>;
  /** The filter's key among the remembered over-limit totals. */
  readonly totalKey: string;
  /** The serializer of the whole page when every row is read with the same fields. */
  readonly uniform: Reader | undefined;
}

/** Distinct list requests whose statements a resource keeps compiled; the oldest is forgotten first. */
const COMPILED_PAGES = 500;
const MAX_PAGE_KEY = 512;

const ALL: ReadAccess = Object.freeze({ mode: 'all' });
const NO_CONDITIONS: readonly RawBuilder<boolean>[] = Object.freeze([]);
/** Stand for a request's values while a statement's text is compiled once. */
const ID_SLOT = -7_919_000_001;
const OWNER_SLOT = -7_919_000_002;
const KIND_SLOT = '\u0000kind';

/**
 * One resource's read path, worked out once at start from its config: the columns of its records, the access
 * decision per account kind and admin role, the scope predicates, the readable fields and serializer per reader,
 * and the statement of one record per access shape. Requests run this instead of reading the config again.
 */
export class ReadPlan {
  readonly table: string;
  /** The columns a record is made of (system columns and every field but passwords, which are stored hashed). */
  readonly columns: readonly string[];
  private readonly decisions = new Map<string, Decision>();
  private readonly readers = new Map<string, Reader>();
  private readonly publicScope: readonly RawBuilder<boolean>[];
  private readonly recordStatements = new Map<
    string,
    { sql: string; parameters: unknown[]; id: number; owner: number; kind: number }
  >();
  private readonly revealsByState: boolean;
  private readonly pages = new Map<string, ListPage>();
  /** Totals of filters over the exact-count limit, remembered a few seconds (over-limit-totals.ts). */
  readonly overLimit = new OverLimitTotals();
  /**
   * What the GET routes answer, from the field kinds: a record with every field some reader may read, and a page of
   * them. The routes declare these as their response schemas and the OpenAPI document publishes the same.
   */
  readonly schemas: { readonly record: Schema; readonly page: Schema };
  /** The reader of every field in `schemas.record` (the routes' own serializer); narrower readers write fewer. */
  readonly widest: Reader;

  constructor(
    readonly registry: Registry,
    readonly resource: AnyResource,
    private readonly db: Kysely<any>,
  ) {
    this.table = registry.table(resource);
    this.columns = Object.keys(toRecord(resource, Object.fromEntries(this.allColumns().map((name) => [name, null]))));
    const probes: Principal[] = [
      ...ADMIN_ROLES.map((role): Principal => ({ kind: 'admin', id: 0, role })),
      { kind: 'partner', id: 0 } as Principal,
      { kind: 'user', id: 0 } as Principal,
      { kind: 'public' },
    ];
    for (const probe of probes) this.decisions.set(decisionKey(probe), this.decide(probe));
    const publicAccess = resource.access.public;
    this.publicScope = publicAccess
      ? Object.freeze(publicWhereSql(registry, resource, publicAccess.where, this.table))
      : NO_CONDITIONS;
    this.revealsByState = Boolean(resource.access.partner?.revealIn || resource.access.user?.revealIn);
    const record = recordResponseSchema(resource, answeredFields(resource));
    this.schemas = Object.freeze({ record, page: pageResponseSchema(record) });
    this.widest = this.compileReader(answeredFields(resource));
    this.readers.set('\u0002widest', this.widest);
    // The readers that do not depend on a row's state, ready before the first request.
    for (const probe of probes) {
      const decision = this.decisions.get(decisionKey(probe))!;
      if (decision.mode !== 'denied') this.reader(probe, this.accessOf(decision, probe));
    }
  }

  private allColumns(): string[] {
    return [...SYSTEM_FIELDS, ...Object.keys(this.resource.fields)];
  }

  private decide(probe: Principal): Decision {
    let access: ReadAccess;
    try {
      access = readAccess(this.resource, probe);
    } catch {
      return { mode: 'denied' };
    }
    if (access.mode === 'owner')
      return { mode: 'owner', field: access.field, kind: access.kind ? { field: access.kind.field } : undefined };
    if (access.mode === 'public') return { mode: 'public', access };
    return { mode: 'all' };
  }

  private accessOf(decision: Decision, principal: Principal): ReadAccess {
    switch (decision.mode) {
      case 'all':
        return ALL;
      case 'public':
        return decision.access;
      case 'owner':
        return {
          mode: 'owner',
          field: decision.field,
          value: (principal as { id: number }).id,
          kind: decision.kind ? { field: decision.kind.field, value: principal.kind } : undefined,
        };
      case 'denied':
        throw denied(principal);
    }
  }

  /** The read access for list/show (as scope.ts's `readAccess` answers it), or throws 401/403. */
  access(principal: Principal): ReadAccess {
    const decision = this.decisions.get(decisionKey(principal));
    // The system principal (and any kind the plan was not built for) is answered by the config itself.
    if (!decision) return readAccess(this.resource, principal);
    return this.accessOf(decision, principal);
  }

  /** The row conditions of an access (as scope.ts's `scopeSql`). */
  scope(access: ReadAccess): readonly RawBuilder<boolean>[] {
    if (access.mode === 'all') return NO_CONDITIONS;
    if (access.mode === 'public')
      return orOwnReferences(
        access.where === this.resource.access.public?.where
          ? this.publicScope
          : publicWhereSql(this.registry, this.resource, access.where, this.table),
        access,
      );
    const { table } = this;
    return [
      sql<boolean>`${sql.ref(`${table}.${access.field}`)} = ${access.value}`,
      ...(access.kind ? [sql<boolean>`${sql.ref(`${table}.${access.kind.field}`)} = ${access.kind.value}`] : []),
    ];
  }

  /** Who reads a row: the fields and serializer for this principal under this access (and the row's state). */
  reader(principal: Principal, access: ReadAccess, row?: Record<string, unknown>): Reader {
    const key = this.readerKey(principal, access, row);
    let reader = this.readers.get(key);
    if (!reader) {
      const fields =
        access.mode === 'public' ? ['id', ...access.fields] : readableFields(this.resource, principal, row);
      const known = [...this.readers.values()].find((other) => other.fields.join() === fields.join());
      this.readers.set(key, (reader = known ?? this.compileReader(fields)));
    }
    return reader;
  }

  /** What the readable fields depend on (core/access.ts `readableFields`): the kind and, where revealed, the state. */
  private readerKey(principal: Principal, access: ReadAccess, row?: Record<string, unknown>): string {
    if (access.mode === 'public')
      return access.fields === this.resource.access.public?.fields ? 'public' : `public\u0000${access.fields.join()}`;
    const rule = ownerRule(this.resource, principal);
    if (!rule?.revealIn) return principal.kind;
    if (!row) return `${principal.kind}\u0001`;
    return `${principal.kind}\u0000${String(row[this.resource.workflow?.field ?? 'status'] ?? '')}`;
  }

  /**
   * What a list's statements depend on for this principal: its reader's fields and its scope (the owner's id); undefined
   * for a scope the plan does not know by heart.
   */
  readerScopeKey(principal: Principal, access: ReadAccess): string | undefined {
    const reader = this.readerKey(principal, access);
    if (access.mode === 'all') return `${reader}\u0000all`;
    if (access.mode === 'owner')
      return `${reader}\u0000owner\u0000${access.field}\u0000${access.value}\u0000${access.kind?.field ?? ''}\u0000${access.kind?.value ?? ''}`;
    return access.where === this.resource.access.public?.where &&
      !access.ownReferences &&
      !reader.startsWith('public\u0000')
      ? `${reader}\u0000public`
      : undefined;
  }

  /** Whether every row of a page is read with the same fields (no field revealed by a row's state). */
  uniformReader(principal: Principal, access: ReadAccess): Reader | undefined {
    if (access.mode !== 'public' && this.revealsByState && principal.kind !== 'admin') return undefined;
    return this.reader(principal, access);
  }

  private compileReader(fields: readonly string[]): Reader {
    const object = serializerSchema(this.resource, recordResponseSchema(this.resource, fields));
    const record = fastJson(object as unknown as SerializerSchema) as (row: Record<string, unknown>) => string;
    const page = fastJson(pageResponseSchema(object) as unknown as SerializerSchema) as (
      rows: readonly Record<string, unknown>[],
    ) => string;
    return Object.freeze({ fields: Object.freeze([...fields]), record, page });
  }

  /**
   * A GET route's response schema and its serializer (Fastify's own, by `fast-json-stringify`): the widest reader's,
   * compiled once here. A narrower reader's answer is written with its own reader (`reply.serializer`).
   */
  routeOptions(kind: 'record' | 'page') {
    const serializer = this.widest[kind] as (value: unknown) => string;
    return { schema: { response: { 200: this.schemas[kind] } }, serializerCompiler: () => serializer };
  }

  /**
   * A list request's page (SPEC §6: react-admin's `filter`, `sort`, `range`) under this reader and scope: compiled on
   * its first request, then found by its parameters' text. A parameter given twice, a long filter, or a scope the plan
   * does not know by heart is compiled each time, so what is kept stays bounded whatever callers send.
   */
  listPage(
    principal: Principal,
    access: ReadAccess,
    query: Record<string, unknown>,
    keysetOffset: number,
    locale = 'en',
    typos?: TypoWords,
  ): ListPage {
    const key = pageKey(this.readerScopeKey(principal, access), query, locale, typos);
    let page = key === undefined ? undefined : this.pages.get(key);
    if (page) return page;
    const params = parseListQuery(this.resource, this.table, query, this.reader(principal, access).fields, {
      locale,
      rank: true,
      resources: this.registry.byName,
      typos,
    });
    const conditions = [...this.scope(access), ...params.conditions];
    const filter = conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
    const titledFilter =
      params.titleFirst &&
      sql<boolean>`${sql.join(
        [...conditions.filter((condition) => condition !== params.searchCondition), params.titleFirst],
        sql` and `,
      )}`;
    page = Object.freeze({
      statement: pageQuery(this.resource, this.table, filter, params, keysetOffset, titledFilter).compile(this.db),
      offset: params.offset,
      limit: params.limit,
      filter,
      totalKey: this.overLimit.key(this.db, this.table, filter),
      uniform: this.uniformReader(principal, access),
    });
    if (key !== undefined) {
      if (this.pages.size >= COMPILED_PAGES) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(key, page);
    }
    return page;
  }

  /** A page whose rows may be read with different fields (by their state). */
  pageJson(principal: Principal, access: ReadAccess, rows: readonly Record<string, unknown>[]): string {
    const uniform = this.uniformReader(principal, access);
    if (uniform) return uniform.page(rows);
    let out = '[';
    for (let i = 0; i < rows.length; i++) {
      if (i) out += ',';
      out += this.reader(principal, access, rows[i]).record(rows[i]);
    }
    return `${out}]`;
  }

  /**
   * The statement of one record by id under an access, compiled once per access shape (every, owner's, owner's of a
   * kind, public) and then run with the request's values: no query building per request.
   */
  recordQuery(access: ReadAccess, id: number): CompiledQuery<Record<string, unknown>> {
    const key =
      access.mode === 'owner'
        ? `owner\u0000${access.field}\u0000${access.kind?.field ?? ''}`
        : access.mode === 'public' && (access.where !== this.resource.access.public?.where || access.ownReferences)
          ? undefined
          : access.mode;
    let statement = key === undefined ? undefined : this.recordStatements.get(key);
    if (!statement) {
      const template: ReadAccess =
        access.mode === 'owner'
          ? { ...access, value: OWNER_SLOT, kind: access.kind && { field: access.kind.field, value: KIND_SLOT } }
          : access;
      const conditions = [sql<boolean>`${sql.ref(`${this.table}.id`)} = ${ID_SLOT}`, ...this.scope(template)];
      const compiled = sql<
        Record<string, unknown>
      >`select * from ${sql.table(this.table)} where ${sql.join(conditions, sql` and `)}`.compile(this.db);
      const parameters = [...compiled.parameters];
      statement = {
        sql: compiled.sql,
        parameters,
        id: parameters.indexOf(ID_SLOT),
        owner: parameters.indexOf(OWNER_SLOT),
        kind: parameters.indexOf(KIND_SLOT),
      };
      if (key !== undefined) this.recordStatements.set(key, statement);
    }
    const values = statement.parameters.slice();
    values[statement.id] = id;
    if (access.mode === 'owner') {
      values[statement.owner] = access.value;
      if (access.kind) values[statement.kind] = access.kind.value;
    }
    return CompiledQuery.raw(statement.sql, values) as CompiledQuery<Record<string, unknown>>;
  }
}

/** What a list request's statements depend on, or undefined when they are not kept (a parameter given twice, a long filter). */
function pageKey(
  reader: string | undefined,
  query: Record<string, unknown>,
  locale: string,
  typos: TypoWords | undefined,
): string | undefined {
  if (reader === undefined) return undefined;
  const { filter, sort, range } = query;
  if (
    (filter !== undefined && typeof filter !== 'string') ||
    (sort !== undefined && typeof sort !== 'string') ||
    (range !== undefined && typeof range !== 'string')
  )
    return undefined;
  // A search's words are cut in the caller's language, and its typos are the words the dictionary holds now.
  const words =
    typeof filter === 'string' && filter.includes('"q"')
      ? `\u0000${locale}\u0000${JSON.stringify(typos ? [...typos] : null)}`
      : '';
  const key = `${reader}\u0000${filter ?? ''}\u0000${sort ?? ''}\u0000${range ?? ''}${words}`;
  // Long filters are compiled each time: the kept statements stay a few hundred KB whatever callers send.
  return key.length <= MAX_PAGE_KEY ? key : undefined;
}

const decisionKey = (principal: Principal) =>
  principal.kind === 'admin' ? `admin\u0000${principal.role}` : principal.kind;

/** Every resource's read plan, built once when the server starts. */
export class ReadPlans {
  private readonly plans = new Map<string, ReadPlan>();

  constructor(registry: Registry, db: Kysely<any>) {
    for (const resource of registry.resources) this.plans.set(resource.name, new ReadPlan(registry, resource, db));
  }

  of(resource: AnyResource): ReadPlan {
    const plan = this.plans.get(resource.name);
    if (!plan) throw new Error(`No read plan for ${resource.name}`);
    return plan;
  }
}
