import { useEffect, useState } from 'react';
import type { Locale } from '../../core/locales';
import { AREA_FIRST_READ } from '../../core/primed-answers';
import { takePrimed } from '../shell/primed';
import { getOne } from './api';

/** The signed-in account as `auth/me` answers it; null for a visitor. */
export type Me = { id: number; kind: string; email?: string; fullName?: string } | null;

interface Asked {
  promise: Promise<Me>;
  /** Known at once when the answer came inside the page. */
  value?: Me;
}

let asked: Asked | undefined;

/**
 * Who is signed in, asked once for the screen: the page's header and its booking form share one answer (the one
 * inside the page first), so a visitor's refusal is not asked, and logged, twice. Forgotten a moment later: a
 * sign-in or sign-out in between is seen by the next screen.
 */
function ask(locale: Locale): Asked {
  if (asked) return asked;
  const primed = takePrimed(AREA_FIRST_READ, locale);
  const entry: Asked = primed
    ? { promise: Promise.resolve(primed.status === 200 ? (primed.body as Me) : null) }
    : {
        promise: getOne('auth', 'me', locale).then(
          (body) => body as Me,
          () => null,
        ),
      };
  if (primed) entry.value = primed.status === 200 ? (primed.body as Me) : null;
  asked = entry;
  void entry.promise.then((value) => {
    entry.value = value;
    setTimeout(() => {
      if (asked === entry) asked = undefined;
    }, 1000);
  });
  return entry;
}

/** The signed-in account (null signed out), undefined until known. */
export function useMe(locale: Locale): Me | undefined {
  const [me, setMe] = useState<Me | undefined>(() => ask(locale).value);
  useEffect(() => {
    let live = true;
    void ask(locale).promise.then((value) => live && setMe(value));
    return () => {
      live = false;
    };
  }, [locale]);
  return me;
}

/** The same answer, for code that goes on from it (the booking form reads the account's row next). */
export const whoIsSignedIn = (locale: Locale) => ask(locale).promise;
