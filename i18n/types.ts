import type { MessageRef } from '../src/core/messages';

/** A nested message object as Polyglot reads it (`a.b.c` → `{a: {b: {c}}}`). */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** Labels for one resource, keyed by its config (`resources.{name}.…`). */
export interface ResourceMessages {
  /** Singular and plural, Polyglot style: `Service |||| Services`. */
  name: string;
  /**
   * Every field, plus the system columns id, createdAt, updatedAt and version. The sub-fields of a typed JSON
   * field (a settings group's values) are labelled here too, by their own name: their form treats them as fields.
   * A transition input is labelled by the field that stores it, else under `app.workflow.inputs.{name}`.
   */
  fields: Record<string, string>;
  /** Per enum or status field (JSON sub-fields included): a label for every value, workflow states included. */
  enums?: Record<string, Record<string, string>>;
  /** A label for every workflow transition. */
  actions?: Record<string, string>;
  /** A transition dialog's own words for a kind of account (`dialogWords`): by action, then kind. */
  dialogs?: Record<string, Record<string, { title: string; dismiss: string; confirm: string }>>;
  /**
   * What a save of one of its records says, in the reader's words ("Refund requested"): `created`, `updated`.
   * Without them the generic `ra.notification.created|updated`.
   */
  notifications?: { created?: string; updated?: string };
  /** The create page's title when its form is about a referenced record (`create.about`), with `%{title}`. */
  create?: { title: string };
  /** Form group (tab) titles. */
  groups?: Record<string, string>;
  /** Titles of the resource's pre-filtered lists (`queues` of the config, e.g. a moderation queue). */
  queues?: Record<string, string>;
  /** What the resource's aggregates measure, as dashboards and charts name them: `count`, each sum, each rate. */
  stats?: Record<string, string>;
  /**
   * Texts of the resource's endpoints: an instructions block's `text`, a file button's `title`, the names of its
   * answer's lists and `reasons` for their entries.
   */
  endpoints?: Record<string, Record<string, string | Record<string, string>>>;
  /**
   * A record table's title (`title`), columns and totals, by its endpoint (`recordTables` of the config), and under
   * `values` the words an empty cell reads as (`emptyAs`), by field and value.
   */
  tables?: Record<string, Record<string, string | Record<string, Record<string, string>>>>;
}

/**
 * The shape of every locale file. `validation` keys are fixed by the SPEC, so tsc checks them;
 * `ra`, `app` and `resources` grow while the product does (others add English keys first), so their
 * key-by-key completeness against English is checked by tests/unit/i18n-completeness.test.ts instead
 * of by tsc — a new English key must not break the type check of the other four files.
 */
export interface Messages {
  ra: MessageTree;
  validation: Record<MessageRef['key'], string>;
  app: MessageTree;
  resources: Record<string, ResourceMessages>;
}
