import type { Messages, MessageTree } from '../../../i18n/types';
import { withFallback } from '../../core/client-messages';
import { FALLBACK_LOCALE, type Locale } from '../../core/locales';

/** One chunk per locale file, fetched when that locale is first shown (SPEC §4: five languages; a page loads only its own). */
const files = import.meta.glob<{ default: Messages }>(['../../../i18n/{lo,en,vi,th,zh}.ts']);

const fileOf = (locale: Locale) => `../../../i18n/${locale}.ts`;

type Tree = MessageTree | Messages;

export { withFallback };

function flatKeys(tree: unknown, prefix = '', into: string[] = []): string[] {
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') into.push(path);
      else flatKeys(value, path, into);
    }
  }
  return into;
}

export function missingKeys(own: Tree, fallback: Tree): string[] {
  const present = new Set(flatKeys(own));
  return flatKeys(fallback).filter((key) => !present.has(key));
}

async function importFile(locale: Locale): Promise<Messages> {
  const load = files[fileOf(locale)];
  if (!load) throw new Error(`no message file for ${locale}`);
  return (await load()).default;
}

const cache = new Map<Locale, Promise<Messages>>();

/** Whether the locale files are the build's (English filled in) rather than the sources. */
const FILLED_AT_BUILD = import.meta.env.PROD;

/**
 * The messages of a locale with English filling its gaps. A locale whose file fails to load
 * (network, chunk gone after a deploy) is logged and shown in English (SPEC §3).
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  let pending = cache.get(locale);
  if (pending) return pending;
  pending = (async () => {
    const loadEnglish = () =>
      importFile(FALLBACK_LOCALE).catch((error: unknown) => {
        console.error('[i18n] the English messages failed to load', error);
        return { ra: {}, validation: {}, app: {}, resources: {} } as unknown as Messages;
      });
    if (locale === FALLBACK_LOCALE) return loadEnglish();
    const ownFile = importFile(locale);
    // A built locale file has English under its gaps already (vite.config.ts): the page loads only its own.
    if (FILLED_AT_BUILD)
      return ownFile.catch(async (error: unknown) => {
        console.error(`[i18n] messages for ${locale} failed to load; using English`, error);
        cache.delete(locale);
        return loadEnglish();
      });
    // The sources (dev server, tests): both files at once, one round trip.
    ownFile.catch(() => {});
    const english = await loadEnglish();
    try {
      const own = await ownFile;
      const missing = missingKeys(own, english);
      if (missing.length > 0) {
        console.warn(`[i18n] ${locale} lacks ${missing.length} key(s), shown in English:`, missing.slice(0, 50));
      }
      return withFallback(own, english) as Messages;
    } catch (error) {
      console.error(`[i18n] messages for ${locale} failed to load; using English`, error);
      cache.delete(locale);
      return english;
    }
  })();
  cache.set(locale, pending);
  return pending;
}

/** Synchronous access once loaded (react-admin wants the initial locale's messages synchronously). */
export function loadedMessages(locale: Locale): Promise<Messages> | undefined {
  return cache.get(locale);
}
