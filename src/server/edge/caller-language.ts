import type { FastifyRequest } from 'fastify';
import en from '../../../i18n/en';
import lo from '../../../i18n/lo';
import th from '../../../i18n/th';
import type { MessageTree } from '../../../i18n/types';
import vi from '../../../i18n/vi';
import zh from '../../../i18n/zh';
import { FALLBACK_LOCALE, isLocale, matchLanguages, parseAcceptLanguage, type Locale } from '../../core/locales';

/** The cookie the language switcher writes (SPEC §4). */
export const LOCALE_COOKIE = 'locale';

/**
 * The language of the caller of an API request, for the messages it should be able to act on (SPEC §10):
 * 1. `Accept-Language`, when it names one of the five: the apps send their active language there (the one of
 *    the URL prefix, SPEC §4's first choice, which an API URL does not carry);
 * 2. the `locale` cookie, for callers that state no language but chose one in the apps;
 * 3. English, the language of the API's contract texts, for callers that say nothing (`curl`, `*`).
 */
export function callerLocale(request: FastifyRequest): Locale {
  const stated = matchLanguages(parseAcceptLanguage(request.headers['accept-language']));
  if (stated) return stated;
  const chosen = (request.cookies as Record<string, string | undefined> | undefined)?.[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return FALLBACK_LOCALE;
}

const APP_TEXTS: Record<Locale, MessageTree> = Object.fromEntries(
  Object.entries({ lo, en, vi, th, zh }).map(([locale, messages]) => [locale, messages.app as MessageTree]),
) as Record<Locale, MessageTree>;

/** A message of the apps' `app.*` tree (`fault.busy`, `upload.errors.svg`) in the caller's language. */
export function appText(request: FastifyRequest, path: string): string {
  let node: string | MessageTree | undefined = APP_TEXTS[callerLocale(request)];
  for (const key of path.split('.')) node = typeof node === 'object' ? node[key] : undefined;
  if (typeof node !== 'string') throw new Error(`no message app.${path}`);
  return node;
}

/** A message of `app.fault` in the caller's language (the same texts the apps show). */
export function faultText(request: FastifyRequest, key: 'busy' | 'unavailable'): string {
  return appText(request, `fault.${key}`);
}
