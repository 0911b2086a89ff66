import { Outlet, useLocation } from 'react-router';
import { LocaleProvider } from '../i18n/context';
import { localeFromPath, resolveBrowserLocale } from '../i18n/locale';
import { ThemeModeProvider } from '../theme/mode';
import { BuildCheck } from './BuildCheck';
import { AreaErrorBoundary } from './ErrorBoundary';
import { NextScreenLoading } from './NextScreenLoading';

/**
 * The frame every route shares: theme, locale (URL prefix, else cookie, else browser, else `lo`)
 * and the build check. The bare `/` renders home in the resolved locale without a redirect, so the
 * address a visitor shares stays neutral and each visitor sees their own language.
 */
export function Shell() {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname) ?? resolveBrowserLocale(pathname);
  return (
    <ThemeModeProvider>
      <LocaleProvider locale={locale}>
        <AreaErrorBoundary area="shell" resetKey={pathname}>
          <Outlet />
        </AreaErrorBoundary>
        <BuildCheck />
        <NextScreenLoading />
      </LocaleProvider>
    </ThemeModeProvider>
  );
}
