import { Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
import { isLocale } from '../../core/locales';
import type { Area } from '../../core/routes';
import { HomePage } from '../home/HomePage';
import { useLocale } from '../i18n/context';
import { importWithReload, lazyWithReload } from './chunk-reload';
import { AreaErrorBoundary } from './ErrorBoundary';
import { Loading } from './Loading';
import { routeChunks } from './loaders';
import { NotFoundRoute } from './NotFoundRoute';
import { Shell } from './Shell';
import { TransitionRouter } from './TransitionRouter';

const AreaGate = lazyWithReload(routeChunks.areaGate);
const LoginPage = lazyWithReload(routeChunks.login);
const RegisterPage = lazyWithReload(routeChunks.register);
const SignupPage = lazyWithReload(routeChunks.signup);
const VerifyEmailPage = lazyWithReload(routeChunks.verifyEmail);
const PasswordResetPage = lazyWithReload(routeChunks.passwordReset);
const ItemPage = lazyWithReload(routeChunks.item);

function Lazy({ area, component: Component }: { area: string; component: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <AreaErrorBoundary area={area} resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </AreaErrorBoundary>
  );
}

/** `/{locale}/admin/*`, `/{locale}/partner/*`, `/{locale}/account/*`: the area's app, mounted with basename `/{locale}/{area}`. */
function AreaRoute({ area }: { area: Area }) {
  const locale = useLocale();
  const { pathname } = useLocation();
  // Fetch the app in parallel with the gate that checks the path against the resource routes.
  useEffect(() => {
    void importWithReload(routeChunks[area]).catch(() => {});
  }, [area]);
  return (
    <AreaErrorBoundary area={area} resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <AreaGate area={area} locale={locale} />
      </Suspense>
    </AreaErrorBoundary>
  );
}

function LocaleGuard() {
  const { locale } = useParams();
  return isLocale(locale) ? <Outlet /> : <NotFoundRoute />;
}

function Home() {
  return (
    <AreaErrorBoundary area="home">
      <HomePage />
    </AreaErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Home /> },
      {
        path: '/:locale',
        element: <LocaleGuard />,
        children: [
          { index: true, element: <Home /> },
          { path: 'login', element: <Lazy area="login" component={LoginPage} /> },
          { path: 'signup', element: <Lazy area="login" component={SignupPage} /> },
          { path: 'verify-email', element: <Lazy area="login" component={VerifyEmailPage} /> },
          { path: 'password-reset', element: <Lazy area="login" component={PasswordResetPage} /> },
          { path: 'item/:id', element: <Lazy area="home" component={ItemPage} /> },
          { path: 'partner/register', element: <Lazy area="register" component={RegisterPage} /> },
          { path: 'admin/*', element: <AreaRoute area="admin" /> },
          { path: 'partner/*', element: <AreaRoute area="partner" /> },
          { path: 'account/*', element: <AreaRoute area="account" /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * One router for the whole app. Declarative (not the data router): no loaders are needed, and the
 * home page's budget cannot afford the data router's code. The admin and partner apps run inside it.
 */
export function AppRouter() {
  return (
    <TransitionRouter>
      <AppRoutes />
    </TransitionRouter>
  );
}
