import { LOCALES } from '../src/core/locales';

/**
 * Polyglot `pluralRules` for every Lantern locale. react-admin's `a |||| b` messages choose between
 * "this one record" and "these N records" wording, not grammatical number; Polyglot's built-in rule
 * for lo, th and zh has a single form and would always show the first ("delete this service?") even
 * for a bulk action on 20 rows. Pass as the polyglot options of `polyglotI18nProvider`.
 */
export const PLURAL_RULES = {
  pluralTypes: {
    oneOther: (count: number) => (count === 1 ? 0 : 1),
  },
  pluralTypeToLanguages: {
    oneOther: [...LOCALES],
  },
};
