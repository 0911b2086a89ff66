import type { Field, FieldKind } from './fields';
import type { MessageRef } from './messages';
import type { AnyResource, FieldRule, PublicWhere } from './resource';

/** Field kinds whose values are ordered, so that one can be declared at least another. */
export const ORDERED_KINDS: readonly FieldKind[] = ['date', 'datetime', 'integer', 'money', 'percent'];

export const isTemporal = (kind: FieldKind) => kind === 'date' || kind === 'datetime';

/** A calendar day (`YYYY-MM-DD`) of a date value as forms, the API and the drivers give it. */
function day(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Whether `value` lies below `floor` in the order of the field's kind: an earlier day or instant, a smaller
 * number. False when either is blank or unreadable: those are the single fields' own rules to report.
 */
export function isBelow(kind: FieldKind, value: unknown, floor: unknown): boolean {
  if (blank(value) || blank(floor)) return false;
  if (kind === 'date') {
    const [a, b] = [day(value), day(floor)];
    return DAY.test(a) && DAY.test(b) && a < b;
  }
  if (kind === 'datetime') {
    const [a, b] = [value, floor].map((v) => (v instanceof Date ? v.getTime() : Date.parse(String(v))));
    return a < b;
  }
  const [a, b] = [Number(value), Number(floor)];
  return Number.isFinite(a) && Number.isFinite(b) && a < b;
}

/** The message of a rule broken: its own, else by kind (a date or instant before another, or a number below it). */
export function ruleMessage(kind: FieldKind, rule?: Pick<FieldRule, 'message'>): MessageRef {
  return { key: rule?.message ?? (isTemporal(kind) ? 'endBeforeStart' : 'maxBelowMin') };
}

/**
 * The rules of a resource that `values` break, each as the message for its `field`. A value the body does not
 * carry is taken from `stored` (the record an update changes), so a rule holds whichever side is changed.
 */
export function brokenRules(
  resource: AnyResource,
  values: Readonly<Record<string, unknown>>,
  stored?: Readonly<Record<string, unknown>>,
): { path: string; message: MessageRef }[] {
  const read = (name: string) => (name in values ? values[name] : stored?.[name]);
  const broken: { path: string; message: MessageRef }[] = [];
  for (const rule of resource.rules ?? []) {
    const field: Field | undefined = resource.fields[rule.field];
    // A change that leaves both fields alone keeps the record as it was, however old it is.
    if (!field || (stored && !(rule.field in values) && !(rule.atLeast in values))) continue;
    if (isBelow(field.kind, read(rule.field), read(rule.atLeast)))
      broken.push({ path: rule.field, message: ruleMessage(field.kind, rule) });
  }
  return broken;
}

/** The same value as a row holds it: numbers from a driver may come as text, an empty value as null or undefined. */
const sameValue = (held: unknown, wanted: unknown) =>
  wanted === null ? blank(held) : !blank(held) && String(held) === String(wanted);

/**
 * Whether a row has, for each field of `where`, that value, one of those values (a list) or none (`null`). A nested
 * object (a referenced row's values) is not read from a row alone: it never matches.
 */
export function rowMatches(where: PublicWhere, row: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(where).every(([field, wanted]) =>
    Array.isArray(wanted)
      ? wanted.some((one) => sameValue(row[field], one))
      : typeof wanted === 'object' && wanted !== null
        ? false
        : sameValue(row[field], wanted),
  );
}
