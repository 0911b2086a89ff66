import { LOCALES } from '../../core/locales';
import { tableName, type AnyResource } from '../../core/resource';
import {
  PAIRED_CLASS,
  SEARCH_COLUMN,
  SEARCH_PAIRS_COLUMN,
  SEARCH_TITLE_END,
  SEPARATOR_CLASS,
  searchFields,
  searchRoot,
  TYPO_MIN_LETTERS,
} from '../../core/search';
import type { TableDef } from './table-defs';
import { identifier, quoteIdent as q, quoteLiteral as literal } from './sql-names';

/**
 * The database's fold of searched text, as `foldSearchText` (core/search.ts) folds a search's words: compatibility
 * forms, Latin marks (`unaccent`), case, and every run of punctuation or space to one space.
 */
export const SEARCH_FOLD_FUNCTION = 'lantern_search_fold';

/** What the search column needs, created once before the first one: `unaccent` and the fold. */
export const SEARCH_FUNCTIONS_SQL = [
  'create extension if not exists unaccent;',
  `create or replace function ${q(SEARCH_FOLD_FUNCTION)}(text) returns text language sql immutable parallel safe as $fn$
  select btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, normalize(coalesce($1, ''), NFKC))),
    ${literal(SEPARATOR_CLASS)}, ' ', 'g'))
$fn$;`,
];

/** The resources whose search paths reach each resource through a `ref` (a service's `provinceId.name`). */
interface Through {
  /** The resource whose search column holds the other's text. */
  searcher: AnyResource;
  ref: string;
  fields: string[];
}

function fieldText(resource: AnyResource, row: string, name: string): string | undefined {
  const field = resource.fields[name];
  if (!field && name !== 'id') return undefined;
  const column = `${row}.${q(name)}`;
  if (field?.kind === 'localized') return LOCALES.map((locale) => `${column}->>${literal(locale)}`).join(', ');
  if (field?.kind === 'password') return undefined;
  return `${column}::text`;
}

/**
 * The text of some search paths of a row (`row` names it: `NEW`, or the table in a query), unfolded: each path's
 * text in every language; a `ref.field` path reads the referenced row.
 */
export function searchPathsText(
  resource: AnyResource,
  byName: ReadonlyMap<string, AnyResource>,
  row: string,
  paths: readonly string[],
): string {
  const parts: string[] = [];
  for (const path of paths) {
    const root = searchRoot(path);
    const field = resource.fields[root];
    if (root === path) {
      const text = fieldText(resource, row, root);
      if (text) parts.push(text);
      continue;
    }
    const target = field?.kind === 'ref' ? byName.get(field.reference) : undefined;
    const text = target && fieldText(target, 'target', path.slice(root.length + 1));
    if (!target || !text) continue;
    parts.push(
      `(select concat_ws(' ', ${text}) from ${q(tableName(target))} target where target."id" = ${row}.${q(root)})`,
    );
  }
  return parts.length ? `concat_ws(' ', ${parts.join(', ')})` : `''`;
}

/** The record title's path among the search paths (the words that rank a record first), if it is searched. */
export function titlePath(resource: AnyResource, paths: readonly string[]): string | undefined {
  const title = resource.recordTitle;
  return title && paths.includes(title) ? title : undefined;
}

/** The search column's value for a row: ` {title} | {the rest} `, folded. */
export function searchValueSql(
  resource: AnyResource,
  byName: ReadonlyMap<string, AnyResource>,
  row: string,
  paths: readonly string[],
): string {
  const title = titlePath(resource, paths);
  const rest = paths.filter((p) => p !== title);
  const fold = (text: string) => `${q(SEARCH_FOLD_FUNCTION)}(${text})`;
  return (
    `' ' || ${fold(searchPathsText(resource, byName, row, title ? [title] : []))} || ${literal(SEARCH_TITLE_END)}` +
    ` || ${fold(searchPathsText(resource, byName, row, rest))} || ' '`
  );
}

export function hasSearchColumn(resource: AnyResource): boolean {
  return searchFields(resource).length > 0;
}

/**
 * The dictionary of the words the search columns hold, by table (Meilisearch's and Typesense's way of bounding
 * typos): a search word's one-typo neighbours are looked up here first (rest/search-typos.ts), so only words some
 * row holds enter the rows' statement, each answered by the trigram index. `word` and `reversed` sort by code point
 * (`collate "C"`), so a word's first half is a range of the first index and its last half one of the second.
 */
export const SEARCH_WORDS_TABLE = 'search_words';
/** The shortest word one edit away from a word that allows a typo. */
export const SEARCH_WORD_MIN_LETTERS = TYPO_MIN_LETTERS - 1;
// Longer runs (a Lao or Thai paragraph written without spaces, a pasted token) are never a typo's neighbour worth
// keeping, and a word must fit a btree entry.
export const SEARCH_WORD_MAX_LETTERS = 200;

/** The distinct two-character runs of a search text's CJK text (isPairWord), for the pairs column. */
function pairsSql(text: string): string {
  const others = `[^${PAIRED_CLASS.slice(1, -1)}]+`;
  return (
    `array(select distinct substr(run, i, 2) from regexp_split_to_table(${text}, ${literal(others)}) run,` +
    ` generate_series(1, char_length(run) - 1) i)`
  );
}

/** The words of a search text (` {title} | {the rest} `) that enter the dictionary, once each, in code point order. */
function dictionaryWordsSql(text: string): string {
  return (
    `select word from regexp_split_to_table(${text}, ' ') word` +
    ` where char_length(word) between ${SEARCH_WORD_MIN_LETTERS} and ${SEARCH_WORD_MAX_LETTERS}` +
    ` group by word order by word collate "C"`
  );
}

/**
 * Adds a search text's words to the dictionary. Words are only added: one no row holds any more matches nothing in
 * the rows' statement, and counting holders would make every writer of a common word wait on the others. In code
 * point order, so two writers adding the same new words never wait on each other in a cycle.
 */
function addWordsSql(table: string, text: string, indent: string): string {
  return (
    `${indent}insert into ${q(SEARCH_WORDS_TABLE)} ("tableName", "word", "reversed")\n` +
    `${indent}  select ${literal(table)}, word, reverse(word) from (${dictionaryWordsSql(text)}) words\n` +
    `${indent}  on conflict do nothing;`
  );
}

/** The dictionary's table, filled from the search columns already written; none without a searched resource. */
export function searchWordsTables(resources: readonly AnyResource[]): TableDef[] {
  const searched = resources.filter(hasSearchColumn).map((resource) => tableName(resource));
  if (!searched.length) return [];
  const fill = searched.map(
    (table) =>
      `insert into ${q(SEARCH_WORDS_TABLE)} ("tableName", "word", "reversed")\n` +
      `  select ${literal(table)}, word, reverse(word) from (select distinct regexp_split_to_table(${q(SEARCH_COLUMN)}, ' ') word from ${q(table)}) words\n` +
      `  where char_length(word) between ${SEARCH_WORD_MIN_LETTERS} and ${SEARCH_WORD_MAX_LETTERS}\n` +
      `  on conflict do nothing;`,
  );
  return [
    {
      name: SEARCH_WORDS_TABLE,
      columns: [
        { name: 'tableName', type: 'text', notNull: true },
        { name: 'word', type: 'text collate "C"', notNull: true },
        { name: 'reversed', type: 'text collate "C"', notNull: true },
      ],
      indexes: [
        { name: identifier(`${SEARCH_WORDS_TABLE}_tableName_word_key`), columns: ['tableName', 'word'], unique: true },
        { name: identifier(`${SEARCH_WORDS_TABLE}_tableName_reversed_idx`), columns: ['tableName', 'reversed'] },
      ],
      fill: fill.join('\n'),
    },
  ];
}

/** Who searches through a reference to each resource, by the referenced resource's name. */
function throughReferences(resources: readonly AnyResource[]): Map<string, Through[]> {
  const out = new Map<string, Through[]>();
  for (const searcher of resources) {
    const byRef = new Map<string, string[]>();
    for (const path of searchFields(searcher)) {
      const root = searchRoot(path);
      if (root === path) continue;
      byRef.set(root, [...(byRef.get(root) ?? []), path.slice(root.length + 1)]);
    }
    for (const [ref, fields] of byRef) {
      const field = searcher.fields[ref];
      if (field?.kind !== 'ref') continue;
      out.set(field.reference, [...(out.get(field.reference) ?? []), { searcher, ref, fields }]);
    }
  }
  return out;
}

export interface SearchTrigger {
  name: string;
  function: string;
  table: string;
  events: string;
  body: string;
  always: true;
  before?: true;
}

/**
 * The triggers that keep each search column: one before a row's write computes its own (from its paths and the rows
 * its references name); one after a referenced row's searched fields change writes its searchers' again (a province
 * renamed reaches its services). They fire under bulk loads too (`always`): a search column is never left stale.
 */
export function searchTriggers(resources: readonly AnyResource[]): SearchTrigger[] {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const triggers: SearchTrigger[] = [];
  for (const resource of resources) {
    if (!hasSearchColumn(resource)) continue;
    const table = tableName(resource);
    const paths = searchFields(resource);
    const columns = [...new Set([...paths.map(searchRoot), SEARCH_COLUMN])].filter(
      (name) => name === SEARCH_COLUMN || resource.fields[name],
    );
    triggers.push({
      name: identifier(`${table}_search`),
      function: identifier(`${table}_search`),
      table,
      events: `insert or update of ${columns.map(q).join(', ')}`,
      body:
        `  new.${q(SEARCH_COLUMN)} := ${searchValueSql(resource, byName, 'new', paths)};\n` +
        `  new.${q(SEARCH_PAIRS_COLUMN)} := ${pairsSql(`new.${q(SEARCH_COLUMN)}`)};\n` +
        // `old` is null on an insert: every word of a new row is added.
        `  if new.${q(SEARCH_COLUMN)} is distinct from old.${q(SEARCH_COLUMN)} then\n` +
        `${addWordsSql(table, `new.${q(SEARCH_COLUMN)}`, '    ')}\n  end if;`,
      always: true,
      before: true,
    });
  }
  for (const [name, throughs] of throughReferences(resources)) {
    const target = byName.get(name);
    if (!target) continue;
    const table = tableName(target);
    for (const { searcher, ref, fields } of throughs) {
      const searcherTable = tableName(searcher);
      const changed = fields.map((f) => `old.${q(f)} is distinct from new.${q(f)}`).join(' or ');
      triggers.push({
        name: identifier(`${table}_${searcherTable}_search`),
        function: identifier(`${table}_${searcherTable}_search`),
        table,
        events: `update of ${fields.map(q).join(', ')}`,
        body:
          `  if ${changed} then\n` +
          `    update ${q(searcherTable)} set ${q(SEARCH_COLUMN)} = null where ${q(ref)} = new."id";\n  end if;`,
        always: true,
      });
    }
  }
  return triggers;
}
