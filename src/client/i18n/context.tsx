import type { I18nProvider } from 'ra-core';
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOCALE_TAGS, type Locale } from '../../core/locales';
import { loadScriptFonts } from './fonts';
import { loadMessages } from './messages';
import { createTranslate, type Translate } from './translate';

export type { Translate };

interface I18nValue {
  locale: Locale;
  ready: boolean;
  t: Translate;
}

// While another locale's messages load, keys render as empty text (or their `_` default), never as raw keys.
const pendingT: Translate = (_key, options) => (typeof options?._ === 'string' ? options._ : '');

const I18nContext = createContext<I18nValue>({ locale: 'lo', ready: false, t: pendingT });

/** Holds the UI locale: loads its messages and fonts and sets `<html lang>`. */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; t: Translate }>();

  useEffect(() => {
    let live = true;
    document.documentElement.lang = locale;
    document.documentElement.dataset.localeTag = LOCALE_TAGS[locale];
    void loadScriptFonts(locale);
    void loadMessages(locale).then((messages) => {
      // A transition: the whole screen renders anew in the new language, in slices a phone can take.
      if (live) startTransition(() => setLoaded({ locale, t: createTranslate(messages) }));
    });
    return () => {
      live = false;
    };
  }, [locale]);

  const value = useMemo<I18nValue>(() => {
    const ready = loaded?.locale === locale;
    return { locale, ready, t: ready ? loaded.t : pendingT };
  }, [locale, loaded]);

  // Nothing is drawn before the first messages (preloaded by the page's shell, so they come with the code): a
  // first paint without its text would only be pushed about when the text arrived.
  if (!loaded) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Translation for the pages outside react-admin (home, login, errors). */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

/** Whether the current locale's messages have loaded. */
export function useI18nReady(): boolean {
  return useContext(I18nContext).ready;
}

const providers = new Map<Locale, Promise<I18nProvider>>();

/** The react-admin (Polyglot) provider of `locale`; its code loads only where an area asks for it. */
export function getI18nProvider(locale: Locale): Promise<I18nProvider> {
  let pending = providers.get(locale);
  if (!pending) {
    pending = import('./provider').then(({ createI18nProvider }) => createI18nProvider(locale));
    providers.set(locale, pending);
  }
  return pending;
}

/** The react-admin provider of the URL's locale for the admin and partner apps; undefined while it loads. */
export function useI18nProvider(): I18nProvider | undefined {
  const locale = useLocale();
  const [ready, setReady] = useState<{ locale: Locale; provider: I18nProvider }>();
  useEffect(() => {
    let live = true;
    // A transition: this mounts the whole area app, which React then renders in slices instead of one long task.
    void getI18nProvider(locale).then((provider) => live && startTransition(() => setReady({ locale, provider })));
    return () => {
      live = false;
    };
  }, [locale]);
  return ready?.locale === locale ? ready.provider : undefined;
}
