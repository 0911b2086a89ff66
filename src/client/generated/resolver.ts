import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { MessageRef } from '../../core/messages';
import type { AnyResource } from '../../core/resource';
import { resourceSchema, type SchemaMode } from '../../core/validation';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function isMessageRef(value: unknown): value is MessageRef {
  return typeof value === 'object' && value !== null && typeof (value as MessageRef).key === 'string';
}

/** The shared yup messages are `{key, args}`: they become `validation.{key}` in the active language. */
function translateErrors(errors: unknown, translate: Translate): unknown {
  if (Array.isArray(errors)) return errors.map((item) => translateErrors(item, translate));
  if (typeof errors !== 'object' || errors === null) return errors;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'message' && isMessageRef(value)) {
      out.message = translate(`validation.${value.key}`, { ...(value.args ?? {}), _: value.key });
    } else if (key === 'ref') {
      out.ref = value;
    } else {
      out[key] = translateErrors(value, translate);
    }
  }
  return out;
}

/**
 * react-hook-form resolver over the SAME yup schema the server validates with, limited to the fields
 * this form writes. Values pass through untouched: the server gets what the user typed.
 */
export function configResolver(
  config: AnyResource,
  mode: SchemaMode,
  fields: string[],
  translate: Translate,
): Resolver<FieldValues> {
  const inner = yupResolver(resourceSchema(config, mode, fields) as never, { abortEarly: false }, { raw: true });
  return async (values, context, options) => {
    const result = await inner(values, context, options);
    if (Object.keys(result.errors ?? {}).length === 0) return { values, errors: {} };
    return { values: {}, errors: translateErrors(result.errors, translate) as never };
  };
}
