import en from '../../../i18n/en';
import lo from '../../../i18n/lo';
import th from '../../../i18n/th';
import type { MessageTree } from '../../../i18n/types';
import vi from '../../../i18n/vi';
import zh from '../../../i18n/zh';
import { FALLBACK_LOCALE, type Locale } from '../../core/locales';

const MESSAGES: Record<Locale, MessageTree> = { lo, en, vi, th, zh } as unknown as Record<Locale, MessageTree>;

function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * A message of the i18n files in one language (English where that language lacks it), its `%{name}` placeholders
 * filled and its `a |||| b` form chosen by `smart_count` as the apps do (client/i18n/translate.ts): what the server
 * writes for a person (notifications, mails, the home's first paint).
 */
export function serverText(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  let phrase = lookup(MESSAGES[locale], key) ?? lookup(MESSAGES[FALLBACK_LOCALE], key) ?? key;
  if (phrase.includes('||||')) {
    const forms = phrase.split('||||').map((form) => form.trim());
    const count = Number(params.smart_count);
    phrase = forms[Number.isFinite(count) && count !== 1 ? Math.min(1, forms.length - 1) : 0];
  }
  return phrase.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The message, or `fallback` where no language has it (a key of the config without a label yet). */
export function serverTextOr(
  locale: Locale,
  key: string,
  fallback: string | undefined,
  params: Record<string, unknown> = {},
): string {
  const text = serverText(locale, key, params);
  return text === key && fallback !== undefined ? fallback : text;
}
