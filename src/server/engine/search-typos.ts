import { sql, type Kysely } from 'kysely';
import { allowsTypo, searchWords, typoPatterns } from '../../core/search';
import { SEARCH_WORDS_TABLE } from '../db/search-schema';

/**
 * Each search word that allows a typo, with the words of its table's dictionary one edit away from it: the only
 * words its typo is looked for as in the rows (those holding the word itself are left out, found by it anyway).
 */
export type TypoWords = ReadonlyMap<string, readonly string[]>;

/** The `q` of a list request's filter, when it is one (parseListQuery answers a malformed filter). */
export function listSearchText(query: Record<string, unknown>): string | undefined {
  if (typeof query.filter !== 'string' || !query.filter.includes('"q"')) return undefined;
  try {
    const filter = JSON.parse(query.filter) as unknown;
    const q = filter && typeof filter === 'object' ? (filter as Record<string, unknown>).q : undefined;
    return typeof q === 'string' || typeof q === 'number' ? String(q) : undefined;
  } catch {
    return undefined;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The dictionary words one edit away from a search word. Every such word but one starts with the word's first half
 * or ends with its second half (an edit leaves one of them whole): two ranges of the dictionary's indexes. The other
 * swaps the two letters where the halves meet, and is looked up as it is. The edit patterns then keep the real ones.
 */
function neighboursSql(table: string, word: string) {
  const letters = [...word];
  const half = Math.floor(letters.length / 2);
  const swapped = [...letters.slice(0, half - 1), letters[half], letters[half - 1], ...letters.slice(half + 1)];
  const head = `${escapeLike(letters.slice(0, half).join(''))}%`;
  const reversedTail = `${escapeLike(letters.slice(half).reverse().join(''))}%`;
  return sql<{ searched: string; word: string }>`
    select ${word}::text as "searched", "word" from ${sql.table(SEARCH_WORDS_TABLE)}
    where "tableName" = ${table}
      and ("word" like ${head} or "reversed" like ${reversedTail} or "word" = ${swapped.join('')})
      and char_length("word") between ${letters.length - 1} and ${letters.length + 1}
      and "word" like any(${typoPatterns(word)}::text[])
      and strpos("word", ${word}) = 0`;
}

/**
 * Looks a search's words up in the dictionary of `table` (search-schema.ts): one statement for every word that
 * allows a typo, none when no word does.
 */
export async function lookUpTypos(
  db: Kysely<any>,
  table: string,
  text: string | undefined,
  locale = 'en',
): Promise<TypoWords | undefined> {
  if (text === undefined) return undefined;
  const words = searchWords(text, locale).filter(allowsTypo);
  if (!words.length) return new Map();
  const { rows } = await sql<{ searched: string; word: string }>`${sql.join(
    words.map((word) => neighboursSql(table, word)),
    sql` union all `,
  )} order by 1, 2`.execute(db);
  const typos = new Map<string, string[]>(words.map((word) => [word, []]));
  for (const row of rows) typos.get(row.searched)!.push(row.word);
  return typos;
}
