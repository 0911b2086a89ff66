import { listLimits } from '../../core/list-limits';
import { statusField, type AnyResource, type EndpointForm } from '../../core/resource';
import { searchFields } from '../../core/search';
import { writableFields } from '../../core/validation';
import { fieldSchema, recordResponseSchema } from '../engine/field-schemas';
import { accountPaths } from './openapi-accounts';
import { octoPaths } from '../octo/openapi';
import { withOperationIds } from './openapi-operation-ids';
import { ERRORS, errorResponse, json, ref, type Schema } from './openapi-responses';
import { MAX_REORDER_IDS, MAX_UPLOAD_BYTES } from '../engine/body-limits';
import { statsPaths } from '../stats/openapi';
import { TWO_FACTOR_PATHS } from '../auth/two-factor/openapi';

/** A route that exists for every resource but that this one refuses to everyone (403). */
const refused = (tags: string[], summary: string) => ({
  tags,
  summary,
  responses: { '401': ERRORS['401'], '403': ERRORS['403'] },
});

const pascal = (name: string) => name.replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase());

function inputSchema(resource: AnyResource, mode: 'create' | 'update'): Schema {
  const names = writableFields(resource, mode);
  const properties = Object.fromEntries(names.map((n) => [n, fieldSchema(resource, n, resource.fields[n])]));
  const required = mode === 'create' ? names.filter((n) => resource.fields[n].required) : [];
  if (mode === 'update' && resource.account && names.some((n) => resource.fields[n].kind === 'password'))
    properties.currentPassword = {
      type: 'string',
      writeOnly: true,
      description: 'With a new password of the signed-in account itself: the one it has now',
    };
  return { type: 'object', properties, ...(required.length && { required }) };
}

function resourcePaths(resource: AnyResource): Record<string, Schema> {
  const name = pascal(resource.name);
  const tag = [resource.name];
  const idParam = {
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: resource.lookupField ? 'string' : 'integer' },
  };
  const paths: Record<string, Schema> = {};
  const writable = !resource.serverOnly;
  const ownPassword = resource.account && Object.values(resource.fields).some((f) => f.kind === 'password');
  const update = (summary: string) => ({
    tags: tag,
    summary,
    ...(ownPassword && {
      description:
        'An account setting a new password of its own also sends `currentPassword` (checked like a sign-in: 400 when ' +
        'wrong, 429 past the sign-in limit); an administrator resetting another account’s does not.',
    }),
    requestBody: { content: { 'application/json': { schema: ref(`${name}Update`) } } },
    responses: {
      '200': json(ref(name)),
      ...ERRORS,
      '409': errorResponse('Stale version, not editable now, or busy (locked by another change: try again)'),
      ...(ownPassword && { '429': errorResponse('Too many wrong current passwords (Retry-After)') }),
    },
  });
  const limits = listLimits(resource);
  const sortParam = {
    name: 'sort',
    in: 'query',
    schema: { type: 'string' },
    example: `["${resource.list.sort[0]}","${resource.list.sort[1]}"]`,
  };
  const rangeParam = {
    name: 'range',
    in: 'query',
    content: {
      'application/json': {
        schema: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
        // Beside `content`, OpenAPI 3.1 allows an example only in the media type (beside `schema` it needs `schema`).
        example: [0, 24],
      },
    },
    description: `Inclusive first and last row; at most ${limits.maxPage} rows per request (a larger range answers 400). Without it, the first ${limits.maxPage} rows.`,
  };
  const filterParam = {
    name: 'filter',
    in: 'query',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            q: {
              type: 'string',
              maxLength: limits.maxSearch,
              description: `Searches ${searchFields(resource).join(', ') || 'nothing'}; a longer text answers 400`,
            },
          },
          additionalProperties: true,
        },
      },
    },
    description: 'JSON: field equality, arrays (any of), `q` (search), `{field}_gte`/`_lte`, `id: [..]`',
  };
  paths[`/api/${resource.name}`] = {
    get: {
      tags: tag,
      summary: `List ${resource.name}`,
      parameters: [sortParam, rangeParam, filterParam],
      responses: {
        '200': {
          ...json({ type: 'array', items: ref(name) }),
          headers: { 'Content-Range': { schema: { type: 'string' }, description: `${resource.name} 0-24/{total}` } },
        },
        ...ERRORS,
      },
    },
    post: writable
      ? {
          tags: tag,
          summary: `Create a ${resource.name} record`,
          requestBody: { content: { 'application/json': { schema: ref(`${name}Create`) } } },
          responses: { '201': json(ref(name), 'Created'), ...ERRORS, '413': errorResponse('Body over 1 MB') },
        }
      : refused(tag, `Create: refused, ${resource.name} is written by the server only`),
  };
  paths[`/api/${resource.name}/-/counts`] = {
    get: {
      tags: tag,
      summary: 'Rows per value of a field (status tabs, badges), under the other filters',
      parameters: [
        { name: 'field', in: 'query', required: true, schema: { type: 'string' }, example: statusField(resource) },
        filterParam,
      ],
      responses: {
        '200': json({
          type: 'object',
          properties: {
            field: { type: 'string' },
            limit: { type: 'integer', description: 'Counts past it are estimates' },
            counts: { type: 'object', additionalProperties: { type: 'integer' } },
          },
        }),
        ...ERRORS,
      },
    },
  };
  paths[`/api/${resource.name}/-/export.csv`] = {
    get: {
      tags: tag,
      summary: `Every row of the filtered list as CSV (UTF-8 with BOM), streamed; text a spreadsheet would run as a formula starts with '`,
      parameters: [
        sortParam,
        filterParam,
        {
          name: 'fields',
          in: 'query',
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' }, minItems: 1 } } },
          description: 'The columns, in order (default: every readable field)',
        },
      ],
      responses: { '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...ERRORS },
    },
  };
  if (resource.list.totals?.length)
    paths[`/api/${resource.name}/-/totals`] = {
      get: {
        tags: tag,
        summary: `Sums of ${resource.list.totals.join(', ')} over the whole filtered set, one row per currency`,
        parameters: [filterParam],
        responses: {
          '200': json({ type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } }),
          ...ERRORS,
        },
      },
    };
  paths[`/api/${resource.name}/{id}`] = {
    parameters: [idParam],
    get: { tags: tag, summary: `Read a ${resource.name} record`, responses: { '200': json(ref(name)), ...ERRORS } },
    ...(writable && !resource.appendOnly
      ? {
          put: update(`Update a ${resource.name} record (all fields it sends)`),
          patch: update(`Update some fields of a ${resource.name} record (the same rules as PUT)`),
          delete: {
            tags: tag,
            summary: `Delete a ${resource.name} record`,
            responses: {
              '200': json(ref(name), 'The deleted record'),
              ...ERRORS,
              '409': errorResponse('Still referenced'),
            },
          },
        }
      : Object.fromEntries(
          ['put', 'patch', 'delete'].map((method) => [
            method,
            refused(
              tag,
              `${method.toUpperCase()}: refused, ${resource.name} records are never changed through the API`,
            ),
          ]),
        )),
  };
  if (resource.workflow) {
    paths[`/api/${resource.name}/{id}/actions`] = {
      parameters: [idParam],
      get: {
        tags: tag,
        summary: 'Transitions the caller may run on this record now',
        responses: {
          '200': json({
            type: 'object',
            properties: {
              actions: { type: 'array', items: { type: 'string' } },
              signatures: {
                description:
                  'For open transitions that need several admins on this record (SPEC §8): who signed and whether the caller has',
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  properties: {
                    required: { type: 'integer' },
                    signed: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          adminId: { type: 'integer' },
                          at: { type: 'string', format: 'date-time' },
                          name: { type: 'string' },
                        },
                      },
                    },
                    mine: { type: 'boolean' },
                  },
                },
              },
            },
          }),
          ...ERRORS,
        },
      },
    };
    for (const [action, transition] of Object.entries(resource.workflow.transitions)) {
      const inputs = [...(transition.requires ?? []), ...(transition.accepts ?? [])];
      paths[`/api/${resource.name}/{id}/actions/${action}`] = {
        parameters: [idParam],
        post: {
          tags: tag,
          summary: `${action}: ${[transition.from].flat().join(' | ')} → ${transition.to ?? 'unchanged'} (${transition.by.join(', ')})`,
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(inputs.map((i) => [i, { type: 'string' }])),
                  ...(transition.requires?.length && { required: [...transition.requires] }),
                },
              },
            },
          },
          responses: {
            '200': json(ref(name)),
            ...ERRORS,
            '409': errorResponse('Not allowed from the current status, or busy (try again)'),
          },
        },
      };
    }
  }
  if (resource.list.reorder && writable)
    paths[`/api/${resource.name}/-/order`] = {
      put: {
        tags: tag,
        summary: `Save a hand-made order: the rows listed take their places in \`${resource.list.reorder}\` in one transaction`,
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['ids'],
                properties: {
                  ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: MAX_REORDER_IDS },
                },
              },
            },
          },
        },
        responses: { '200': json({ type: 'array', items: ref(name) }, 'The rows in their new order'), ...ERRORS },
      },
    };
  for (const [endpoint, config] of Object.entries(resource.endpoints ?? {})) {
    const path = config.record
      ? `/api/${resource.name}/{id}/${config.action ? 'actions/' : ''}${endpoint}`
      : `/api/${resource.name}/-/${endpoint}`;
    const body = config.body ?? 'json';
    // A form's preview takes the same body as the form's endpoint.
    const form =
      config.form ??
      Object.values(resource.endpoints ?? {}).find((other) => other.form?.preview?.endpoint === endpoint)?.form;
    const requestBody =
      typeof body === 'object'
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary', maxLength: body.file.maxBytes } },
                },
              },
            },
          }
        : body === 'raw'
          ? { required: true, content: { 'application/json': { schema: { type: 'object' } } } }
          : form
            ? { required: true, content: { 'application/json': { schema: formSchema(form) } } }
            : undefined;
    paths[path] = {
      ...(config.record && { parameters: [idParam] }),
      [config.method.toLowerCase()]: {
        tags: tag,
        summary: `${endpoint} (${config.by.join(', ')})`,
        ...(config.requiresEnv?.length && {
          description: `Served only while ${config.requiresEnv.join(' and ')} are set (404 otherwise).`,
        }),
        ...(requestBody && { requestBody }),
        responses: {
          [String(config.status ?? 200)]: json({ type: 'object' }),
          ...ERRORS,
          ...(config.limit && {
            '429': errorResponse(
              `Over ${config.limit.perIp} calls per client in ${config.limit.windowSeconds} s (Retry-After)`,
            ),
          }),
        },
      },
    };
  }
  return paths;
}

/** The JSON body an endpoint's `form` sends. */
function formSchema(form: EndpointForm): Schema {
  const properties = Object.fromEntries(
    Object.entries(form.inputs).map(([name, input]): [string, Schema] => {
      switch (input.kind) {
        case 'ref':
          return [name, { type: 'integer', description: `An id of ${input.resource}` }];
        case 'date':
          return [name, { type: 'string', format: 'date' }];
        case 'weekdays':
          return [
            name,
            {
              type: 'array',
              minItems: 1,
              items: { type: 'integer', minimum: 1, maximum: 7 },
              description: 'ISO, Monday = 1',
            },
          ];
        case 'times':
          return [
            name,
            { type: 'array', minItems: 1, items: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } },
          ];
        case 'integer':
          return [name, { type: 'integer', minimum: input.min, maximum: input.max, default: input.default }];
      }
    }),
  );
  const required = Object.entries(form.inputs)
    .filter(([, input]) => input.required)
    .map(([name]) => name);
  return { type: 'object', required, properties, additionalProperties: false };
}

/** The OpenAPI 3.1 document of the API, derived from the resource configs. */
export function openApiDocument(resources: readonly AnyResource[], version: string): Schema {
  const schemas: Record<string, Schema> = {
    Error: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'A message per field' },
      },
    },
  };
  let paths: Record<string, Schema> = {
    '/api/health': {
      get: {
        tags: ['system'],
        summary:
          'Readiness: 200 while the database answers within a second, 503 while starting, draining or without it',
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['status', 'db', 'version', 'buildId'],
              properties: {
                status: { const: 'ok' },
                db: { enum: ['pglite', 'postgres'] },
                version: { type: 'string' },
                buildId: { type: 'string' },
                migration: { type: ['string', 'null'] },
              },
            },
            'Ready',
          ),
          '503': json(
            {
              type: 'object',
              required: ['status', 'message'],
              properties: {
                status: { enum: ['starting', 'draining', 'unavailable'] },
                message: { type: 'string' },
              },
            },
            'Not ready (see Retry-After)',
          ),
        },
      },
    },
    '/api/health/live': {
      get: {
        tags: ['system'],
        summary: 'Liveness: 200 while the process runs, whatever its database does',
        responses: { '200': json({ type: 'object', properties: { status: { const: 'ok' } } }, 'Running') },
      },
    },
    '/api/system/mail': {
      get: {
        tags: ['system'],
        summary: 'Mail (super_admin): whether SMTP_URL is set and through which server, mails waiting and failed',
        responses: {
          '200': json({
            type: 'object',
            properties: {
              enabled: { type: 'boolean' },
              server: { type: ['string', 'null'], description: 'protocol, host and port; never credentials' },
              pending: { type: 'integer' },
              failed: { type: 'integer' },
            },
          }),
          '401': errorResponse('Not signed in'),
          '403': errorResponse('Not a super_admin'),
        },
      },
    },
    '/api/events': {
      get: {
        tags: ['system'],
        summary: 'Live screens: a Server-Sent Events stream of the changes the session may read',
        description:
          'Every committed change to a record the session may read, from any instance, as `event: change` with ' +
          '`data: {"resource","id","action","version"}` (`action`: create, update, delete or the transition); a ' +
          "new row of a resource declaring `live.createEvent` (the account's notifications) as `event: " +
          'notification` with the same data. A partner or customer hears only of its own rows. `: ping` comments ' +
          'at least every 25 s; the stream ends when the session ends or the account is disabled, and with a ' +
          '`retry:` hint when the server drains.',
        responses: {
          '200': {
            description: 'The stream',
            content: {
              'text/event-stream': {
                schema: {
                  type: 'object',
                  required: ['resource', 'id', 'action', 'version'],
                  properties: {
                    resource: { type: 'string' },
                    id: { type: 'integer' },
                    action: { type: 'string' },
                    version: { type: 'integer' },
                  },
                },
              },
            },
          },
          '401': errorResponse('Signed out'),
          '429': errorResponse('Too many streams for this session (see Retry-After)'),
        },
      },
    },
    '/api/auth/login': {
      post: {
        tags: ['auth'],
        summary: 'Sign in; sets an httpOnly session cookie',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'password'],
                properties: { email: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        description:
          'With two-step sign-in on, the right password answers `{"twoFactor": true}` and no session: ' +
          '`POST /api/auth/two-factor/verify` completes the sign-in.',
        responses: {
          '200': json({ type: 'object', description: 'The `auth/me` body, or `{twoFactor: true}`' }),
          '400': errorResponse('Missing fields'),
          '401': errorResponse('Wrong credentials'),
          '403': errorResponse(
            'The account may not sign in now, or its email is not confirmed (`Please confirm your email address first`: a new link is mailed)',
          ),
          '429': errorResponse('Too many attempts'),
        },
      },
    },
    '/api/openapi.json': {
      get: { tags: ['system'], summary: 'This document', responses: { '200': json({ type: 'object' }) } },
    },
    '/api/uploads': {
      post: {
        tags: ['system'],
        summary: `Store an image (multipart, one \`file\`, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB): accounts that may write a resource with images`,
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
            },
          },
        },
        responses: {
          '200': json({
            type: 'object',
            properties: { url: { type: 'string' }, size: { type: 'integer' }, type: { type: 'string' } },
          }),
          ...ERRORS,
          '413': errorResponse('File too large'),
          '415': errorResponse('Not multipart, or not an image'),
        },
      },
    },
    '/uploads/{name}': {
      get: {
        tags: ['system'],
        summary: 'An uploaded image (the `url` of an upload)',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The image' }, '404': errorResponse('Unknown') },
      },
    },
    '/builds/latest.json': {
      get: {
        tags: ['system'],
        summary: 'The running build: `{id, timestamp}` (the client offers a reload when it changes)',
        parameters: [{ name: 't', in: 'query', schema: { type: 'integer' }, description: 'Cache buster' }],
        responses: { '200': json({ type: 'object' }), '404': errorResponse('Not built') },
      },
    },
    '/builds/meta/{file}': {
      get: {
        tags: ['system'],
        summary: 'A build’s metadata (`{buildId}.json`)',
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': json({ type: 'object' }), '404': errorResponse('Unknown build') },
      },
    },
    '/robots.txt': {
      get: {
        tags: ['system'],
        summary: 'For crawlers: the API and the signed-in areas are not to be crawled; names the sitemap',
        responses: { '200': { description: 'robots.txt', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
    '/sitemap.xml': {
      get: {
        tags: ['system'],
        summary:
          'Every public service page in every language (with its language versions) and the homes, with `lastmod`; ' +
          'past 50,000 addresses, an index of `/sitemaps/{n}.xml`',
        responses: { '200': { description: 'A sitemap or a sitemap index', content: { 'application/xml': {} } } },
      },
    },
    '/sitemaps/{file}': {
      get: {
        tags: ['system'],
        summary: 'One file of a sitemap index (`{n}.xml`)',
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'A sitemap', content: { 'application/xml': {} } },
          '404': errorResponse('No such file'),
        },
      },
    },
    ...accountPaths,
    '/api/auth/logout': {
      post: { tags: ['auth'], summary: 'Sign out', responses: { '204': { description: 'Signed out' } } },
    },
    '/api/auth/me': {
      get: {
        tags: ['auth'],
        summary: 'The signed-in account',
        description:
          '`twoFactor: {enabled, setupRequired}` where the account may have a second factor; with `setupRequired`, ' +
          'every other call except logout and the two-factor routes answers 403 `Set up two-step sign-in to continue`.',
        responses: { '200': json({ type: 'object' }), '401': errorResponse('Signed out') },
      },
    },
    ...TWO_FACTOR_PATHS,
    ...octoPaths(resources),
  };
  for (const resource of resources) {
    const name = pascal(resource.name);
    schemas[name] = recordResponseSchema(resource);
    if (!resource.serverOnly) {
      schemas[`${name}Create`] = inputSchema(resource, 'create');
      schemas[`${name}Update`] = inputSchema(resource, 'update');
    }
    paths = { ...paths, ...resourcePaths(resource), ...statsPaths(resource) };
  }
  // One tag per resource, described with its workflow, so the reference groups paths by resource.
  const tags = resources.map((resource) => ({
    name: resource.name,
    description: resource.workflow
      ? `States: ${resource.workflow.states.join(', ')} (initial ${resource.workflow.initial}). Transitions: ${Object.entries(
          resource.workflow.transitions,
        )
          .map(
            ([action, t]) => `${action} (${[t.from].flat().join(' | ')} → ${t.to ?? 'unchanged'}; ${t.by.join(', ')})`,
          )
          .join('; ')}.`
      : `Records of ${resource.name}.`,
  }));
  return {
    openapi: '3.1.0',
    tags: [
      { name: 'auth' },
      { name: 'system' },
      { name: 'octo', description: 'The OCTO supplier API for resellers (docs/octo.md)' },
      ...tags,
    ],
    info: { title: 'Lantern API', version, description: 'Generated from the resource configs.' },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'lantern_session' },
        // The OCTO supplier API (SPEC §19): a reseller's key.
        octo: { type: 'http', scheme: 'bearer' },
      },
    },
    security: [{ session: [] }, {}],
    paths: withOperationIds(paths, resources),
  };
}
