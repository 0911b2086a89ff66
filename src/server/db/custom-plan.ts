import { sql } from 'kysely';

/**
 * Marks a statement that must be planned for its own values every time it runs. PostgreSQL may settle on a generic
 * plan for a named statement after five runs; for a text search (`like` patterns over the search column) or a capped
 * count that plan ignores what the pattern or the filter actually selects, and was 20× slower than the plan made for
 * the values. Marked statements run unnamed (prepared.ts), which PostgreSQL always plans for their values; every other
 * statement keeps its cached plan (a primary-key read is not planned again on every request).
 */
export const CUSTOM_PLAN_MARK = '/* custom plan */';

/** The mark, to place inside a statement (a comment: PGlite and PostgreSQL both read past it). */
export const customPlan = sql.raw(CUSTOM_PLAN_MARK);
