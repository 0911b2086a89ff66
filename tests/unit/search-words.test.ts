/** SPEC §17's words: how a query is cut and folded, and which words one typo away it also finds. */
import { describe, expect, it } from 'vitest';
import { allowsTypo, foldSearchText, searchWords, typoPatterns } from '../../src/core/search';

/** One edit: a letter wrong, missing or extra, or two neighbours swapped (optimal string alignment). */
function oneEditAway(a: string, b: string): boolean {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length] === 1;
}

const likes = (pattern: string, text: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/_/g, '.')
      .replace(/%/g, '.*')}$`,
  ).test(text);

describe('search words', () => {
  it('cuts at spaces, punctuation and hyphens, and Lao, Thai and Chinese written without spaces', () => {
    expect(searchWords('river-cruise,  Vientiane!')).toEqual(['river', 'cruise', 'vientiane']);
    expect(searchWords('ລ່ອງເຮືອວຽງຈັນ', 'lo')).toEqual(['ລ່ອງ', 'ເຮືອ', 'ວຽງຈັນ']);
    expect(searchWords('ล่องเรือเวียงจันทน์', 'th')).toEqual(['ล่อง', 'เรือ', 'เวียงจันทน์']);
    expect(searchWords('万象游船', 'zh')).toEqual(['万象', '游船']);
    expect(searchWords('!!! — …')).toEqual([]);
    expect(searchWords('tour TOUR Tour')).toEqual(['tour']);
  });

  it('folds case, compatibility forms and Latin marks, and keeps Thai and Lao marks', () => {
    expect(foldSearchText('Luông Pha Băng')).toBe('luong pha bang');
    expect(foldSearchText('Đạp xe')).toBe('dap xe');
    expect(foldSearchText('ＬＵＡＮＧ ﬁ Æ')).toBe('luang fi ae');
    expect(foldSearchText('ລ່ອງເຮືອ')).toBe('ລ່ອງເຮືອ'.normalize('NFKC'));
    expect(foldSearchText('ล่องเรือ')).toBe('ล่องเรือ');
  });

  it('forgives one typo in Latin words of five letters or more: exactly the words one edit away', () => {
    expect(allowsTypo('tour')).toBe(false);
    expect(allowsTypo('cruise')).toBe(true);
    expect(allowsTypo('ເຮືອເຮືອ')).toBe(false);
    const word = 'river';
    const alphabet = 'abcdefghijklmnopqrstuvwxyz';
    const candidates = new Set<string>();
    for (let i = 0; i <= word.length; i++) {
      candidates.add(word.slice(0, i) + word.slice(i + 1));
      for (const c of alphabet) {
        candidates.add(word.slice(0, i) + c + word.slice(i));
        candidates.add(word.slice(0, i) + c + word.slice(i + 1));
      }
      if (i + 1 < word.length) candidates.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    }
    candidates.add('rvier').add('rivre').add('rxvxr').add('iverr');
    const patterns = typoPatterns(word);
    for (const text of candidates) {
      const found = patterns.some((p) => likes(p, text));
      expect(found, text).toBe(text === word || oneEditAway(word, text));
      // What the index looks up first holds every such word (query.ts): starts with the first half, or ends with
      // the second half, or swaps the letters where they meet.
      if (found) expect(text.startsWith('ri') || text.endsWith('ver') || text === 'rvier', text).toBe(true);
    }
  });
});
