// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCALE_COOKIE_ATTRIBUTES,
  localeFromPath,
  readLocaleCookie,
  resolveBrowserLocale,
  resolveLocale,
  writeLocaleCookie,
} from '../../src/client/i18n/locale';
import { createTranslate } from '../../src/client/i18n/translate';
import { missingKeys, withFallback } from '../../src/client/i18n/messages';

describe('resolveLocale (SPEC §4)', () => {
  it('takes the URL prefix first', () => {
    expect(resolveLocale({ pathname: '/th/admin', cookie: 'vi', languages: ['zh-CN'] })).toBe('th');
  });
  it('then the locale cookie', () => {
    expect(resolveLocale({ pathname: '/', cookie: 'vi', languages: ['zh-CN'] })).toBe('vi');
    expect(resolveLocale({ pathname: '/de/partner', cookie: 'vi', languages: [] })).toBe('vi');
  });
  it('ignores a cookie that names no locale and reads the browser languages in order', () => {
    expect(resolveLocale({ pathname: '/', cookie: 'klingon', languages: ['de-DE', 'zh-TW', 'en-US'] })).toBe('zh');
  });
  it('falls back to lo', () => {
    expect(resolveLocale({ pathname: '/', cookie: undefined, languages: ['de-DE', 'fr'] })).toBe('lo');
    expect(resolveLocale({ pathname: '' })).toBe('lo');
  });
  it('reads only a known locale from the path', () => {
    expect(localeFromPath('/en/login')).toBe('en');
    expect(localeFromPath('/enx/login')).toBeUndefined();
    expect(localeFromPath('/')).toBeUndefined();
  });
});

describe('the locale cookie', () => {
  afterEach(() => {
    document.cookie = 'locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('is remembered for 365 days, site-wide, SameSite=Lax', () => {
    expect(LOCALE_COOKIE_ATTRIBUTES).toEqual({ expires: 365, sameSite: 'Lax', path: '/' });
  });

  it('is written by a choice and wins over the browser languages on the bare /', () => {
    expect(readLocaleCookie()).toBeUndefined();
    writeLocaleCookie('zh');
    expect(document.cookie).toContain('locale=zh');
    expect(readLocaleCookie()).toBe('zh');
    expect(resolveBrowserLocale('/')).toBe('zh');
    expect(resolveBrowserLocale('/vi')).toBe('vi');
  });
});

describe('messages', () => {
  const english = { app: { a: 'A', b: 'B %{name}', n: '%{smart_count} day |||| %{smart_count} days' } };

  it('fills the gaps of a locale with English and lists them', () => {
    const lao = { app: { a: 'ກ' } };
    expect(missingKeys(lao, english)).toEqual(['app.b', 'app.n']);
    const t = createTranslate(withFallback(lao, english));
    expect(t('app.a')).toBe('ກ');
    expect(t('app.b', { name: 'x' })).toBe('B x');
  });

  it('interpolates, picks plural forms and honours the default', () => {
    const t = createTranslate(english);
    expect(t('app.n', { smart_count: 1 })).toBe('1 day');
    expect(t('app.n', { smart_count: 3 })).toBe('3 days');
    expect(t('app.zzz', { _: 'fallback' })).toBe('fallback');
    expect(t('app.zzz')).toBe('app.zzz');
  });
});
