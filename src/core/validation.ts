import * as yup from 'yup';
import type { Field, JsonField, ListItems, LocalizedField } from './fields';
import { LOCALES, isLocale } from './locales';
import type { MessageRef } from './messages';
import { statusField, type AnyResource } from './resource';
import { brokenRules } from './rules';

export type SchemaMode = 'create' | 'update';

const INT32_MAX = 2_147_483_647;

const msg = (key: MessageRef['key'], args?: MessageRef['args']): MessageRef => ({ key, args });

/** Fields a client may send for this mode: neither read-only, hidden, nor the workflow's status. */
export function writableFields(resource: AnyResource, mode: SchemaMode): string[] {
  const status = statusField(resource);
  return Object.entries(resource.fields)
    .filter(([name, field]) => !field.readOnly && !field.hidden && name !== status)
    .filter(([, field]) => mode === 'create' || !field.immutable)
    .map(([name]) => name);
}

function textRule(field: Field, mode: SchemaMode): yup.StringSchema<string | null | undefined> {
  let rule = yup
    .string()
    .nullable()
    .typeError(msg('format') as never);
  if (field.kind === 'email') rule = rule.email(msg('email') as never);
  if (field.length !== undefined) rule = rule.length(field.length, msg('length') as never);
  if (field.minLength !== undefined)
    rule = rule.test('minLength', msg('minLength', { 0: field.minLength }) as never, (v) =>
      v == null || v === '' ? true : v.length >= field.minLength!,
    );
  if (field.maxLength !== undefined)
    rule = rule.max(field.maxLength, msg('maxLength', { 0: field.maxLength }) as never);
  if (field.pattern) {
    const pattern = field.pattern;
    const key = field.patternMessage ?? 'format';
    rule = rule.test('pattern', msg(key) as never, function check(v) {
      if (v == null || v === '' || pattern.test(v)) return true;
      if (key === 'charNotAllowed') {
        const bad = [...v].find((c) => !pattern.test(c)) ?? v[0];
        return this.createError({ message: msg('charNotAllowed', { 0: bad }) as never });
      }
      return false;
    });
  }
  if (field.required && mode === 'create') rule = rule.required(msg('required') as never);
  if (field.required && mode === 'update')
    rule = rule.test('required', msg('required') as never, (v) => v === undefined || (v !== null && v !== ''));
  return rule;
}

/** `YYYY-MM-DD` naming a real day: Date.parse would accept `2031-02-30` (as March 2nd), the database would not. */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function numberRule(field: Field, mode: SchemaMode): yup.NumberSchema<number | null | undefined> {
  let rule = yup
    .number()
    .nullable()
    // Only numbers and numeric strings are numbers: yup alone would read `[1]` or `true` as 1.
    .transform((value, original) =>
      original === ''
        ? null
        : original == null || typeof original === 'number' || typeof original === 'string'
          ? value
          : NaN,
    )
    .typeError(msg('numbers') as never);
  if (field.kind !== 'percent') rule = rule.integer(msg('integer') as never);
  if (field.kind === 'ref') rule = rule.positive(msg('notFound') as never);
  if (field.min !== undefined) rule = rule.min(field.min, msg('minValue', { 0: field.min }) as never);
  if (field.max !== undefined) rule = rule.max(field.max, msg('maxValue', { 0: field.max }) as never);
  if (field.kind === 'money' || field.kind === 'ref')
    rule = rule.max(
      Math.min(field.max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      msg('maxValue', { 0: field.max ?? Number.MAX_SAFE_INTEGER }) as never,
    );
  // An integer column is 32-bit: larger values would otherwise fail in the database without naming the field.
  if (field.kind === 'integer') {
    if (field.max === undefined) rule = rule.max(INT32_MAX, msg('maxValue', { 0: INT32_MAX }) as never);
    if (field.min === undefined) rule = rule.min(-INT32_MAX - 1, msg('minValue', { 0: -INT32_MAX - 1 }) as never);
  }
  return requiredRule(rule, field, mode);
}

function requiredRule<S extends yup.Schema>(rule: S, field: Field, mode: SchemaMode): S {
  if (!field.required) return rule;
  if (mode === 'create')
    return rule.test('required', msg('required') as never, (v) => v !== undefined && v !== null) as S;
  return rule.test('required', msg('required') as never, (v) => v !== null) as S;
}

function localizedRule(field: LocalizedField, mode: SchemaMode) {
  const max = field.maxLength ?? 255;
  return yup
    .mixed<Record<string, string>>()
    .nullable()
    .test('localized', msg('format') as never, function check(value) {
      if (value === undefined || value === null) {
        if (field.required && (mode === 'create' || value === null))
          return this.createError({ message: msg('required') as never });
        return true;
      }
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      for (const [locale, text] of Object.entries(value)) {
        if (!isLocale(locale))
          return this.createError({ path: `${this.path}.${locale}`, message: msg('unknownField') as never });
        // A language left empty in a form is undefined: the same as absent.
        if (text != null && typeof text !== 'string')
          return this.createError({ path: `${this.path}.${locale}`, message: msg('format') as never });
        if (typeof text === 'string' && text.length > max)
          return this.createError({ path: `${this.path}.${locale}`, message: msg('maxLength', { 0: max }) as never });
      }
      for (const locale of field.requiredLocales ?? []) {
        if (!value[locale])
          return this.createError({ path: `${this.path}.${locale}`, message: msg('required') as never });
      }
      if (field.required && !LOCALES.some((l) => typeof value[l] === 'string' && value[l].trim() !== ''))
        return this.createError({ message: msg('localeRequired') as never });
      return true;
    });
}

/**
 * A JSON object typed by a sibling field (e.g. a settings group): each key is validated like a field of its
 * variant, unknown keys are refused. The sibling comes from the body, else from the stored record (context).
 */
function shapedJsonRule(shapes: NonNullable<JsonField['shapes']>) {
  return yup
    .mixed()
    .nullable()
    .test('shape', msg('format') as never, function check(value) {
      if (value === undefined || value === null) return true;
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const variantKey =
        (this.parent as Record<string, unknown> | undefined)?.[shapes.by] ?? this.options.context?.[shapes.by];
      const variant = shapes.variants[String(variantKey)];
      if (!variant) return true;
      for (const key of Object.keys(value)) {
        if (!(key in variant))
          return this.createError({ path: `${this.path}.${key}`, message: msg('unknownField') as never });
      }
      for (const [key, inner] of Object.entries(variant)) {
        try {
          fieldRule(inner, 'create').validateSync((value as Record<string, unknown>)[key]);
        } catch (error) {
          if (!(error instanceof yup.ValidationError)) throw error;
          // A list's own error names its row and key below the key (`values.qrProfiles.0.merchantName`).
          const inner = error.path ? `.${error.path}` : '';
          return this.createError({ path: `${this.path}.${key}${inner}`, message: error.message as never });
        }
      }
      return true;
    });
}

/** A path below another; a rule run on its own (inside another's check) has none, and names only its part. */
const below = (path: string | undefined, part: string) => (path ? `${path}.${part}` : part);

/**
 * A list of rows (`listOf`): an array of objects, each key validated like a field of `items.fields`, unknown keys
 * refused; errors name the row and key (`cancellationPolicy.1.refundPercent`).
 */
function listRule(items: ListItems) {
  const max = items.maxItems ?? 20;
  return yup
    .mixed()
    .nullable()
    .test('list', msg('format') as never, function check(value) {
      if (value === undefined || value === null) return true;
      if (!Array.isArray(value)) return false;
      if (value.length > max) return this.createError({ message: msg('maxValue', { 0: max }) as never });
      if (items.minItems && value.length < items.minItems)
        return this.createError({
          message: msg(items.minItems === 1 ? 'required' : 'minValue', { 0: items.minItems }) as never,
        });
      const seen = new Set<unknown>();
      for (const [index, row] of value.entries()) {
        if (typeof row !== 'object' || row === null || Array.isArray(row))
          return this.createError({ path: below(this.path, `${index}`), message: msg('format') as never });
        for (const key of Object.keys(row))
          if (!(key in items.fields))
            return this.createError({
              path: below(this.path, `${index}.${key}`),
              message: msg('unknownField') as never,
            });
        for (const [key, inner] of Object.entries(items.fields)) {
          try {
            fieldRule(inner, 'create').validateSync((row as Record<string, unknown>)[key], { strict: true });
          } catch (error) {
            if (!(error instanceof yup.ValidationError)) throw error;
            return this.createError({ path: below(this.path, `${index}.${key}`), message: error.message as never });
          }
        }
        const key = items.uniqueBy;
        if (key && row[key] != null) {
          if (seen.has(row[key]))
            return this.createError({ path: below(this.path, `${index}.${key}`), message: msg('unique') as never });
          seen.add(row[key]);
        }
        const problem = items.check?.(row as Record<string, unknown>);
        if (problem)
          return this.createError({
            path: below(this.path, `${index}.${problem.key}`),
            message: msg(problem.message, problem.args) as never,
          });
        const by = items.descending;
        if (by && index > 0 && !(Number(row[by]) < Number(value[index - 1][by])))
          return this.createError({ path: below(this.path, `${index}.${by}`), message: msg('descending') as never });
      }
      return true;
    });
}

/** An object of keys to values of one field (`mapOf`); errors name the key (`priceOverrides.CHILD`). */
function mapRule(values: Field) {
  return yup
    .mixed()
    .nullable()
    .test('map', msg('format') as never, function check(value) {
      if (value === undefined || value === null) return true;
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      for (const [key, inner] of Object.entries(value)) {
        try {
          fieldRule(values, 'create').validateSync(inner, { strict: true });
        } catch (error) {
          if (!(error instanceof yup.ValidationError)) throw error;
          return this.createError({ path: `${this.path}.${key}`, message: error.message as never });
        }
      }
      return true;
    });
}

export function fieldRule(field: Field, mode: SchemaMode): yup.Schema {
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
    case 'password':
      return textRule(field, mode);
    case 'integer':
    case 'money':
    case 'percent':
    case 'ref':
      return numberRule(field, mode);
    case 'boolean':
      return requiredRule(
        yup
          .boolean()
          .nullable()
          .strict()
          .typeError(msg('format') as never),
        field,
        mode,
      );
    case 'date':
      return requiredRule(
        yup
          .string()
          .nullable()
          .strict()
          .typeError(msg('format') as never)
          .matches(/^\d{4}-\d{2}-\d{2}$/, { message: msg('format') as never, excludeEmptyString: true })
          .test('date', msg('format') as never, (v) => !v || isCalendarDate(v)),
        field,
        mode,
      );
    case 'datetime':
      return requiredRule(
        yup
          .string()
          .nullable()
          .strict()
          .typeError(msg('format') as never)
          .test(
            'datetime',
            msg('format') as never,
            (v) => !v || (isCalendarDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))),
          ),
        field,
        mode,
      );
    case 'enum':
      if (field.multiple) {
        let rule = yup
          .array(yup.string().oneOf([...field.values], msg('oneOf') as never))
          .nullable()
          .typeError(msg('format') as never);
        if (field.required) rule = rule.min(1, msg('chooseOne') as never);
        return requiredRule(rule, field, mode);
      }
      return requiredRule(
        yup
          .string()
          .nullable()
          .strict()
          .typeError(msg('format') as never)
          .oneOf([...field.values, null], msg('oneOf') as never),
        field,
        mode,
      );
    case 'status':
      return yup.string().nullable();
    case 'localized':
      return localizedRule(field, mode);
    case 'images': {
      let rule = yup
        .array(
          yup
            .string()
            .strict()
            .typeError(msg('format') as never)
            .matches(/^\/uploads\/[A-Za-z0-9._-]+$|^https?:\/\/\S+$/, msg('format') as never),
        )
        .nullable()
        .typeError(msg('format') as never);
      if (field.maxItems) rule = rule.max(field.maxItems, msg('maxValue', { 0: field.maxItems }) as never);
      if (field.required) rule = rule.min(1, msg('chooseOne') as never);
      return requiredRule(rule, field, mode);
    }
    case 'json':
      return requiredRule(
        field.shapes
          ? shapedJsonRule(field.shapes)
          : field.items
            ? listRule(field.items)
            : field.values
              ? mapRule(field.values)
              : yup.mixed().nullable(),
        field,
        mode,
      );
  }
}

/**
 * The yup schema of a create or update body; the same one runs in the browser and on the server. The resource's
 * cross-field `rules` read a value the body lacks from the stored record (`context`), when the server has it.
 */
export function resourceSchema(resource: AnyResource, mode: SchemaMode, fields = writableFields(resource, mode)) {
  const shape: Record<string, yup.Schema> = {};
  for (const name of fields) shape[name] = fieldRule(resource.fields[name], mode);
  const schema = yup.object(shape);
  if (!resource.rules?.length) return schema;
  return schema.test('rules', msg('format') as never, function check(values) {
    const broken = brokenRules(resource, values ?? {}, this.options.context);
    if (!broken.length) return true;
    return new yup.ValidationError(
      broken.map(({ path, message }) => this.createError({ path, message: message as never })),
    );
  });
}

export interface FieldError {
  path: string;
  message: MessageRef;
}

/** The schema `resourceSchema` makes: kept and reused by the server's write plans (one per reader and mode). */
export type ResourceSchema = ReturnType<typeof resourceSchema>;

/** Validates a body; returns the cleaned values or the per-field errors (first message per field). */
export async function validateBody(
  resource: AnyResource,
  mode: SchemaMode,
  body: Record<string, unknown>,
  fields = writableFields(resource, mode),
  /** The stored record on update, for rules that depend on fields the body does not carry. */
  context?: Record<string, unknown>,
): Promise<{ values: Record<string, unknown> } | { errors: FieldError[] }> {
  return validateWith(resourceSchema(resource, mode, fields), fields, body, context);
}

/** Validates a body with a schema made before (`resourceSchema` of these `fields`). */
export async function validateWith(
  schema: ResourceSchema,
  fields: readonly string[],
  body: Record<string, unknown>,
  context?: Record<string, unknown>,
): Promise<{ values: Record<string, unknown> } | { errors: FieldError[] }> {
  try {
    const values = await schema.validate(body, { abortEarly: false, stripUnknown: true, context });
    const clean: Record<string, unknown> = {};
    for (const name of fields) if (values[name] !== undefined) clean[name] = values[name];
    return { values: clean };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const seen = new Set<string>();
    const errors: FieldError[] = [];
    for (const inner of error.inner.length ? error.inner : [error]) {
      const path = inner.path ?? '';
      if (seen.has(path)) continue;
      seen.add(path);
      const message = (typeof inner.message === 'object' ? inner.message : { key: 'format' }) as MessageRef;
      errors.push({ path, message });
    }
    return { errors };
  }
}
