import type { Field } from '../core/fields';
import { LOCALES } from '../core/locales';
import { statusField, type AnyResource } from '../core/resource';
import { writableFields } from '../core/validation';
import { ERRORS, errorResponse, json, ref, type Schema } from './openapi-responses';
import { MAX_REORDER_IDS } from './rest/reorder-routes';
import { statsPaths } from './stats/openapi';

const pascal = (name: string) => name.replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase());

function fieldSchema(resource: AnyResource, name: string, field: Field): Schema {
  const base: Schema = {};
  if (field.readOnly || name === statusField(resource)) base.readOnly = true;
  if (field.writeOnly || field.kind === 'password') base.writeOnly = true;
  const text = (): Schema => ({
    type: 'string',
    ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
    ...(field.minLength !== undefined && { minLength: field.minLength }),
    ...(field.pattern && { pattern: field.pattern.source }),
  });
  const nullable = (schema: Schema): Schema =>
    field.required || !schema.type ? schema : { ...schema, type: [schema.type as string, 'null'] };
  const number = (type: 'integer' | 'number'): Schema => ({
    type,
    ...(field.min !== undefined && { minimum: field.min }),
    ...(field.max !== undefined && { maximum: field.max }),
  });
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'phone':
    case 'password':
      return { ...base, ...nullable(text()) };
    case 'email':
      return { ...base, ...nullable({ ...text(), format: 'email' }) };
    case 'integer':
      return { ...base, ...nullable(number('integer')) };
    case 'money':
      return {
        ...base,
        ...nullable(number('integer')),
        description: `Minor units; currency in \`${field.currencyField}\``,
      };
    case 'percent':
      return { ...base, ...nullable(number('number')) };
    case 'boolean':
      return { ...base, ...nullable({ type: 'boolean' }) };
    case 'date':
      return { ...base, ...nullable({ type: 'string', format: 'date' }) };
    case 'datetime':
      return { ...base, ...nullable({ type: 'string', format: 'date-time' }) };
    case 'enum':
      return field.multiple
        ? { ...base, type: 'array', items: { type: 'string', enum: [...field.values] } }
        : { ...base, ...nullable({ type: 'string' }), enum: [...field.values, ...(field.required ? [] : [null])] };
    case 'status':
      return { ...base, type: 'string', enum: [...(resource.workflow?.states ?? [])] };
    case 'ref':
      return { ...base, ...nullable({ type: 'integer' }), description: `Id of a \`${field.reference}\` record` };
    case 'localized':
      return {
        ...base,
        type: ['object', 'null'],
        properties: Object.fromEntries(LOCALES.map((l) => [l, { type: ['string', 'null'] }])),
        additionalProperties: false,
      };
    case 'images':
      return { ...base, type: 'array', items: { type: 'string' } };
    case 'json':
      return { ...base };
  }
}

function recordSchema(resource: AnyResource): Schema {
  const properties: Record<string, Schema> = {
    id: { type: 'integer', readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    version: { type: 'integer', description: 'Optimistic lock: send it back on update; a stale one answers 409' },
  };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.hidden) continue;
    properties[name] = fieldSchema(resource, name, field);
  }
  return { type: 'object', properties };
}

function inputSchema(resource: AnyResource, mode: 'create' | 'update'): Schema {
  const names = writableFields(resource, mode);
  const properties = Object.fromEntries(names.map((n) => [n, fieldSchema(resource, n, resource.fields[n])]));
  const required = mode === 'create' ? names.filter((n) => resource.fields[n].required) : [];
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
  paths[`/api/${resource.name}`] = {
    get: {
      tags: tag,
      summary: `List ${resource.name}`,
      parameters: [
        {
          name: 'sort',
          in: 'query',
          schema: { type: 'string' },
          example: `["${resource.list.sort[0]}","${resource.list.sort[1]}"]`,
        },
        { name: 'range', in: 'query', schema: { type: 'string' }, example: '[0,24]' },
        {
          name: 'filter',
          in: 'query',
          schema: { type: 'string' },
          description: 'JSON: field equality, arrays (any of), `q` (search), `{field}_gte`/`_lte`, `id: [..]`',
        },
      ],
      responses: {
        '200': {
          ...json({ type: 'array', items: ref(name) }),
          headers: { 'Content-Range': { schema: { type: 'string' }, description: `${resource.name} 0-24/{total}` } },
        },
        ...ERRORS,
      },
    },
    ...(writable && {
      post: {
        tags: tag,
        summary: `Create a ${resource.name} record`,
        requestBody: { content: { 'application/json': { schema: ref(`${name}Create`) } } },
        responses: { '201': json(ref(name), 'Created'), ...ERRORS, '413': errorResponse('Body over 1 MB') },
      },
    }),
  };
  paths[`/api/${resource.name}/{id}`] = {
    parameters: [idParam],
    get: { tags: tag, summary: `Read a ${resource.name} record`, responses: { '200': json(ref(name)), ...ERRORS } },
    ...(writable &&
      !resource.appendOnly && {
        put: {
          tags: tag,
          summary: `Update a ${resource.name} record`,
          requestBody: { content: { 'application/json': { schema: ref(`${name}Update`) } } },
          responses: { '200': json(ref(name)), ...ERRORS, '409': errorResponse('Stale version or not editable now') },
        },
        delete: {
          tags: tag,
          summary: `Delete a ${resource.name} record`,
          responses: {
            '200': json(ref(name), 'The deleted record'),
            ...ERRORS,
            '409': errorResponse('Still referenced'),
          },
        },
      }),
  };
  if (resource.workflow) {
    paths[`/api/${resource.name}/{id}/actions`] = {
      parameters: [idParam],
      get: {
        tags: tag,
        summary: 'Transitions the caller may run on this record now',
        responses: {
          '200': json({ type: 'object', properties: { actions: { type: 'array', items: { type: 'string' } } } }),
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
          summary: `${action}: ${[transition.from].flat().join(' | ')} → ${transition.to} (${transition.by.join(', ')})`,
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
          responses: { '200': json(ref(name)), ...ERRORS, '409': errorResponse('Not allowed from the current status') },
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
    const path = config.record ? `/api/${resource.name}/{id}/${endpoint}` : `/api/${resource.name}/-/${endpoint}`;
    paths[path] = {
      ...(config.record && { parameters: [idParam] }),
      [config.method.toLowerCase()]: {
        tags: tag,
        summary: `${endpoint} (${config.by.join(', ')})`,
        responses: { '200': json({ type: 'object' }), ...ERRORS },
      },
    };
  }
  return paths;
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
        summary: 'Health, engine, version, build and migration level',
        responses: { '200': json({ type: 'object' }) },
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
        responses: {
          '200': json({ type: 'object' }),
          '400': errorResponse('Missing fields'),
          '401': errorResponse('Wrong credentials'),
          '429': errorResponse('Too many attempts'),
        },
      },
    },
    '/api/auth/logout': {
      post: { tags: ['auth'], summary: 'Sign out', responses: { '204': { description: 'Signed out' } } },
    },
    '/api/auth/me': {
      get: {
        tags: ['auth'],
        summary: 'The signed-in account',
        responses: { '200': json({ type: 'object' }), '401': errorResponse('Signed out') },
      },
    },
  };
  for (const resource of resources) {
    const name = pascal(resource.name);
    schemas[name] = recordSchema(resource);
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
          .map(([action, t]) => `${action} (${[t.from].flat().join(' | ')} → ${t.to}; ${t.by.join(', ')})`)
          .join('; ')}.`
      : `Records of ${resource.name}.`,
  }));
  return {
    openapi: '3.1.0',
    tags: [{ name: 'auth' }, { name: 'system' }, ...tags],
    info: { title: 'Lantern API', version, description: 'Generated from the resource configs.' },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lantern_session' } },
    },
    security: [{ session: [] }, {}],
    paths,
  };
}
