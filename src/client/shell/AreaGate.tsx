import { Suspense, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Area } from '../../core/routes';
import type { Locale } from '../../core/locales';
import { lazyWithReload } from './chunk-reload';
import { NotFoundPage } from './ErrorPage';
import { Loading } from './Loading';
import { areaChunks } from './area-loaders';
import { checkRoute } from './route-check';

const apps = {
  admin: lazyWithReload(areaChunks.admin),
  partner: lazyWithReload(areaChunks.partner),
  account: lazyWithReload(areaChunks.account),
};

/**
 * Checks the path against the resource routes before mounting the area's app, so a bad
 * parameter (`settings/not-a-group`, `accounts/user/abc`) shows SPEC §3's page, not an empty list.
 */
export default function AreaGate({ area, locale }: { area: Area; locale: Locale }) {
  const { pathname } = useLocation();
  const match = useMemo(() => checkRoute(pathname), [pathname]);
  if (match.status === 404) return <NotFoundPage message={match.error!} />;
  const App = apps[area];
  return (
    <Suspense fallback={<Loading />}>
      <App locale={locale} area={area} />
    </Suspense>
  );
}
