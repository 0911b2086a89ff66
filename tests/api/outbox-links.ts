/** What the account suites read of the outbox and of a sign-in's answer: mailed links, their count, the session. */
import type { TestServer } from './harness';

/** The suites' `PUBLIC_URL`: mailed links start with it. */
export const PUBLIC_URL = 'https://lantern.example';

/** The newest link of this kind queued for the address: its path below PUBLIC_URL and its token. */
export async function linkOf(server: TestServer, email: string, template: string) {
  const row = await server.db
    .selectFrom('outbox')
    .select('params')
    .where('recipient', '=', email)
    .where('template', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  const path = String(row.params.link);
  return { path, token: new URL(path, PUBLIC_URL).searchParams.get('token')! };
}

/** The mails queued for the address (of one template, when named). */
export async function outboxCount(server: TestServer, email: string, template?: string): Promise<number> {
  let query = server.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient', '=', email);
  if (template) query = query.where('template', '=', template);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The session cookie an answer set (`name=value`), if any. */
export const sessionOf = (response: { headers: Headers }) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('lantern_session='))
    ?.split(';')[0];
