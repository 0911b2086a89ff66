import type { EnumField, Field } from '../../core/fields';
import type { Locale } from '../../core/locales';
import type { ResourceConfig, SystemField } from '../../core/resource';

/** The JSON value of one field as the API returns it (money and refs are integers, dates ISO strings). */
export type ValueOf<F extends Field> = F extends EnumField
  ? F extends { multiple: true }
    ? F['values'][number][]
    : F['values'][number]
  : F extends { kind: 'integer' | 'money' | 'percent' | 'ref' }
    ? number
    : F extends { kind: 'boolean' }
      ? boolean
      : F extends { kind: 'localized' }
        ? Partial<Record<Locale, string | null>>
        : F extends { kind: 'images' }
          ? string[]
          : F extends { kind: 'json' }
            ? unknown
            : string;

/** The fields of a resource config (`typeof services`). */
export type FieldsOf<R> = R extends ResourceConfig<infer F> ? F : never;

/** A field name of the resource, or a system column. */
export type FieldNameOf<R> = Extract<keyof FieldsOf<R>, string> | SystemField;

/** Fields that never leave the server or are only written (passwords). */
type Unreadable<F> = {
  [K in keyof F]: F[K] extends { hidden: true } | { writeOnly: true } | { kind: 'password' } ? K : never;
}[keyof F];

/**
 * A record as `GET /api/{name}/{id}` returns it, inferred from the config: `RecordOf<typeof services>`.
 * Fields are optional because the server leaves out what the reader may not see (scope, `revealIn`).
 */
export type RecordOf<R> = { id: number; createdAt: string; updatedAt: string; version: number } & {
  [K in Exclude<keyof FieldsOf<R>, Unreadable<FieldsOf<R>>>]?: ValueOf<FieldsOf<R>[K]> | null;
};

/** A create or update body: any writable field (the server refuses the rest with 400). */
export type InputOf<R> = { [K in keyof FieldsOf<R>]?: ValueOf<FieldsOf<R>[K]> | null };

/** The list filter of the simple REST protocol: equality, any-of, ranges, `q` and ids. */
export type FilterOf<R> = {
  [K in FieldNameOf<R>]?: K extends keyof FieldsOf<R>
    ? ValueOf<FieldsOf<R>[K]> | readonly ValueOf<FieldsOf<R>[K]>[] | null
    : unknown;
} & { [K in `${FieldNameOf<R>}_gte` | `${FieldNameOf<R>}_lte`]?: string | number } & {
  q?: string;
  id?: readonly number[];
};
