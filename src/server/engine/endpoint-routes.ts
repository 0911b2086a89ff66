import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import type { AnyResource, Endpoint, EndpointFile } from '../../core/resource';
import { grants, type Principal } from '../../core/roles';
import { checkTransition } from '../../core/workflow';
import { validateBody } from '../../core/validation';
import { callWait, recordCall } from '../auth/call-limit';
import { limitCalls, limitMailsTo } from '../auth/mail-limits';
import { tooManyAttempts } from '../auth/password-proof';
import { inTransaction, Writer } from './data-context';
import { appText, callerLocale } from '../edge/caller-language';
import { badRequest, HttpError, notFound } from '../edge/errors';
import { contextOf } from './context';
import { requireObject } from './input';
import { loadScoped, type RouteDeps } from './resource-routes';
import { denied, readAccess, type ReadAccess } from './scope';
import { toRecord } from './registry';

/** An endpoint's declared `input`: the resource's create rules over those fields only (SPEC §4 messages). */
async function validInput(resource: AnyResource, fields: readonly string[], raw: unknown) {
  const body = requireObject(raw);
  const unknown = Object.keys(body).filter((name) => !fields.includes(name));
  if (unknown.length)
    throw badRequest(Object.fromEntries(unknown.map((n) => [n, formatEnglish({ key: 'unknownField' })])));
  const result = await validateBody(resource, 'create', body, [...fields]);
  if ('errors' in result) {
    throw badRequest(Object.fromEntries(result.errors.map((e) => [e.path || '_', formatEnglish(e.message)])));
  }
  return result.values;
}

/**
 * An endpoint's `limit`, counted in the sign-in attempts table (pruned after its 15-minute window) so it
 * holds across server processes. Only successful calls count: the row commits with the call's transaction.
 */
/** The endpoint's calls per client, and when it mails an address from its body, the mails to that address. */
async function checkLimit(trx: Kysely<any>, key: string, limit: NonNullable<Endpoint['limit']>, body: unknown) {
  await limitCalls(trx, key, { max: limit.perIp, windowSeconds: limit.windowSeconds });
  const address = limit.mailsTo ? (body as Record<string, unknown> | undefined)?.[limit.mailsTo] : undefined;
  if (typeof address === 'string') await limitMailsTo(trx, address);
}

/**
 * A record endpoint that a transition names as its `preview` (what a cancellation gives back) answers what the
 * transition would refuse for its role and the record's state, status and message alike: it never promises an
 * outcome that the action then refuses.
 */
function refuseAsPreviewed(
  resource: AnyResource,
  endpoint: string,
  record: Record<string, unknown>,
  principal: Principal,
) {
  for (const [action, transition] of Object.entries(resource.workflow?.transitions ?? {})) {
    if (transition.preview?.endpoint !== endpoint) continue;
    const check = checkTransition(resource, action, record, principal, {});
    if (!check.ok && check.status !== 400) throw new HttpError(check.status!, check.message!, check.errors);
  }
}

type EndpointRequest = FastifyRequest<{ Params: { id?: string }; Querystring: Record<string, string> }>;

/** An endpoint's `requiresEnv`: unset variables hide it (404), read on each call so a deployment may add them. */
export function endpointEnabled(endpoint: Endpoint): boolean {
  return (endpoint.requiresEnv ?? []).every((name) => Boolean(process.env[name]));
}

/** What @fastify/multipart throws for a part over its limits: more than the one file, or any other field. */
const EXTRA_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The one file of a `{ file }` endpoint: 413 past its size; 400 naming `file` when there is none, or when the form
 * holds anything besides it (a second file, a text field), so nothing sent is ignored unsaid.
 */
async function fileOf(request: FastifyRequest, maxBytes: number): Promise<EndpointFile> {
  const refuse = (problem: 'required' | 'onlyOneFile') => {
    const message = appText(request, `upload.errors.${problem}`);
    return new HttpError(400, message, { file: message });
  };
  if (!request.isMultipart()) throw refuse('required');
  let found: EndpointFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || found) throw refuse('onlyOneFile');
      const bytes = await part.toBuffer();
      if (bytes.length > maxBytes || part.file.truncated)
        throw new HttpError(413, appText(request, 'upload.errors.tooLarge'));
      found = { filename: part.filename, mimetype: part.mimetype, bytes };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (EXTRA_PARTS.has(code)) throw refuse('onlyOneFile');
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new HttpError(413, appText(request, 'upload.errors.tooLarge'));
    throw error;
  }
  if (!found) throw refuse('required');
  return found;
}

/** Custom endpoints of a config: `/api/{resource}/{id}/{name}` (record) and `/api/{resource}/-/{name}`. */
export function registerEndpointRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const { db, registry } = deps;
  for (const [name, endpoint] of Object.entries(resource.endpoints ?? {}) as [string, Endpoint][]) {
    const url = endpoint.record
      ? `/api/${resource.name}/:id/${endpoint.action ? 'actions/' : ''}${name}`
      : `/api/${resource.name}/-/${name}`;
    const shape = endpoint.body ?? 'json';
    const handler = async (request: EndpointRequest, reply: FastifyReply) => {
      if (!endpointEnabled(endpoint)) throw notFound();
      const principal = request.principal;
      if (!grants(endpoint.by, principal)) throw denied(principal);
      let body: unknown = request.body;
      if (typeof shape === 'object') body = await fileOf(request, shape.file.maxBytes);
      else if (shape === 'raw') body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      else if (endpoint.input) body = await validInput(resource, endpoint.input, request.body);
      const missKey =
        endpoint.missLimit && 'id' in principal
          ? `endpoint-miss:${resource.name}/${name}:${principal.kind}:${principal.id}`
          : undefined;
      if (missKey) {
        const wait = await callWait(db, missKey, endpoint.missLimit!);
        if (wait !== undefined) throw tooManyAttempts(wait);
      }
      const run = () =>
        inTransaction(db, async (trx) => {
          if (endpoint.limit)
            await checkLimit(trx, `endpoint:${resource.name}/${name}:${request.ip}`, endpoint.limit, body);
          const writer = new Writer(trx, registry, principal);
          let record;
          if (endpoint.record) {
            let access: ReadAccess;
            try {
              access = readAccess(resource, principal);
            } catch (error) {
              // An admin granted the endpoint but not the list still acts on any row; others see nothing.
              if (principal.kind !== 'admin') throw error;
              access = { mode: 'all' };
            }
            const row = await loadScoped(trx, registry, resource, access, request.params.id ?? '');
            record = toRecord(resource, row) as never;
            refuseAsPreviewed(resource, name, record!, principal);
          }
          const result = await endpoint.handler(
            contextOf(writer, {
              record,
              query: { ...(request.query ?? {}) },
              body,
              resource: resource.name,
              headers: request.headers,
              locale: callerLocale(request),
            }),
          );
          if (endpoint.status) reply.code(endpoint.status);
          return result ?? {};
        });
      if (endpoint.dryRun) {
        try {
          return await run();
        } catch (error) {
          // The write's own refusal is this answer's content, not its failure: asked before offering a button, a
          // 409 would be an error on every page where the button is rightly absent.
          if (error instanceof HttpError && error.status === 409) return { refusal: error.message };
          throw error;
        }
      }
      if (!missKey) return run();
      try {
        return await run();
      } catch (error) {
        // Outside the refused call's transaction, which is rolled back: the miss counts all the same.
        if (error instanceof HttpError && error.status === endpoint.missLimit!.status) await recordCall(db, missKey);
        throw error;
      }
    };
    if (typeof shape === 'object') {
      const maxBytes = shape.file.maxBytes;
      // One byte over the limit is read, so the length alone tells an oversized file.
      app.register(async (scope) => {
        await scope.register(multipart, {
          limits: { fileSize: maxBytes + 1, files: 1, fields: 0, parts: 2 },
          throwFileSizeLimit: true,
        });
        scope.post(url, { bodyLimit: maxBytes + 64 * 1024 }, handler);
      });
    } else if (shape === 'raw') {
      // The exact bytes, whatever the declared type: a signature is checked over them, not over a re-serialisation.
      app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, raw, done) => done(null, raw));
        scope.post(url, handler);
      });
    } else if (endpoint.method === 'GET') app.get(url, handler);
    else app.post(url, handler);
  }
}
