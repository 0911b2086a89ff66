import { isLocale, type Locale } from '../../core/locales';

/** A `?redirect=` target is followed only when it is a path of this site (no `//host`, no scheme). */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return undefined;
  return target;
}

/** Where a sign-in lands without a `redirect`: admins on the dashboard, partners on their portal. */
export function homeOfKind(kind: string | undefined, locale: Locale): string {
  if (kind === 'admin') return `/${locale}/admin/dashboard`;
  if (kind === 'partner') return `/${locale}/partner`;
  return `/${locale}`;
}

/** The login screen that returns to `requested` afterwards (for the admin and partner auth providers). */
export function loginPathFor(locale: Locale, requested?: string): string {
  const back = safeRedirect(requested);
  return `/${isLocale(locale) ? locale : 'lo'}/login${back ? `?redirect=${encodeURIComponent(back)}` : ''}`;
}
