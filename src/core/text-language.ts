import type { Locale } from './locales';

/** Letters only Vietnamese writes among the Latin ones (its vowels with a breve, horn or circumflex, đ, tone marks). */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹĩũ]/iu;

/** The scripts of the platform's languages, and the language each means here. */
const SCRIPTS: readonly [RegExp, Locale][] = [
  [/\p{Script=Lao}/gu, 'lo'],
  [/\p{Script=Thai}/gu, 'th'],
  [/\p{Script=Han}/gu, 'zh'],
  [/\p{Script=Latin}/gu, 'en'],
];

/**
 * The language a traveller wrote a text in, of the platform's five: by the script most of its letters are in (Lao,
 * Thai, Chinese), and for Latin letters Vietnamese where a letter only Vietnamese writes appears, else English. A text
 * with no letters of these scripts is in `fallback`. Exact for these five, where a statistical guesser is not on short
 * texts.
 */
export function languageOfText(text: string, fallback: Locale): Locale {
  let best: Locale = fallback;
  let most = 0;
  for (const [letters, locale] of SCRIPTS) {
    const count = text.match(letters)?.length ?? 0;
    if (count > most) [best, most] = [locale, count];
  }
  return best === 'en' && VIETNAMESE.test(text) ? 'vi' : best;
}
