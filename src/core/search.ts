import type { Field } from './fields';
import type { AnyResource } from './resource';

/**
 * The paths `q` searches: the list's `search`, else the fields marked searchable. A path is a field of the
 * resource, or `ref.field`: a field of the record a `ref` points at (a service's `provinceId.name`).
 */
export function searchFields(resource: AnyResource): string[] {
  return [
    ...(resource.list.search ??
      Object.entries(resource.fields)
        .filter(([, f]) => f.searchable)
        .map(([name]) => name)),
  ];
}

/** The resource's own field a search path starts from (the `ref` of `ref.field`). */
export function searchRoot(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/** Kinds stored as plain text. */
export function isPlainTextSearch(field: Field): boolean {
  return field.kind === 'text' || field.kind === 'longText' || field.kind === 'email' || field.kind === 'phone';
}

/**
 * The column a resource's search reads, filled by the database at write time from the search paths (schema.ts):
 * ` {title} | {every other path} `, folded, with single spaces between words and around the whole.
 */
export const SEARCH_COLUMN = 'search';
/** Between the record title's words and the others in the search column: never left in folded text. */
export const SEARCH_TITLE_END = ' | ';

// The combining marks Latin letters carry once decomposed (Thai and Lao marks live in their own blocks, kept).
const LATIN_MARK_BLOCKS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const latinMark = (mark: string) => {
  const code = mark.codePointAt(0)!;
  return LATIN_MARK_BLOCKS.some(([from, to]) => code >= from && code <= to) ? '' : mark;
};
// Latin letters that decompose into no base letter and mark, folded as PostgreSQL's `unaccent` folds them.
const LATIN_LETTERS: Record<string, string> = {
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  ŧ: 't',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
};
const OTHER_LETTERS = new RegExp(`[${Object.keys(LATIN_LETTERS).join('')}]`, 'g');
/**
 * The characters between words, written alike for JavaScript and PostgreSQL's regular expressions: spaces, ASCII
 * punctuation, general and CJK punctuation, arrows and symbols. Named, not a class like `[[:punct:]]`, whose
 * database locale counts Thai and Lao vowel and tone marks in.
 */
export const SEPARATOR_CLASS =
  '[\\u0009-\\u000d\\u0020-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007e\\u00a0-\\u00bf\\u00d7\\u00f7\\u2000-\\u206f\\u2190-\\u23ff\\u3000-\\u303f]+';
const SEPARATORS = new RegExp(SEPARATOR_CLASS, 'gu');

/**
 * Text as the search compares it, the same fold the database's `lantern_search_fold` applies to stored text:
 * compatibility forms (NFKC: full-width letters, ligatures), case, and the marks of Latin letters.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, latinMark)
    .normalize('NFC')
    .replace(OTHER_LETTERS, (c) => LATIN_LETTERS[c])
    .replace(SEPARATORS, ' ')
    .trim();
}

/** Cutting text into words is the same for every search: one segmenter per language, made once. */
const segmenters = new Map<string, Intl.Segmenter>();

/**
 * The words of a search, folded: ICU word boundaries in the caller's language, so Lao, Thai and Chinese written
 * without spaces are cut too. Punctuation alone gives no word; a word said twice counts once.
 */
export function searchWords(text: string, locale = 'en'): string[] {
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'word' })));
  const words = new Set<string>();
  for (const part of segmenter.segment(text)) {
    if (!part.isWordLike) continue;
    for (const word of foldSearchText(part.segment).split(' ')) if (word) words.add(word);
  }
  return [...words];
}

/**
 * The column beside the search text that holds each two-character run of its Chinese, Japanese and Korean text
 * (search-schema.ts). Those scripts are written without spaces and ICU cuts many of their words at two characters,
 * too short for a trigram; a GIN index of the pairs finds them.
 */
export const SEARCH_PAIRS_COLUMN = 'search_pairs';
/** The characters whose runs are cut into pairs (CJK ideographs, radicals, kana, bopomofo, hangul), in both syntaxes. */
export const PAIRED_CLASS =
  '[\\u2e80-\\u2fdf\\u3040-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff]';
const PAIRED = new RegExp(`^${PAIRED_CLASS}{2}$`, 'u');

/** Whether a search word is found through the pairs column: two characters of those scripts. */
export function isPairWord(word: string): boolean {
  return PAIRED.test(word);
}

/** The words one typo away from which a search word also matches: Latin words of this many letters or more. */
export const TYPO_MIN_LETTERS = 5;

export function allowsTypo(word: string): boolean {
  return [...word].length >= TYPO_MIN_LETTERS && /^\p{Script=Latin}+$/u.test(word);
}

/**
 * `like` patterns of the words one edit away from `word` (a letter wrong, missing or extra, two neighbours
 * swapped), `_` standing for any one letter; already escaped for `like`.
 */
export function typoPatterns(word: string): string[] {
  const letters = [...word];
  const out = new Set<string>();
  const text = (parts: string[]) => parts.join('');
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i);
    // One letter extra in the text.
    out.add(text([...head, '_', ...letters.slice(i)]));
    if (i === letters.length) break;
    const tail = letters.slice(i + 1);
    // One letter wrong, and one missing.
    out.add(text([...head, '_', ...tail]));
    out.add(text([...head, ...tail]));
    // Two neighbours swapped.
    if (i + 1 < letters.length) out.add(text([...head, letters[i + 1], letters[i], ...letters.slice(i + 2)]));
  }
  out.delete(word);
  return [...out];
}
