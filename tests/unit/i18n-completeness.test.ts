import { requiredLabels } from '../../src/core/config-check';
import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import { PLURAL_RULES } from '../../i18n/plural';
import th from '../../i18n/th';
import type { Messages, MessageTree } from '../../i18n/types';
import vi from '../../i18n/vi';
import zh from '../../i18n/zh';
import resources from '../../resources/index';
import { ENGLISH_VALIDATION } from '../../src/core/messages';

const translations: Record<string, Messages> = { lo, vi, th, zh };

function flatten(tree: MessageTree | Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as MessageTree, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);

/** `%{x}` names of each `||||` form, sorted, so forms compare one by one. */
function placeholdersByForm(message: string): string[][] {
  return message.split('||||').map((form) => [...form.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort());
}

/**
 * Keys whose translation may equal the English text: names (Lantern, language endonyms, which are the same in
 * every UI language on purpose), pure placeholders, codes and the SPEC's contract error messages.
 */
const SAME_AS_ENGLISH_ALLOWED = [
  /^app\.title$/,
  /^app\.language\.(lo|en|vi|th|zh)$/,
  /^app\.error\.(pathNotFound|paramsNotFound)$/,
  /^resources\.[\w-]+\.fields\.id$/,
  /\.bcel_onepay$/,
  // The bank QR schemes' own names (LAO QR, PromptPay, VietQR), as every banking app writes them.
  /\.enums\.preset\.(laoqr|promptpay|vietqr)$/,
];

/** Vietnamese words that need no diacritics (they are checked against English by the leftovers test). */
const SAME_SCRIPT_EXEMPT = new Set<string>([
  'vi:ra.action.show',
  'vi:ra.navigation.current_page',
  'vi:app.statistics.revenue',
  'vi:app.revenue.title',
  'vi:resources.settings.enums.group.general',
  'vi:resources.complaints.enums.priority.high',
]);

describe('i18n message files', () => {
  it.each(Object.keys(translations))('%s has exactly the keys of English', (locale) => {
    const keys = flatten(translations[locale]);
    // `npm run resource:new` writes `TODO: {English}` outside English: still missing until translated.
    const missing = [...english.keys()].filter((key) => !keys.has(key) || keys.get(key)!.startsWith('TODO:'));
    const extra = [...keys.keys()].filter((key) => !english.has(key));
    expect(missing, `${locale} misses keys that English has`).toEqual([]);
    expect(extra, `${locale} has keys that English lacks`).toEqual([]);
  });

  it.each(Object.keys(translations))('%s keeps every placeholder and plural form of English', (locale) => {
    const keys = flatten(translations[locale]);
    const wrong = [...english]
      .filter(([key]) => keys.has(key))
      .filter(([key, text]) => {
        const expected = placeholdersByForm(text);
        const actual = placeholdersByForm(keys.get(key)!);
        return JSON.stringify(expected) !== JSON.stringify(actual);
      })
      .map(([key, text]) => `${key}: "${text}" → "${keys.get(key)}"`);
    expect(wrong).toEqual([]);
  });

  it.each(Object.keys(translations))('%s translates every message (no empty or English leftovers)', (locale) => {
    const keys = flatten(translations[locale]);
    const untranslated = [...keys]
      .filter(([key, text]) => {
        const source = english.get(key);
        if (source === undefined || !/[A-Za-z]{2}/.test(source.replace(/%\{\w+\}/g, ''))) return false;
        if (SAME_AS_ENGLISH_ALLOWED.some((pattern) => pattern.test(key))) return false;
        return text.trim() === '' || text === source;
      })
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  /** Each locale's own script, and scripts that must never appear in it (Lao and Thai are easily mixed up). */
  const SCRIPTS: Record<string, { own: RegExp; foreign?: RegExp }> = {
    lo: { own: /[\u0E80-\u0EFF]/, foreign: /[\u0E00-\u0E7F]/ },
    th: { own: /[\u0E00-\u0E7F]/, foreign: /[\u0E80-\u0EFF]/ },
    zh: { own: /[\u4E00-\u9FFF]/ },
    vi: { own: /[àáảãạăắằẳẵặâấầẩẫậèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵđ]/i },
  };

  it.each(Object.keys(translations))('%s writes its messages in its own script', (locale) => {
    const { own, foreign } = SCRIPTS[locale];
    const wrong = [...flatten(translations[locale])]
      .filter(([key]) => !SAME_AS_ENGLISH_ALLOWED.some((pattern) => pattern.test(key)))
      .filter(([key]) => /[A-Za-z]{3}/.test((english.get(key) ?? '').replace(/%\{\w+\}/g, '')))
      .filter(([key, text]) => (!own.test(text) && !SAME_SCRIPT_EXEMPT.has(`${locale}:${key}`)) || foreign?.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('uses react-admin’s English pack verbatim for ra.*, but for its generic save notices', () => {
    // SPEC §13: never "Element created"; a resource's own notice comes first, these only where none is written.
    const { notification, ...rest } = en.ra as unknown as Record<string, Record<string, string>>;
    const { notification: english, ...englishRest } = englishMessages.ra as unknown as Record<
      string,
      Record<string, string>
    >;
    expect(rest).toEqual(englishRest);
    expect({ ...notification, created: english.created, updated: english.updated }).toEqual(english);
    expect(notification.created).toBe('Saved');
    expect(notification.updated).not.toMatch(/Element/);
  });

  it('carries the SPEC §4 validation wording in English, with the keys the server returns', () => {
    expect(en.validation).toEqual(ENGLISH_VALIDATION);
    expect(en.validation).toMatchObject({
      required: 'This field is required',
      email: 'Please enter a valid email',
      numbers: 'This field can only contain numbers',
      integer: 'This field can only contain integer values',
      uppercase: 'This field can only contain uppercase letters',
      maxLength: 'You must enter a maximum of %{0} characters',
      minLength: 'You must enter a minimum of %{0} characters',
      length: 'The length of the entered field is invalid',
      charNotAllowed: 'The %{0} character is not allowed',
      chooseOne: 'Please choose at least one value',
      format: 'Invalid format',
    });
  });

  it('picks the "several records" wording for counts above one in every locale', () => {
    for (const [locale, messages] of Object.entries({ en, ...translations })) {
      const i18n = polyglotI18nProvider(
        () => messages as unknown as TranslationMessages,
        locale,
        [{ locale, name: locale }],
        {
          pluralRules: PLURAL_RULES,
        },
      );
      const one = i18n.translate('ra.notification.deleted', { smart_count: 1 });
      const many = i18n.translate('ra.notification.deleted', { smart_count: 7 });
      expect(many, locale).toContain('7');
      expect(one, locale).not.toEqual(many.replace('7', '1'));
    }
  });
});

describe('resource labels', () => {
  it('has at least one resource to check', () => {
    expect(resources.length).toBeGreaterThan(0);
  });

  it('English labels every resource, field, enum value, workflow state, transition and form group', () => {
    const missing = resources.flatMap(requiredLabels).filter((key) => !english.has(key));
    expect(missing).toEqual([]);
  });

  it('English has no labels for resources or fields the configs do not declare', () => {
    const known = new Set(resources.flatMap(requiredLabels).filter((key) => key.startsWith('resources.')));
    // A resource's save notices ("Refund requested") are optional: the generic one stands in where none is written.
    const optional = /^resources\.[^.]+\.notifications\.(created|updated)$/;
    const stale = [...english.keys()]
      .filter((key) => key.startsWith('resources.') && !optional.test(key))
      .filter((key) => !known.has(key));
    expect(stale).toEqual([]);
  });

  it('names every resource with a singular and a plural form', () => {
    const wrong = Object.entries(en.resources as Messages['resources'])
      .filter(([, labels]) => labels.name.split('||||').length !== 2)
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });
});
