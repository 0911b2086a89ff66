import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '../../core/routes';
import { importWithReload } from './chunk-reload';
import { NotFoundPage } from './ErrorPage';
import { routeChunks } from './loaders';

const AREA_PATH = /^\/[^/]+\/(admin|partner)(\/|$)/;

/** Renders SPEC §3's not-found page with the message the route table gives for this path. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  // Paths outside the areas are judged without the resource configs, keeping them out of the home bundle.
  const needsResources = AREA_PATH.test(pathname);
  const [message, setMessage] = useState<string | undefined>(() =>
    needsResources ? undefined : (matchRoute(pathname, { resources: [] }).error ?? `Page not found: ${pathname}`),
  );

  useEffect(() => {
    if (!needsResources) {
      setMessage(matchRoute(pathname, { resources: [] }).error ?? `Page not found: ${pathname}`);
      return;
    }
    let live = true;
    setMessage(undefined);
    importWithReload(routeChunks.notFound)
      .then(({ checkRoute }) => live && setMessage(checkRoute(pathname).error ?? `Page not found: ${pathname}`))
      .catch(() => live && setMessage(`Page not found: ${pathname}`));
    return () => {
      live = false;
    };
  }, [pathname, needsResources]);

  return message === undefined ? null : <NotFoundPage message={message} />;
}
