import type { Locale } from '../../core/locales';
import { AREA_KIND, AREAS } from '../../core/routes';

/** A `?redirect=` target is followed only when it is a path of this site (no `//host`, no scheme). */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return undefined;
  return target;
}

/** Where a sign-in lands without a `redirect`: the area of its kind of account (the admin's opens on the dashboard). */
export function homeOfKind(kind: string | undefined, locale: Locale): string {
  const area = AREAS.find((name) => AREA_KIND[name] === kind);
  return area ? `/${locale}/${area}` : `/${locale}`;
}

/** The server's 403 to a right password on an account whose email is not confirmed (SPEC §11). */
export const CONFIRM_EMAIL_FIRST = 'Please confirm your email address first';

/**
 * A sign-in screen's address that brings the visit back to `requested` afterwards. The target rides in the URL
 * (not only in router state) so that every later signed-out check, however many fire while the screen loads,
 * keeps the page first asked for.
 */
export function loginWithReturn(loginPath: string, requested: string | undefined): string {
  const back = safeRedirect(requested);
  return back && back !== loginPath ? `${loginPath}?redirect=${encodeURIComponent(back)}` : loginPath;
}
