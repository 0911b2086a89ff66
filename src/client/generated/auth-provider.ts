import { HttpError, type AuthProvider } from 'react-admin';
import type { Locale } from '../../core/locales';
import { AREA_FIRST_READ } from '../../core/primed-answers';
import { forgetWhoIsSignedIn } from '../home/me';
import type { Verb } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { API_URL, createHttpClient } from './data-provider';
import { isFault } from './faults';

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
  loginPath: (requested: string | undefined) => string;
  toApi?: (resource: string) => string;
}

/** How long one `/me` answer serves the checks of a navigation (react-admin asks on every page). */
const ME_TTL_MS = 5000;

export function createAuthProvider(options: AuthProviderOptions): AuthProvider & {
  me(): Promise<Me | undefined>;
  /** Forgets the account read last (its second factor changed): the next check asks the server. */
  forget(): void;
} {
  const http = createHttpClient(() => options.locale);
  const toApi = options.toApi ?? ((name: string) => name);
  let cached: { at: number; me: Promise<Me | undefined> } | undefined;
  /** Completed sign-ins: checks and logouts begun before one must not act on the session it made. */
  let signIns = 0;

  const me = (): Promise<Me | undefined> => {
    if (cached && Date.now() - cached.at < ME_TTL_MS) return cached.me;
    const request = http(`${API_URL}/${AREA_FIRST_READ}`)
      .then(({ json }) => json as Me)
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 401) return undefined;
        cached = undefined;
        throw error;
      });
    cached = { at: Date.now(), me: request };
    return request;
  };

  const requested = (): string | undefined => {
    if (typeof window === 'undefined') return undefined;
    const { pathname, search } = window.location;
    // Checks still in flight when an earlier one moved to the sign-in screen must not wrap that screen in
    // another redirect (a loop of ever longer `?redirect=` URLs): they keep the page first asked for.
    if (pathname === new URL(options.loginPath(undefined), window.location.href).pathname)
      return new URLSearchParams(search).get('redirect') ?? undefined;
    return `${pathname}${search}`;
  };

  return {
    me,
    forget: () => {
      cached = undefined;
    },
    /**
     * The password (`{email, password}`), or the second step of a sign-in that answered `{twoFactor: true}`
     * (`{code}` or `{recoveryCode}`, SPEC §12). Answers the server's body: `{twoFactor: true}` means the second
     * step is still to come, and no session is open yet.
     */
    login: async (params: {
      email?: string;
      username?: string;
      password?: string;
      code?: string;
      recoveryCode?: string;
    }) => {
      cached = undefined;
      const secondStep = params.code !== undefined || params.recoveryCode !== undefined;
      const { json } = await http(`${API_URL}/auth/${secondStep ? 'two-factor/verify' : 'login'}`, {
        method: 'POST',
        body: JSON.stringify(
          secondStep
            ? params.code !== undefined
              ? { code: params.code }
              : { recoveryCode: params.recoveryCode }
            : { email: params.email ?? params.username, password: params.password },
        ),
      });
      cached = undefined;
      // The public pages' header and booking form ask again who is signed in.
      forgetWhoIsSignedIn();
      if ((json as { twoFactor?: boolean } | undefined)?.twoFactor) return json;
      signIns += 1;
      return json;
    },
    logout: async () => {
      const seen = signIns;
      const wasSignedIn = Boolean(await me().catch(() => undefined));
      // A sign-in finished meanwhile: this logout belonged to the signed-out checks before it, not to the new session.
      if (signIns !== seen) return false;
      cached = undefined;
      if (wasSignedIn) await http(`${API_URL}/auth/logout`, { method: 'POST', body: '{}' }).catch(() => undefined);
      cached = { at: Date.now(), me: Promise.resolve(undefined) };
      return options.loginPath(requested());
    },
    checkAuth: async () => {
      const seen = signIns;
      // The server cannot say who is signed in while its database is away: the session stands (every API call
      // still checks it), so an outage does not send everyone to the sign-in screen.
      const current = await me().catch((error: unknown) => {
        if (isFault(error)) return true;
        throw error;
      });
      if (current) return;
      // An answer from before a sign-in that finished meanwhile says nothing about the new session.
      if (signIns !== seen && (await me())) return;
      throw { redirectTo: options.loginPath(requested()), message: false };
    },
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) {
        // A 401 may answer a request sent before the latest sign-in: the session itself decides.
        cached = undefined;
        if (await me().catch(() => undefined)) return;
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
      // Signed out is not "denied": the sign-in redirect of the auth check decides. Answering false here made a
      // screen that mounted signed out race that redirect to react-admin's access-denied page, which then became
      // the page to come back to after signing in.
      if (!current) return true;
      const verb = VERB_OF[action];
      if (!verb) return true;
      return (current.permissions[toApi(resource)] ?? []).includes(verb);
    },
  };
}
