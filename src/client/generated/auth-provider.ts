import { HttpError, type AuthProvider } from 'react-admin';
import type { Locale } from '../../core/locales';
import type { Verb } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { API_URL, createHttpClient } from './data-provider';

/** The `GET /api/auth/me` body (SPEC §6). */
export interface Me {
  id: number;
  email: string;
  fullName: string;
  kind: 'admin' | 'partner' | 'user';
  role: string;
  /** API resource name → verbs the account may use. */
  permissions: Record<string, Verb[]>;
  /** Resources whose aggregates (`/api/stats/{name}/…`) the account may read. */
  stats?: string[];
  status?: string;
  [key: string]: unknown;
}

export function principalOf(me: Me | undefined): Principal {
  if (!me) return { kind: 'public' };
  if (me.kind === 'admin') return { kind: 'admin', id: me.id, role: me.role as never };
  return { kind: me.kind, id: me.id };
}

/** react-admin's action names to the config's verbs. */
const VERB_OF: Record<string, Verb> = {
  list: 'list',
  export: 'list',
  show: 'show',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

export interface AuthProviderOptions {
  locale: Locale;
  /** Where a signed-out visit goes: the absolute path of the login screen, given the page asked for. */
  loginPath: (requested: string) => string;
  toApi?: (resource: string) => string;
}

/** How long one `/me` answer serves the checks of a navigation (react-admin asks on every page). */
const ME_TTL_MS = 5000;

export function createAuthProvider(options: AuthProviderOptions): AuthProvider & {
  me(): Promise<Me | undefined>;
} {
  const http = createHttpClient(() => options.locale);
  const toApi = options.toApi ?? ((name: string) => name);
  let cached: { at: number; me: Promise<Me | undefined> } | undefined;

  const me = (): Promise<Me | undefined> => {
    if (cached && Date.now() - cached.at < ME_TTL_MS) return cached.me;
    const request = http(`${API_URL}/auth/me`)
      .then(({ json }) => json as Me)
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 401) return undefined;
        cached = undefined;
        throw error;
      });
    cached = { at: Date.now(), me: request };
    return request;
  };

  const requested = () => {
    if (typeof window === 'undefined') return '/';
    const { pathname, search } = window.location;
    // Checks still in flight when an earlier one moved to the sign-in screen must not wrap that screen in
    // another redirect (a loop of ever longer `?redirect=` URLs): they keep the page first asked for.
    if (pathname === new URL(options.loginPath('/'), window.location.href).pathname)
      return new URLSearchParams(search).get('redirect') ?? '/';
    return `${pathname}${search}`;
  };

  return {
    me,
    login: async ({ email, username, password }: { email?: string; username?: string; password: string }) => {
      cached = undefined;
      await http(`${API_URL}/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ email: email ?? username, password }),
      });
    },
    logout: async () => {
      const wasSignedIn = cached ? Boolean(await cached.me.catch(() => undefined)) : true;
      cached = undefined;
      if (wasSignedIn) await http(`${API_URL}/auth/logout`, { method: 'POST', body: '{}' }).catch(() => undefined);
      cached = { at: Date.now(), me: Promise.resolve(undefined) };
      return options.loginPath(requested());
    },
    checkAuth: async () => {
      if (await me()) return;
      throw { redirectTo: options.loginPath(requested()), message: false };
    },
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) {
        cached = undefined;
        throw { redirectTo: options.loginPath(requested()), message: 'app.auth.sessionExpired' };
      }
      // 403 keeps the session: the page says what was refused.
    },
    getIdentity: async () => {
      const current = await me();
      if (!current) throw new Error('Not signed in');
      return { ...current, id: current.id, fullName: current.fullName };
    },
    getPermissions: async () => (await me())?.permissions ?? {},
    canAccess: async ({ resource, action }) => {
      const current = await me();
      if (!current) return false;
      const verb = VERB_OF[action];
      if (!verb) return true;
      return (current.permissions[toApi(resource)] ?? []).includes(verb);
    },
  };
}
