import type { Kysely } from 'kysely';
import type { Field, MessageKey } from './fields';
import type { Locale } from './locales';
import type { AccountKind, AdminRole, Grantee, Principal } from './roles';

/** Columns every table has (SPEC §5). */
export const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'version'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export type Row = Record<string, unknown> & { id: number; version?: number };

/** A field name of the resource, or one of the system columns. */
export type FieldName<F> = Extract<keyof F, string> | SystemField;

export interface ListConfig<F> {
  columns: readonly FieldName<F>[];
  /** Of `columns`, those hidden until someone turns them on in the Columns chooser (which remembers it). */
  hidden?: readonly FieldName<F>[];
  sort: readonly [FieldName<F>, 'ASC' | 'DESC'];
  /** Fields offered in the filter bar (always filterable through the API too). */
  filters?: readonly FieldName<F>[];
  /**
   * What the `q` filter searches; defaults to the fields marked `searchable`. A field of the resource, or
   * `ref.field`: a field of the record a `ref` names (`'provinceId.name'`), kept current when that record changes.
   */
  search?: readonly (FieldName<F> | `${FieldName<F>}.${string}`)[];
  /** Page sizes offered; the first is the default. */
  perPage?: readonly number[];
  /** Rows one API list request may ask for (`range`); a larger range answers 400. Default 1,000. */
  maxPage?: number;
  /** Characters of the `q` search; a longer one answers 400. Default 200. */
  maxSearch?: number;
  /** Show a tab per workflow state, with its count. */
  statusTabs?: boolean;
  /** Also offer the list as a month calendar: rows placed from `start` to `end`, with `usage` as used / total. */
  calendar?: { start: FieldName<F>; end?: FieldName<F>; usage?: readonly [FieldName<F>, FieldName<F>] };
  /**
   * A date field by which the list opens on what is coming: today onward, soonest first, then the past, latest
   * first (`sort=["upcoming","ASC"]`). Any column's sort, or the "Upcoming first" switch, leaves it.
   */
  upcoming?: FieldOfKind<F, 'date'>;
  /** The filter a list opens with when none is chosen (e.g. a review list starting on pending items). */
  defaultFilter?: Readonly<Record<string, unknown>>;
  /** Money or number fields summed over the whole filtered set (`GET /api/{name}/-/totals`), shown under the list. */
  totals?: readonly FieldName<F>[];
  /** A reference to the admin accounts: the list offers a "mine" toggle filtering it on the signed-in admin. */
  mine?: FieldName<F>;
  /**
   * The integer field that orders the rows by hand (e.g. master data's `sortOrder`): accounts that may update it
   * drag rows (or move them up and down) while the list is sorted on it; the order is saved atomically through
   * `PUT /api/{name}/-/order`.
   */
  reorder?: FieldOfKind<F, 'integer'>;
  /** Boolean fields switched on and off in place on each row (e.g. `active`), by accounts that may update them. */
  toggles?: readonly FieldOfKind<F, 'boolean'>[];
  /**
   * Named yes/no filters over whether a field is empty: `{ unread: { field: 'readAt', empty: true } }` makes
   * `filter={"unread":true}` list the rows whose `readAt` is null (and `false` the others).
   */
  flags?: Readonly<Record<string, { field: FieldName<F>; empty: boolean }>>;
}

/** The names of the fields that can hold a value of this kind. */
export type FieldOfKind<F, K extends Field['kind']> = {
  [N in Extract<keyof F, string>]: F[N] extends { kind: infer Kind } ? (K extends Kind ? N : never) : never;
}[Extract<keyof F, string>];

export interface FormGroup<F> {
  /** An i18n key under `resources.{name}.groups.` */
  name: string;
  fields: readonly FieldName<F>[];
}

/** How a view shows its groups: one tab each (the default), or titled sections one under the other. */
export type GroupLayout = 'tabs' | 'sections';

export interface ViewConfig<F> {
  /** Fields in order; grouped into tabs (or sections, by `layout`) when `groups` is given. */
  fields?: readonly FieldName<F>[];
  groups?: readonly FormGroup<F>[];
  layout?: GroupLayout;
}

export interface CreateViewConfig<F> extends ViewConfig<F> {
  /**
   * A form started from a reference (a follow-up) is titled by what it is about: `resources.{name}.create.title` with
   * `%{title}`, the record title of the record reached from the form's reference `about[0]` through the references
   * that follow (a review: its booking's service, "How was Sunset cruise?").
   */
  about?: readonly [FieldName<F>, ...string[]];
}

/** A mail to send once the change that writes it commits (the outbox). */
export interface MailMessage {
  to: string;
  /** Default: the language of the account holding `to`, else the default language. */
  locale?: string;
  /** What to say, e.g. `account.emailTaken`; `params` fill it in. */
  template: string;
  params?: Record<string, unknown>;
  /** The notification this mail carries: its id makes the mail's stable Message-ID. */
  notificationId?: number;
}

/** What `insertIfFree` answers: the new record, or the unique field whose value is taken and a stand-in id. */
export type InsertIfFree = { record: Row } | { taken: string; id: number };

/** A function the server hands a transaction and helpers; never imported server code. */
export interface DataContext {
  trx: Kysely<any>;
  principal: Principal;
  now: Date;
  /** Reads a record of any resource (no scope), optionally locking its row until commit. */
  findById(resource: string, id: number, options?: { lock?: boolean }): Promise<Row | undefined>;
  /** Inserts through the generic path: defaults, audit row. */
  insert(resource: string, values: Record<string, unknown>): Promise<Row>;
  /**
   * Inserts like `insert`, unless a unique value (an email) is held already: then nothing is written and the
   * answer names the field, with an id drawn from the table's sequence like a new row's. For answers that must not
   * tell whether a value is taken: the values are prepared (passwords hashed) either way, so both take as long.
   */
  insertIfFree(resource: string, values: Record<string, unknown>): Promise<InsertIfFree>;
  /**
   * Inserts many rows with multi-row INSERTs, each with its defaults, audit row and change notice as `insert` gives
   * them (audit rows written together). With `skipTaken` (the columns of a unique key), a row whose key is held
   * already — by a committed row, or one another transaction is writing, whose end it waits for — is not written
   * and is left out of the answer (the new records, in no particular order).
   */
  insertMany(
    resource: string,
    rows: readonly Record<string, unknown>[],
    options?: { skipTaken?: readonly string[] },
  ): Promise<Row[]>;
  /**
   * Updates through the generic path: version bump, audit row. `action` names the change in the audit row and on the
   * live event stream when it is more than an edit (a check-in); default `update`.
   */
  update(resource: string, id: number, patch: Record<string, unknown>, options?: { action?: string }): Promise<Row>;
  /** Queues a mail in this transaction: sent only if the change commits. */
  mail(message: MailMessage): Promise<void>;
  /** The typed values of a settings group. */
  settings(group: string): Promise<Record<string, unknown>>;
  /** Turns off the account's two-step sign-in (factor and recovery codes) and ends every session of it. */
  resetSecondFactor(kind: AccountKind, id: number): Promise<void>;
  /**
   * Runs the transition `action` of `resource` on record `id` as the system principal, in this transaction,
   * through the workflow engine (its `by` must name `'system'`; 403/409/400 as for a caller): guard, effect,
   * audit row with actor `system`, notifications, live change events. Answers the record after it.
   */
  runTransition(resource: string, id: number, action: string, input?: Record<string, unknown>): Promise<Row>;
  /** Stops the request with an error in the SPEC's format; nothing of the transaction is kept. */
  fail(status: 400 | 403 | 404 | 409, message: string, errors?: Record<string, string>): never;
}

export interface TransitionContext extends DataContext {
  resource: string;
  action: string;
  /** The record as it was, locked for the transaction. */
  record: Row;
  /** The request body: `reason` and any other declared inputs. */
  input: Record<string, unknown>;
}

export interface Transition {
  from: string | readonly string[];
  /** The state it moves to; absent: the record stays in its state (an action on it, e.g. a reset). */
  to?: string;
  /** Who may run it. */
  by: readonly Grantee[];
  /**
   * Narrower source states for some of those `by` names (the partner cancels only unpaid bookings, the traveller
   * paid ones too): they are neither offered it nor may run it from the other states (409).
   */
  fromFor?: Partial<Record<Grantee, string | readonly string[]>>;
  /**
   * A GET record endpoint of the resource whose answer the transition's dialog states before it is confirmed (what a
   * cancellation refunds): the text `resources.{name}.endpoints.{endpoint}.{answer.message}` (one of `messages`; `.text`
   * when there are none), filled with the answer (numbers as money in its `currency`).
   */
  preview?: { endpoint: string; messages?: readonly string[] };
  /** Inputs that must be non-empty (e.g. `reason`); each is stored on the record when it is a field. */
  requires?: readonly string[];
  /** Optional inputs, stored on the record when they are fields. */
  accepts?: readonly string[];
  /**
   * Where an input is stored when it is not the field of the same name (e.g. a refund's rejection `reason`
   * goes to `rejectionReason` because `reason` holds the customer's own reason); `false` keeps it in the audit log only.
   */
  inputFields?: Readonly<Record<string, string | false>>;
  /** Offered as a bulk action on lists. */
  bulk?: boolean;
  /**
   * When the transition is offered, beyond its states: from the day or instant of the record's field `from` on (a
   * departure's date, at its `time` field's hour when the date field names one), only before the moment the field
   * `until` names (read the same way: a cancellation or a reschedule until the departure leaves), only while the
   * field `whileEmpty` is (not yet checked in), and only on the platform's calendar day of the datetime field
   * `sameDayAs` (an undo for the rest of the day). Days are the platform's (`settings.general.timezone`); the guard
   * keeps the same rule.
   */
  offered?: { from?: string; until?: string; whileEmpty?: string; sameDayAs?: string };
  /**
   * Asked before it runs: a dialog names the action and the record, with Cancel and the action's own button (a
   * no-show that tells the traveller they missed their trip). Without inputs or a preview an action runs on a tap.
   */
  confirm?: boolean;
  /**
   * The account kinds whose readers see the action's dialog in words of their own: its title, dismiss and confirm
   * buttons from `resources.{name}.dialogs.{action}.{kind}` (a traveller's "Keep my booking" / "Cancel booking"),
   * instead of the action's label and a generic Cancel.
   */
  dialogWords?: readonly ('admin' | 'partner' | 'user')[];
  /** Runs before the status changes; call ctx.fail to refuse. May return extra values to set. */
  guard?: (ctx: TransitionContext) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
  /** Runs in the same transaction after the change; may return more values to set on the record. */
  effect?: (ctx: TransitionContext) => Promise<Record<string, unknown> | void>;
  /** A Material icon drawn beside the button's text (a name `menu.icon` accepts too). */
  icon?: string;
  /** Colour of the button. */
  tone?: 'primary' | 'success' | 'error' | 'warning';
  /** Large sums need more than one admin's approval (SPEC §8): see Signatures. */
  signatures?: Signatures;
  /** Who is told when it runs (SPEC §8); the event is `{resource}.{transition}`. */
  notify?: readonly NotifyRule[];
  /**
   * A timer: the system runs this transition on each record in a `from` state once the datetime field `when` has
   * passed (a worker on every instance claims them, each once; `by` must name `system`).
   */
  auto?: { when: string };
}

/**
 * One recipient of a notification (SPEC §8), written in the transaction of the change that causes it: the
 * message `notifications.{resource}.{event}` of the i18n files, in the recipient's language.
 */
export interface NotifyRule {
  /**
   * `{ account, field }`: the account of that kind whose id the record's `field` holds (`'id'` for an account's
   * own row); `'admins-who-may-act'`: every active admin whose role may run a transition from the record's new
   * state (the roles a transition names; super_admin only where it names none).
   */
  to: { account: AccountKind; field: string } | 'admins-who-may-act' | MailAddress;
  /** Tell the account even when it made the change itself (a receipt: the customer's own booking). */
  self?: boolean;
  /** The message under `app.notifications.events.{resource}.` when not the event's own (another audience's text). */
  message?: string;
  /**
   * A record endpoint of the resource (GET) whose answer fills the message too (numbers as money in the answer's
   * `currency`), e.g. how to pay an order.
   */
  params?: string;
  /**
   * The recipient's mail is the template `app.mail.{template}` (a subject of its own, the trip in the body) instead of
   * the notification's generic mail. It is filled with the message's values plus `message`, `link`, every field of
   * the record in the recipient's language (references by their display value, instants in the platform's time
   * zone) and, with `via` (a reference field), those of the record it references, under the record's own (a
   * refund's order: its service, departure, seats and total).
   */
  mail?: { template: string; via?: string; texts?: readonly MailText[] };
}

/**
 * A traveller who has no account (a reseller's booking, SPEC §19): the rule's `mail` goes to the address in the
 * record's `address` field, in the platform's default language, when the record matches `when`; no notification.
 */
export interface MailAddress {
  address: string;
  when?: PublicWhere;
}

/**
 * Another body of a rule's mail for records in some state: `app.mail.{template}.{text}` instead of `.text` when the
 * record matches `when` (as a public `where`: a field's value, one of a list of values, `null` for empty). The first
 * that matches is sent; the subject stays the template's.
 */
export interface MailText {
  when: PublicWhere;
  text: string;
}

/**
 * A block of text on the record's show page while the record matches `when`: the message
 * `resources.{name}.endpoints.{endpoint}.text` filled with the record endpoint's answer (numbers as money in the
 * answer's `currency`), in every app that shows the record to accounts the endpoint grants.
 */
export interface Instructions {
  endpoint: string;
  when: PublicWhere;
  /** Answer keys the reader copies into another app (an account number, a transfer's reference): a copy button each. */
  copy?: readonly string[];
  /**
   * An answer key holding an EMVCo payload (a bank's QR, SPEC §20), drawn as a QR code beside the text with
   * `resources.{name}.endpoints.{endpoint}.scan` and the answer's `amount` under it; the mail whose `params` is
   * this endpoint carries the same code as an image.
   */
  qr?: { payload: string; amount?: string };
}

/**
 * A transition that, on records whose amount is above a threshold, runs only once enough different admins have
 * run it: each earlier run records a signature `{adminId, at}` on the record and leaves the status as it is; the
 * last one runs the transition and its effects. The same admin signing twice is refused (409).
 */
export interface Signatures {
  /** How many different admins must sign (2: "four eyes"). */
  required: number;
  /** The threshold, as `{settings group}.{key}` (minor units); absent or 0: one signature is enough. */
  above: `${string}.${string}`;
  /** The record's amount compared with it. */
  amountField: string;
  /** The json field that keeps the signatures, `[{adminId, at}]`. */
  field: string;
}

/**
 * A row in `state` holds `amount` of the `counter` field of the row its ref `ref` points to, until the datetime
 * field `until` passes: from that instant it no longer counts, whether or not anything has run. The counter's
 * stored value is what is settled (e.g. seats paid for); every read of the referenced resource through the API
 * answers it plus the holds running at that moment, and the resource's own effects add them when they check it.
 */
export interface Holds {
  ref: string;
  counter: string;
  amount: string;
  state: string;
  until: string;
}

/** One admin's signature on a record (SPEC §8: `approvals: [{adminId, at}]`). */
export interface Signature {
  adminId: number;
  at: string;
}

export interface Workflow {
  /** The status field (default `status`). */
  field?: string;
  states: readonly string[];
  initial: string;
  transitions: Readonly<Record<string, Transition>>;
  /** An edit by these grantees, in one of these states, moves the record to `to` (e.g. back to review). */
  onEdit?: { by: readonly Grantee[]; from: readonly string[]; to: string };
  /** States in which records may still be edited (default: all). */
  editableIn?: readonly string[];
  /** Colour of each state's chip. */
  tones?: Readonly<Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'>>;
}

export type Verb = 'list' | 'show' | 'create' | 'update' | 'delete';

/** Admin access: which sub-roles may do what (super_admin always may). */
export interface AdminAccess {
  read?: readonly AdminRole[] | boolean;
  create?: readonly AdminRole[] | boolean;
  update?: readonly AdminRole[] | boolean;
  delete?: readonly AdminRole[] | boolean;
  /** Fields admins never write (beyond read-only fields). */
  readOnly?: readonly string[];
}

/** Partner or user access: always limited to the rows whose `scope` field is the account's id. */
export interface OwnerAccess {
  scope: string;
  read?: boolean;
  create?: boolean;
  update?: boolean;
  delete?: boolean;
  /** Fields this kind never sees. */
  hidden?: readonly string[];
  /** Fields this kind sees but may not write. */
  readOnly?: readonly string[];
  /** Fields shown only while the record is in one of these states (e.g. a customer's contact once paid). */
  revealIn?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Values a public row must have; a nested object means the referenced row must match it. On a date field,
 * `{ after: 'today' }` (or `{ from: 'today' }`) keeps the rows whose day is after (or from) the platform's today,
 * counted in `settings.general.timezone` when the rows are read (a departure of today is no longer on sale).
 */
export type PublicWhere = Readonly<Record<string, unknown>>;

/**
 * Live screens (SPEC §8): every committed change of a row is sent as `event: change` to the sessions that may read
 * that row. `createEvent` names another event for new rows (`'notification'`: a notifications resource, whose
 * new rows are sent to their readers, the recipients, as `event: notification`); `false` sends nothing.
 */
export type LiveConfig = false | { createEvent?: 'notification' };

export interface PublicAccess {
  where: PublicWhere;
  /** The only fields visitors may see. */
  fields: readonly string[];
}

export interface Access {
  /**
   * Rows addressed to one account of any kind (e.g. notifications): every signed-in account, admins too, reads
   * only the rows whose `kind` field is its kind and whose `id` field is its id. Nobody writes them through the API.
   */
  recipient?: { kind: string; id: string };
  admin?: AdminAccess;
  partner?: OwnerAccess;
  user?: OwnerAccess;
  public?: PublicAccess;
}

export interface HookContext extends DataContext {
  resource: string;
}

export interface Hooks {
  /** May fill or change values before the insert (e.g. take seats, price an order). */
  beforeCreate?: (ctx: HookContext & { values: Record<string, unknown> }) => Promise<Record<string, unknown> | void>;
  afterCreate?: (ctx: HookContext & { record: Row }) => Promise<void>;
  beforeUpdate?: (
    ctx: HookContext & { before: Row; patch: Record<string, unknown> },
  ) => Promise<Record<string, unknown> | void>;
}

/** A custom endpoint: `/api/{resource}/{id}/{name}` (record) or `/api/{resource}/-/{name}` (collection). */
export interface Endpoint {
  method: 'GET' | 'POST';
  record: boolean;
  /** A record endpoint served as an action, `/api/{resource}/{id}/actions/{name}`, on a resource without a workflow. */
  action?: boolean;
  by: readonly Grantee[];
  /**
   * The body is these fields of the resource, checked by the server with the shared create schema (the SPEC's
   * messages; unknown fields refused) before the handler runs; the handler receives the clean values as `body`.
   */
  input?: readonly string[];
  /** At most `perIp` successful calls per client address in `windowSeconds` (≤ 900), else 429; counted in the database. */
  limit?: {
    perIp: number;
    windowSeconds: number;
    /** The body field of an address the endpoint mails: those mails count against the address's own limit. */
    mailsTo?: string;
  };
  /**
   * At most `max` answers of `status` (a code nobody has: 404) to one signed-in account in `windowSeconds`
   * (≤ 900), counted whether or not the call's transaction commits, so codes cannot be guessed at speed; past it 429
   * with `Retry-After`, before the handler runs.
   */
  missLimit?: { status: 404; max: number; windowSeconds: number };
  /**
   * What the request carries (default `json`): `raw`, the body's exact bytes whatever its type (a signed callback
   * checks its signature over them), as `body: Buffer`; `file`, one multipart file in the field `file` (at most
   * `maxBytes`, else 413), as `body: EndpointFile`.
   */
  body?: 'json' | 'raw' | { file: { maxBytes: number; accept?: string } };
  /** Served only while these environment variables are set (an integration configured per deployment); else 404. */
  requiresEnv?: readonly string[];
  /**
   * A collection endpoint taking a file, offered as a button on the admin list to those it grants: choose a file,
   * see the answer. Each of its `lists` is shown with its count and its entries' `line` and `reason` (one of
   * `reasons`), labelled under `resources.{name}.endpoints.{endpoint}` (`title`, each list, `reasons.{reason}`).
   */
  listButton?: { lists: readonly string[]; reasons?: readonly string[] };
  /**
   * A record action (`action`, POST, no body) drawn as a button on the record's page for those it grants, labelled
   * `resources.{name}.actions.{endpoint}`; `confirm` asks first, in `resources.{name}.endpoints.{endpoint}.confirm`
   * (what the action undoes). An answer holding the resource's `apiClient.key` shows that key once, as a create does.
   */
  button?: { tone?: 'primary' | 'success' | 'error' | 'warning'; confirm?: boolean };
  /** The status of a successful answer (default 200): 201 for an endpoint that creates rows. */
  status?: 200 | 201;
  /**
   * A dry run of a write (a follow-up's prefill): on a record the write would refuse, it answers 200 with that
   * refusal's message as `refusal` (the write itself answers 409 with the same words).
   */
  dryRun?: boolean;
  /**
   * A collection endpoint (POST) offered to those it grants as a button on the list that opens a form of `inputs`
   * (labels `resources.{name}.endpoints.{endpoint}.inputs.{input}`). `preview` names a sibling collection endpoint
   * taking the same body that answers what this one would do without doing it: its `list` is shown with its `count`
   * before sending. After sending, `resources.{name}.endpoints.{endpoint}.done` states the answer's `counts`.
   */
  form?: EndpointForm;
  handler: (
    ctx: DataContext & {
      record?: Row;
      query: Record<string, string>;
      body: unknown;
      resource: string;
      headers: Record<string, string | string[] | undefined>;
      /** The caller's language (its `Accept-Language`, else its locale cookie, else English): for what it reads. */
      locale: Locale;
    },
  ) => Promise<unknown>;
}

/** One input of an endpoint's form, sent in the body under its name. */
export type EndpointFormInput =
  /** An id of `resource`, picked among the rows the account reads that match `filter` (list filter syntax). */
  | { kind: 'ref'; resource: string; filter?: Readonly<Record<string, unknown>>; required?: boolean }
  /** `YYYY-MM-DD`. */
  | { kind: 'date'; required?: boolean }
  /** ISO weekdays as numbers, Monday = 1 … Sunday = 7, named in the page's language by the browser. */
  | { kind: 'weekdays'; required?: boolean }
  /** One or more times of day, `HH:MM`. */
  | { kind: 'times'; required?: boolean }
  | { kind: 'integer'; min?: number; max?: number; default?: number; required?: boolean };

export interface EndpointForm {
  inputs: Readonly<Record<string, EndpointFormInput>>;
  preview?: { endpoint: string; list: string; count: string };
  counts: readonly string[];
}

/** A file sent to an endpoint whose `body` is `{ file }`: its name, declared type and bytes. */
export interface EndpointFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/**
 * Rows of a record endpoint (GET, `/api/{name}/{id}/{endpoint}`) shown as a table under the record's page in the
 * areas whose accounts the endpoint grants (e.g. a departure's manifest): the answer's `rows` array, one column
 * per `columns` entry (labels `resources.{name}.tables.{endpoint}.{key}`, the table's `title`), its `totals` under it
 * (labels likewise), a CSV download of what is shown, and a print layout that puts the table alone on the page.
 * It follows the live event stream like every endpoint answer.
 */
export interface RecordTable {
  endpoint: string;
  rows: string;
  columns: readonly RecordTableColumn[];
  /** Numbers of the answer's object `from` shown under the table, in this order. */
  totals?: { from: string; keys: readonly string[] };
  /**
   * Words of the answer's object `from` (texts or localized texts, e.g. the service and the meeting point) that
   * name what the table is of: under its title on screen and in the print sheet's title.
   */
  heading?: { from: string; keys: readonly string[] };
  /** Drawn first on the record's page, above its fields (what its reader came for: the guide's manifest). */
  first?: boolean;
  /** Each row opens its record of this resource (its page in the area), by the row's `key` (default `id`). */
  link?: { resource: string; key?: string };
}

/**
 * A column of a record table. On a phone (600 px or less) the rows are drawn as cards, the first column as the
 * card's head, the others as label and value. Kinds: `text`, `number`, `yesNo`, `time` (an instant, in the reader's
 * time), `phone` (a `tel:` link on screen), `tally` (a list of `{name, quantity}`, the name a text or a localized
 * text, read "Adult 3 · Child 1").
 */
export interface RecordTableColumn {
  key: string;
  kind: 'text' | 'number' | 'yesNo' | 'time' | 'phone' | 'tally';
  /**
   * Where the cell is empty, the row's field `key` is written instead, as a word of the table: one of `values`,
   * labelled `resources.{name}.tables.{endpoint}.values.{key}.{value}` (a no-show's empty check-in reads "No-show").
   */
  emptyAs?: { key: string; values: readonly string[] };
}

/** A pre-filtered list of a resource under its own admin path (e.g. a moderation queue of pending items). */
export interface ListQueue {
  /** An i18n key under `resources.{name}.queues.` */
  name: string;
  path: string;
  filter: Readonly<Record<string, unknown>>;
  sort?: readonly [string, 'ASC' | 'DESC'];
  menu?: { group: MenuGroup; icon?: string; order?: number };
  /** Show the queue's row count on its menu entry. */
  badge?: boolean;
  /** The record page of a queue item, when it should differ from the resource's (a reviewer sees all at once). */
  showLayout?: GroupLayout;
}

/**
 * Aggregates served at `/api/stats/{resource}/...` (series over time, breakdowns, status funnel, period summary),
 * computed in SQL under the reader's row scope. The server keeps a daily summary table per resource, updated
 * in the same transaction as every write, so charts over millions of rows read thousands.
 */
export interface StatsConfig {
  /** The date or datetime field that places a row in time (days in UTC). */
  time: string;
  /** Money or integer fields summed per bucket or group. */
  sum?: readonly string[];
  /** Fields a breakdown may group by; `ref.field` groups by a field of the referenced row (`serviceId.tourTypeId`). */
  groupBy?: readonly string[];
  /** Which rows the series, breakdowns and summaries count (e.g. paid orders); the status funnel counts all. */
  where?: PublicWhere;
  /** `groupBy` paths shown as ranked tables: the ten groups with the largest first sum, with every count and sum. */
  top?: readonly string[];
  /** Shares of rows over time and over the period, at `/api/stats/{resource}/rate/{name}` (`where` does not apply). */
  rates?: Readonly<Record<string, StatsRate>>;
  /**
   * Sums over other rows than `where`, answered beside the others by the summary and the series (e.g. gross
   * bookings: the total of every order placed, where the `total` sum counts only the orders paid and kept).
   */
  measures?: Readonly<Record<string, StatsMeasure>>;
  /** The summary metrics the dashboard shows, in order (default: `count`, each sum, each measure). */
  kpis?: readonly string[];
  /**
   * Who may read the aggregates, narrowing the read access (no key widens it): e.g. `{ admin: ['finance'] }` keeps
   * money figures from the other admin roles; `partner: false` / `user: false` refuse the owners of rows.
   */
  access?: StatsAccess;
  /** Where this resource's KPIs and charts come among other resources' (ascending, default 0). */
  order?: number;
}

/** A sum of `sum` over the rows matching `where` instead of `stats.where`. */
export interface StatsMeasure {
  sum: string;
  where: PublicWhere;
}

export interface StatsAccess {
  /** Admin roles that may read them (super_admin always may unless `false`); default: every role that reads rows. */
  admin?: readonly AdminRole[] | boolean;
  /** Whether partners aggregate their own rows (default: when they read them). */
  partner?: boolean;
  /** Whether users aggregate their own rows (default: when they read them). */
  user?: boolean;
}

/**
 * The rows matching `part` among the rows matching `whole`, e.g. the refund rate: refunded orders among the orders
 * that were paid. Rows are placed in time by `stats.time`, so a bucket's rate is the share of that bucket's rows.
 */
export interface StatsRate {
  part: PublicWhere;
  whole: PublicWhere;
  /** Sums also compared as shares (the part's sum over the whole's), beside the row count. */
  sum?: readonly string[];
}

/**
 * A rule over two fields of a record, checked by the same code in the forms (the yup resolver) and on the server
 * (validation, then again under the row lock of the write): `field` must not lie below `atLeast` (a date or instant
 * not before it, a number not less), when both have a value. The message goes on `field`.
 */
export interface FieldRule<F extends string = string> {
  field: F;
  atLeast: F;
  /** A key under `validation.`; default `endBeforeStart` for dates and instants, `maxBelowMin` for numbers. */
  message?: Extract<MessageKey, 'endBeforeStart' | 'maxBelowMin'>;
}

export type MenuGroup = 'accounts' | 'moderation' | 'services' | 'masterData' | 'payments' | 'settings' | 'system';

/**
 * How a resource is sold by resellers through a supplier protocol (OCTO, SPEC §19), declared in its config
 * (`resale`): which of its rows are products, which field holds their units, which resource holds their departures
 * and which their bookings, and the named functions that book and settle. The protocol's room
 * (`src/server/octo/`) reads only this: it never names an entity.
 */
export interface Resale {
  /** The rows offered: values they must have; a nested object names the referenced row's (public `where`). */
  where: PublicWhere;
  /** A localized field: the product's title. */
  title: string;
  /** A localized field: its description. */
  description?: string;
  /** An inline collection of the product: its units (price categories), each with a code and a localized name. */
  units: { field: string; code: string; name: string; minAge?: string; maxAge?: string };
  /** The resource of its departures (an availability each) and their fields. */
  departures: {
    resource: string;
    /** The departure's reference to the product. */
    product: string;
    date: string;
    /** `HH:MM` on the platform's clock. */
    time: string;
    endDate?: string;
    capacity: string;
    /** The settled count of taken seats; running holds are added as every read adds them (`holds`). */
    taken: string;
    /** The status field and the state in which a departure is on sale. */
    status: string;
    open: string;
  };
  /** The resource of bookings (one per reseller booking) and the fields the protocol reads and writes. */
  bookings: {
    resource: string;
    departure: string;
    product: string;
    /** A reference to the reseller (an `apiClient` resource) that made it. */
    reseller: string;
    resellerReference: string;
    /** The booking's UUID as the protocol names it (the reseller's own, or one drawn by the server). */
    uuid: string;
    /** The supplier's reference, also the ticket's code at the gate. */
    code: string;
    /** An inline collection of `{unit, quantity}` lines. */
    lines: { field: string; unit: string; quantity: string };
    contact: { name: string; email: string; phone: string; notes: string };
    /** Until when an unconfirmed booking holds its seats. */
    until: string;
    /** The setting (`{group}.{key}`) of how many minutes a hold lasts when the reseller names none. */
    holdMinutes: `${string}.${string}`;
    confirmedAt: string;
    cancelledAt: string;
    /** Why it was cancelled. */
    reason: string;
    /** Its total and what a cancellation gave back (the cancellation's refund: FULL, PARTIAL or NONE). */
    money: { total: string; refunded: string };
    checkedInAt?: string;
    /** The booking's workflow states as the protocol's statuses. */
    states: { onHold: string; confirmed: readonly string[]; cancelled: readonly string[]; expired: readonly string[] };
    /**
     * The values of a new booking (under the departure's lock, seats checked as a customer's): `lines` are the
     * units asked; the answer is inserted as the booking.
     */
    reserve: (ctx: DataContext, request: ResaleRequest) => Promise<Record<string, unknown>>;
    /** The transitions the system runs: confirm (with the reseller's account as the money's evidence), cancel. */
    confirm: { action: string; input: (resellerId: number) => Record<string, unknown> };
    cancel: { action: string };
  };
}

/** What a reseller asks to book (or, with `booking`, to change an on-hold booking into). */
export interface ResaleRequest {
  departureId: number;
  lines: { unit: string; quantity: number }[];
  resellerId: number;
  resellerReference: string | null;
  uuid: string;
  holdMinutes?: number;
  contact: { name?: string | null; email?: string | null; phone?: string | null; notes?: string | null };
  /** The on-hold booking being changed: its own hold does not count against the seats. */
  booking?: Row;
}

/** Rows of this resource are API clients (resellers): a key shown once, stored as a SHA-256 hash. */
export interface ApiClient {
  /** The hidden field holding the key's hash (hex). */
  hash: string;
  /** The name under which the key is answered, once, on create and on rotation. */
  key: string;
  /** The states in which the key opens the API. */
  activeIn: readonly string[];
  /** The field naming the client. */
  name: string;
}

export interface ResourceConfig<F extends Record<string, Field> = Record<string, Field>> {
  /** API name: `/api/{name}`. */
  name: string;
  /** Table name; defaults to the name in snake case. */
  table?: string;
  /**
   * URL paths under `/{locale}/admin/`, `/{locale}/partner/` and `/{locale}/account/` (the customer's area); null
   * or absent when the area has no screen.
   */
  paths: { admin?: string | null; partner?: string | null; account?: string | null };
  menu?: {
    group: MenuGroup;
    icon?: string;
    order?: number;
    /** A filter whose row count is shown on the menu entry (e.g. items waiting for review). */
    badge?: Readonly<Record<string, unknown>>;
  };
  /** Extra pre-filtered lists of this resource with their own admin paths (moderation queues). */
  queues?: readonly ListQueue[];
  /** Master data lists appear under `admin/master-data/{id}`. */
  masterData?: boolean;
  fields: F;
  /** The field that names a record in pickers, titles and references. */
  recordTitle?: Extract<keyof F, string>;
  list: ListConfig<F>;
  show?: ViewConfig<F>;
  create?: CreateViewConfig<F> | false;
  edit?: ViewConfig<F> | false;
  workflow?: Workflow;
  access: Access;
  /** Instructions shown on the record's page while they apply (how to pay an unpaid order). */
  instructions?: readonly Instructions[];
  /** Who is told of new rows (SPEC §8); the event is `{resource}.create`. See NotifyRule. */
  notify?: { create?: readonly NotifyRule[] };
  /** Rules over several fields (an end not before its start, a maximum not below its minimum). */
  rules?: readonly FieldRule<Extract<keyof F, string>>[];
  hooks?: Hooks;
  endpoints?: Readonly<Record<string, Endpoint>>;
  /** A unique field that also opens a record in URLs and the API (`/api/settings/general`). */
  lookupField?: Extract<keyof F, string>;
  /** Append-only ledgers: no update or delete for anyone. */
  appendOnly?: boolean;
  /** SQL aggregates for dashboards and statistics. */
  stats?: StatsConfig;
  /** Extra composite indexes (each a list of columns). */
  indexes?: readonly (readonly string[])[];
  /** Sets of fields whose values together are unique (one row per `source` + `externalId`). */
  uniques?: readonly (readonly Extract<keyof F, string>[])[];
  /**
   * Rows of this resource hold part of a counter of the row they reference until a deadline (a booking's seats
   * until its hold ends): see Holds. The counter stores what is settled; reads add the holds still running.
   */
  holds?: Holds;
  /** Sold by resellers through the supplier protocol (OCTO): see Resale. */
  resale?: Resale;
  /** Its rows are API clients: a key shown once (the create answer, rotation), stored hashed. See ApiClient. */
  apiClient?: ApiClient;
  /** Nobody may write it through the API (written by the server, e.g. the audit log). */
  serverOnly?: boolean;
  /** How its changes travel on the live event stream (`GET /api/events`); see LiveConfig. */
  live?: LiveConfig;
  /** This resource is the audit trail: a record's history tab lists its rows (`resource`, `recordId`). */
  auditLog?: boolean;
  /**
   * This resource holds the notifications the `notify` rules write (fields `recipientKind`, `recipientId`,
   * `event`, `resource`, `recordId`, `message`, `readAt`).
   */
  notificationStore?: boolean;
  /**
   * This resource is the mail outbox the delivery worker sends from (fields `recipient`, `locale`, `template`,
   * `params`, `notificationId`, the workflow `status` pending/sent/failed, `attempts`, `nextAttemptAt`,
   * `lastError`, `messageId`, `sentAt`).
   */
  mailStore?: boolean;
  /** Fixed screens of an area that show this resource's list as a panel (e.g. the partner's `revenue`). */
  panelOf?: { admin?: string; partner?: string };
  /**
   * This resource holds the settings groups: `ctx.settings(group)` reads the row whose `lookupField` is the group
   * and returns its JSON field (the values).
   */
  settingsStore?: boolean;
  /**
   * Review beside the live data: the show page puts the record referenced by `via` next to this one, field by
   * field (`fields`: this resource's field → the referenced resource's field), e.g. a proposed profile vs the live one.
   */
  compare?: { via: string; fields: Readonly<Record<string, string>> };
  /**
   * Records of other resources started from this one's page, a button each (label `resources.{name}.actions.{key}`),
   * shown to accounts that may create them in an area that has their screen: the form opens with `field` set to
   * this record (e.g. a refund request or a complaint on an order). `in`: only while the record is in these states.
   */
  followUps?: Readonly<Record<string, FollowUp>>;
  /**
   * An area's own record page for this resource, in place of the generated one (as `paths` names its screens per
   * area): e.g. the customer's order is a ticket, not the back-office's tabs. See RecordPage.
   */
  pages?: { admin?: { show?: RecordPage }; partner?: { show?: RecordPage }; account?: { show?: RecordPage } };
  /** Tables of the record's endpoints under its page (a departure's manifest): see RecordTable. */
  recordTables?: readonly RecordTable[];
  /** The show page displays a record endpoint of the record referenced by `via` (e.g. the partner's balance). */
  aside?: { via: string; endpoint: string };
  /** Named client widgets shown above the admin list of this resource (e.g. `health` on the system screen). */
  widgets?: readonly string[];
  /** Rows of this resource are accounts that can sign in (email + password field). */
  account?: {
    kind: AccountKind;
    /** The field holding an admin's sub-role. */
    roleField?: string;
    /** Workflow states in which the account may sign in (default: any). */
    loginStates?: readonly string[];
    /** Field stamped with the time of each successful sign-in. */
    lastLoginField?: string;
    /** Fields tried in order for the name shown for the signed-in account (`me.fullName`). */
    nameField?: string | readonly string[];
    /** The field holding the account's language: its notifications and mails are written in it. */
    localeField?: string;
    /**
     * A datetime field stamped when the account proved it owns its email. While it is empty the account cannot
     * sign in (403, and a new link is mailed). An account created with it explicitly `null` (a self sign-up) is
     * sent a verification link; one created by someone else (an administrator) counts as verified. An account
     * that changes its own email keeps its proved one until it opens the link mailed to the new one (see
     * `pendingEmailField`).
     */
    verifiedField?: string;
    /**
     * Where a new email the account gave itself waits until the link mailed to it is opened; then it becomes the
     * account's email (stamped verified) and the account's other sessions end. Whether the new address is free or
     * already another account's, the change is answered and read back alike (a taken one is mailed a warning
     * instead of a link, and never takes effect).
     */
    pendingEmailField?: string;
    /** `POST /api/auth/signup` creates an account of this resource from these fields (its create rules). */
    signUp?: readonly string[];
    /**
     * The account may turn on two-step sign-in (TOTP) for itself. `requiredFor` names the setting (`{group}.{key}`)
     * listing the roles (values of `roleField`) that must: such an account without it may only set it up.
     */
    twoFactor?: { requiredFor?: `${string}.${string}` };
  };
}

export type AnyResource = ResourceConfig<Record<string, Field>>;

/**
 * A record page laid out for its reader: a picture and a title on top, then sections of lines. A line names a field
 * of the record, or `{ref}.{field}`: a field of the record a reference points to, read as the reader may read it
 * (a service's public title). Lines without a value are left out (unless the field is `showEmpty`), and so is a
 * section left with nothing; a line naming a field its resource does not have is skipped. Sections are titled by
 * the resource's `groups` labels. The workflow's actions and follow-ups come as on every record page.
 */
export interface RecordPage {
  /** The page's head: a title line and the first picture of an images line. */
  hero?: { title: string; image?: string };
  sections: readonly RecordPageSection[];
}

export interface RecordPageSection {
  /** Labelled `resources.{name}.groups.{name}`. */
  name: string;
  fields?: readonly string[];
  /** The `instructions` that apply now (how to pay). */
  instructions?: boolean;
  /**
   * A field drawn large as text and as a QR code, for a scanner at the door (a ticket's code); the section's `fields`
   * are drawn beside it (the trip the ticket is for).
   */
  code?: string;
  /** The workflow's states the section is drawn in (a ticket only while the booking is paid or confirmed); all without. */
  whileIn?: readonly string[];
  /**
   * Values a GET record endpoint answers (what the reader may not read on the referenced records themselves, e.g.
   * the organiser's phone): each key as text, `phone` keys as a link that calls. Labelled
   * `resources.{name}.endpoints.{endpoint}.fields.{key}`.
   */
  endpoint?: { name: string; fields: Readonly<Record<string, 'text' | 'phone'>> };
}

/** A record of another resource started from a record's page: see `followUps`. */
export interface FollowUp {
  resource: string;
  /** The other resource's reference to this one. */
  field: string;
  in?: readonly string[];
  /** A Material icon drawn beside the button's text. */
  icon?: string;
  /**
   * A record endpoint (GET) of this resource whose answer the new record's form starts with, field by field (a
   * refund request's amount: what is still refundable on the order). The server checks the values again. An answer
   * carrying `refusal` (why the account may not start it now), or a refusal of the endpoint itself (a 4xx), withdraws
   * the follow-up: nothing is offered that the server would refuse.
   */
  prefill?: string;
}

/** Declares a resource; the generic keeps field names checked in list, show and form definitions. */
export function defineResource<const F extends Record<string, Field>>(config: ResourceConfig<F>): ResourceConfig<F> {
  return config;
}

export function tableName(resource: AnyResource): string {
  return resource.table ?? resource.name.replace(/-/g, '_');
}

export function statusField(resource: AnyResource): string | undefined {
  return resource.workflow ? (resource.workflow.field ?? 'status') : undefined;
}

export function transitionSources(transition: Transition, principal?: Principal): readonly string[] {
  const narrowed =
    principal && principal.kind !== 'public'
      ? transition.fromFor?.[principal.kind === 'admin' ? principal.role : principal.kind]
      : undefined;
  const from = narrowed ?? transition.from;
  return typeof from === 'string' ? [from] : from;
}

/** What a resource's aggregates measure, each labelled under `resources.{name}.stats.`: count, sums, measures, rates. */
export function statsMetrics(stats: StatsConfig): string[] {
  return [...summaryMetrics(stats), ...Object.keys(stats.rates ?? {})];
}

/** What the summary and the series answer: the row count, each sum and each measure. */
export function summaryMetrics(stats: StatsConfig): string[] {
  return ['count', ...(stats.sum ?? []), ...Object.keys(stats.measures ?? {})];
}

/** The field a summary metric adds up (a sum's own, a measure's `sum`); none for the count. */
export function summedField(stats: StatsConfig, metric: string): string | undefined {
  if (metric === 'count') return undefined;
  return stats.measures?.[metric]?.sum ?? metric;
}
