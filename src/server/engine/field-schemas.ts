import type { Field } from '../../core/fields';
import { LOCALES } from '../../core/locales';
import { SYSTEM_FIELDS, statusField, type AnyResource } from '../../core/resource';
import { isJsonKind } from '../db/schema';
import type { Schema } from '../edge/openapi-responses';

/**
 * The JSON schema of a field, from its kind: what a request may send for it (the OpenAPI's create and update bodies)
 * and, widened by `responseFieldSchema`, what the API answers for it.
 */
export function fieldSchema(resource: AnyResource, name: string, field: Field): Schema {
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
    case 'json': {
      const item = (key: string, inner: Field) => {
        const { readOnly, ...schema } = fieldSchema(resource, key, inner);
        return readOnly ? { ...schema, readOnly } : schema;
      };
      if (field.items) {
        const fields = Object.entries(field.items.fields);
        const required = fields.filter(([, inner]) => inner.required && !inner.readOnly).map(([key]) => key);
        return {
          ...base,
          type: field.required ? 'array' : ['array', 'null'],
          ...(field.items.minItems && { minItems: field.items.minItems }),
          maxItems: field.items.maxItems ?? 20,
          items: {
            type: 'object',
            properties: Object.fromEntries(fields.map(([key, inner]) => [key, item(key, inner)])),
            ...(required.length && { required }),
            additionalProperties: false,
          },
        };
      }
      if (field.values)
        return {
          ...base,
          type: ['object', 'null'],
          additionalProperties: item(name, { ...field.values, required: true }),
        };
      return { ...base };
    }
  }
}

const SYSTEM_SCHEMAS: Record<string, Schema> = {
  id: { type: 'integer', readOnly: true },
  createdAt: { type: 'string', format: 'date-time', readOnly: true },
  updatedAt: { type: 'string', format: 'date-time', readOnly: true },
  version: { type: 'integer', description: 'Optimistic lock: send it back on update; a stale one answers 409' },
};

/**
 * A field's value as the API answers it: its column's value (db/types.ts: numbers as numbers, dates and timestamps as
 * ISO text), null wherever the column may hold null (every field but required ones and the status).
 */
export function responseFieldSchema(resource: AnyResource, name: string): Schema {
  const system = SYSTEM_SCHEMAS[name];
  if (system) return system;
  const field = resource.fields[name];
  if (!field) throw new Error(`${resource.name}: no field ${name}`);
  const schema = fieldSchema(resource, name, field);
  const { type } = schema;
  if (field.required || name === statusField(resource) || type === undefined) return schema;
  const types = [type].flat() as string[];
  return types.includes('null') ? schema : { ...schema, type: [...types, 'null'] };
}

/** Every field some reader may read, in the order records are answered (core/access.ts `readableFields`). */
export function answeredFields(resource: AnyResource): string[] {
  const publicFields = new Set(resource.access.public?.fields ?? []);
  return [
    ...SYSTEM_FIELDS,
    ...Object.entries(resource.fields)
      .filter(([name, field]) => (!field.hidden && !field.writeOnly) || publicFields.has(name))
      .map(([name]) => name),
  ];
}

/**
 * One record as the API answers it (`GET /api/{resource}/{id}`, each row of a page): the OpenAPI's schema and the
 * route's response schema alike. A reader who may read fewer fields gets fewer properties: none is required.
 */
export function recordResponseSchema(
  resource: AnyResource,
  fields: readonly string[] = answeredFields(resource),
): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((name) => [name, responseFieldSchema(resource, name)])),
  };
}

/** A page of records (`GET /api/{resource}`). */
export function pageResponseSchema(record: Schema): Schema {
  return { type: 'array', items: record };
}

/**
 * The schema fast-json-stringify compiles for a record: the response schema, but values stored as JSON (localized
 * text, images, inline collections) are written as stored, by JSON.stringify, keys in their stored order and none
 * dropped; their shape in the response schema describes them, it does not rewrite them.
 */
export function serializerSchema(resource: AnyResource, record: Schema): Schema {
  const properties = record.properties as Record<string, Schema>;
  return {
    ...record,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => {
        const field = resource.fields[name];
        return [name, field && isJsonKind(field) ? {} : schema];
      }),
    ),
  };
}
