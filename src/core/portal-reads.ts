import { listPath, type ListQuery } from './catalog-requests';
import type { PortalScreen, Widget } from './portal';

/**
 * The API reads a portal widget makes first, as paths under `/api/`: the widgets ask with these and the server
 * answers them inside the page of the portal's home (server/primed-answers.ts), so a primed answer is found by the
 * very string the widget would have fetched.
 */

/** An own-record widget's row: the account's newest row of the resource (the server scopes it to the account). */
export const OWN_RECORD_QUERY = { filter: {}, range: [0, 0], sort: ['id', 'DESC'] } as const satisfies ListQuery;

/** A GET record endpoint of the signed-in account's own row (balance, earnings). */
export const accountEndpointPath = (accountResource: string, id: number | string, endpoint: string) =>
  `${accountResource}/${encodeURIComponent(String(id))}/${encodeURIComponent(endpoint)}`;

export const recordPath = (resource: string, id: number | string) => `${resource}/${encodeURIComponent(String(id))}`;

/** The transitions the account may run on a record now. */
export const actionsPath = (resource: string, id: number | string) => `${recordPath(resource, id)}/actions`;

export interface PortalAccount {
  /** The resource whose rows are accounts of the signed-in kind (e.g. partners). */
  resource: string;
  id: number | string;
}

/**
 * What a widget reads before it can draw, given the signed-in account. Lists are left out: their filters hold
 * dates of the visitor's own day, and on a phone they wait below the fold.
 */
function widgetReads(widget: Widget, account: PortalAccount): string[] {
  switch (widget.kind) {
    case 'account':
      return [recordPath(account.resource, account.id)];
    case 'ownRecord':
      return [listPath(widget.resource, OWN_RECORD_QUERY)];
    case 'amounts':
      return [accountEndpointPath(account.resource, account.id, widget.endpoint)];
    default:
      return [];
  }
}

/** The reads that follow another's answer: an own record's workflow actions once the row is known. */
function widgetFollowUps(widget: Widget, answers: Readonly<Record<string, { body: unknown }>>): string[] {
  if (widget.kind !== 'ownRecord') return [];
  const rows = answers[listPath(widget.resource, OWN_RECORD_QUERY)]?.body;
  const id = Array.isArray(rows) ? (rows[0] as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? [actionsPath(widget.resource, id)] : [];
}

/** A screen's first reads, in two rounds: those it can ask at once, then those that need an answer of the first. */
export function screenFirstReads(screen: PortalScreen, account: PortalAccount) {
  return {
    first: [...new Set(screen.widgets.flatMap((widget) => widgetReads(widget, account)))],
    then: (answers: Readonly<Record<string, { body: unknown }>>) => [
      ...new Set(screen.widgets.flatMap((widget) => widgetFollowUps(widget, answers))),
    ],
  };
}
