import type { AuthProvider } from 'react-admin';

/** An auth provider of one account that is always signed in: what a generated screen asks of it in a unit test. */
export function signedInAs(me: { permissions: unknown }): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => me as never,
    getPermissions: async () => me.permissions,
  };
}
