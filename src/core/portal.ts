/**
 * The fixed screens of an owner's area (the partner portal, the customer's area), as data: which lists, records and
 * endpoint results each screen shows, named by resource and field. The product's values live in
 * `resources/partner-portal.ts` and `resources/customer-area.ts`; the area code reads only this shape, so it never
 * names an entity.
 *
 * Every resource is read through the normal API, so the server's row scope applies to every widget.
 */

/**
 * A filter value resolved on the client against the signed-in day: `$today`, `$today+7`, `$today-1`.
 * Other values pass through unchanged.
 */
export type DateToken = `$today${'' | `+${number}` | `-${number}`}`;

interface WidgetBase {
  /** i18n key under `app.portal.widgets.` for the title (and a help text at `{name}Help`). */
  name: string;
  /** Grid width from the `md` breakpoint up: a half or the full row (phones always get the full row). */
  width?: 'third' | 'half' | 'full';
}

/** The first rows of a scoped list, with the total and a link to the full list filtered the same way. */
export interface ListWidget extends WidgetBase {
  kind: 'list';
  resource: string;
  filter?: Readonly<Record<string, unknown>>;
  sort?: readonly [string, 'ASC' | 'DESC'];
  /** Fields shown per row: the first is the row's title, the others its details. */
  fields: readonly string[];
  limit?: number;
  /**
   * A row opens this follow-up of the resource (its form, started from the row) instead of the row's page: the list
   * is of things to do, such as trips to review.
   */
  followUp?: string;
}

/** The signed-in account's own record: its workflow state and, when set, the reason of the last decision. */
export interface AccountWidget extends WidgetBase {
  kind: 'account';
  /** Fields of the account shown below the status (e.g. the live profile). */
  fields?: readonly string[];
  /** Show a form for the fields of these groups of the account's edit view the account may write. */
  editGroups?: readonly string[];
  /** Show a form for these fields of the account (a password field asks for the current one beside it). */
  editFields?: readonly string[];
}

/**
 * The account's single row of a resource scoped to it with a unique owner field (e.g. the proposed profile):
 * its fields, status, reason and workflow actions, with links to edit it or create it when missing.
 */
export interface OwnRecordWidget extends WidgetBase {
  kind: 'ownRecord';
  resource: string;
  fields: readonly string[];
}

/** Numbers of a GET record endpoint of the account's resource (`/api/{account}/{id}/{endpoint}`) shown as money. */
export interface AmountsWidget extends WidgetBase {
  kind: 'amounts';
  endpoint: string;
  keys: readonly string[];
  /** The main key, shown large. */
  main?: string;
  /** Shows the change of `[current, previous]` as a percentage. */
  compare?: readonly [string, string];
}

/** A time series of an account endpoint as a chart: `series` is an array of `{ [x]: label, [y…]: minor units }`. */
export interface ChartWidget extends WidgetBase {
  kind: 'chart';
  endpoint: string;
  series: string;
  x: string;
  y: readonly string[];
}

export type ColumnKind = 'money' | 'number' | 'text' | 'localized' | 'percent';

/** Rows of an account endpoint (e.g. earnings per service) as a table. */
export interface TableWidget extends WidgetBase {
  kind: 'table';
  endpoint: string;
  rows: string;
  columns: readonly { key: string; kind: ColumnKind }[];
}

/** A bound on a create form's number field, read from an endpoint result or a settings group. */
export type Bound = { endpoint: string; key: string } | { settings: string; key: string };

/**
 * A scoped list of a resource on the screen, with its create form when the account may create rows
 * (e.g. withdrawal requests). `limits` check the form before it is sent; the server checks again.
 */
export interface PanelWidget extends WidgetBase {
  kind: 'panel';
  resource: string;
  limits?: Readonly<Record<string, { min?: Bound; max?: Bound }>>;
}

/** The account's own two-step sign-in: set it up, its recovery codes, turn it off (SPEC §12). */
export interface TwoFactorWidget extends WidgetBase {
  kind: 'twoFactor';
}

/**
 * A scanner for the guide at the door: reads a code with the camera (the browser's `BarcodeDetector`, else a decoder
 * library), from a photo, or typed, and posts `{[field]: code}` to the collection endpoint
 * `/api/{resource}/-/{endpoint}` (which must answer a repeated post alike). It keeps working offline: a service worker
 * keeps the screen and its reads, and posts made without network wait in the browser, counted on screen, until it
 * is back. Beside it, the record table `pick.table` of one of the records `pick` lists (e.g. today's departures).
 */
export interface ScanWidget extends WidgetBase {
  kind: 'scan';
  resource: string;
  endpoint: string;
  field: string;
  pick: {
    resource: string;
    filter?: Readonly<Record<string, unknown>>;
    sort?: readonly [string, 'ASC' | 'DESC'];
    /** Fields that name a record in the picker (references by their display field). */
    label: readonly string[];
    /** The record table (`recordTables`) of the picked record shown under the scanner. */
    table: string;
    /**
     * The body field each scan sends the picked record's id in (`scheduleId`): the server refuses a code that
     * belongs to another record. Without it, scans name only their code.
     */
    send?: string;
    /**
     * The date field (read at its `time` field's hour when it names one) that picks the record the screen opens on
     * when its address names none: today's record whose moment is nearest to now, else the next one to come; one
     * of a day gone by only when nothing else is offered.
     */
    preselect?: string;
  };
  /**
   * How a scan's answer is told (its fields by name): whether the code had been accepted before (a second scan,
   * shown apart, as a warning), when it first was, whom it is for, and what it holds (a localized name, or a
   * code when there is none, and a count per item: "Noy P. · 2 × Adult, 1 × Child").
   */
  answer?: {
    again?: string;
    at?: string;
    who?: string;
    items?: { list: string; name: string; code: string; count: string };
  };
}

export type Widget =
  | ListWidget
  | AccountWidget
  | OwnRecordWidget
  | AmountsWidget
  | ChartWidget
  | TableWidget
  | PanelWidget
  | TwoFactorWidget
  | ScanWidget;

export interface PortalScreen {
  /** Path below the area's basename ('' is its entry). */
  path: string;
  /** i18n key under `app.portal.screens.` */
  name: string;
  icon?: string;
  widgets: readonly Widget[];
}

export interface Portal {
  screens: readonly PortalScreen[];
  /** The menu: fixed screens and resource screens by path, in order. */
  menu: readonly string[];
  /**
   * What a record's own address (`{path}/{id}`) opens: its form (`edit`, react-admin's default) or, in an area
   * whose records are read and acted on rather than edited, its page (`show`).
   */
  recordPage?: 'edit' | 'show';
}

export function definePortal(portal: Portal): Portal {
  return portal;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a day offset from `now` (UTC calendar days, as `date` fields are stored). */
export function isoDay(now: Date, offsetDays = 0): string {
  return new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** Resolves the date tokens of a widget filter. */
export function resolveFilter(
  filter: Readonly<Record<string, unknown>> | undefined,
  now: Date,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    const match = typeof value === 'string' ? /^\$today(?:([+-])(\d+))?$/.exec(value) : null;
    out[key] = match ? isoDay(now, match[1] ? Number(`${match[1]}${match[2]}`) : 0) : value;
  }
  return out;
}
