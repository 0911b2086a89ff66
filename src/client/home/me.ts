import { useEffect, useState } from 'react';
import type { Locale } from '../../core/locales';
import { AREA_FIRST_READ } from '../../core/primed-answers';
import { takePrimed } from '../shell/primed';
import { getOne, onSessionChange } from './api';

/** The signed-in account as `auth/me` answers it; null for a visitor. */
export type Me = { id: number; kind: string; email?: string; fullName?: string } | null;

interface Asked {
  promise: Promise<Me>;
  /** Known at once when the answer came inside the page, or was asked before. */
  value?: Me;
}

let asked: Asked | undefined;

/**
 * Who is signed in, for the public pages' header and booking form: one question at a time (the answer inside the
 * page first). A visitor's answer is kept until a sign-in (`forgetWhoIsSignedIn`): asked again, every screen would
 * log the server's 401 in the console. An account's is asked anew by the next screen, so a sign-out shows at once.
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
    // Shared by what asks on the same screen; an account's answer is not kept past it.
    if (value)
      setTimeout(() => {
        if (asked === entry) asked = undefined;
      }, 1000);
  });
  return entry;
}

/** A sign-in (or a sign-up that signs in) happened: the next screen asks again. */
export function forgetWhoIsSignedIn() {
  asked = undefined;
}
onSessionChange(forgetWhoIsSignedIn);

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
