/**
 * What the database's failures mean to a client (SPEC §10). Each kind has an answer the client can act on; every
 * other error keeps its own meaning (a constraint is bad input, anything unknown is a bug with its 500 and stack).
 *
 * - `busy`: a write waited for a record another session holds longer than the lock limit: 409, try again.
 * - `slow`: a statement ran past its limit: 503 with Retry-After; the database is there, so it is no outage.
 * - `unavailable`: no connection in time, a connection that broke, a database that is away: 503 with Retry-After.
 */
export type FaultKind = 'busy' | 'slow' | 'unavailable';

/** A fault the server raises itself before the database is involved (its own queues and gates). */
export class DatabaseFault extends Error {
  constructor(
    readonly kind: FaultKind,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseFault';
  }
}

/** SQLSTATE classes of a session or server that is gone: connection exceptions, resources, operator, system. */
const UNAVAILABLE_CLASSES = ['08', '53', '57P', '58'];

/** Socket errors of a server that cannot be reached or dropped the connection. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a checkout timeout, a broken connection and a read timeout as plain errors with these
 * messages (no code), and so does a pool used after it was ended (a request still running at shutdown).
 */
const CLIENT_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The fault a database error stands for, or undefined when it is something else (input, a bug). */
export function faultOf(error: unknown): FaultKind | undefined {
  if (error instanceof DatabaseFault) return error.kind;
  if (!(error instanceof Error)) return undefined;
  const code = codeOf(error);
  if (code === '55P03') return 'busy';
  if (code === '57014') return 'slow';
  // idle_in_transaction_session_timeout ended the session (and rolled its transaction back).
  if (code === '25P03') return 'unavailable';
  if (code && /^[0-9A-Z]{5}$/.test(code))
    return UNAVAILABLE_CLASSES.some((c) => code.startsWith(c)) ? 'unavailable' : undefined;
  if (code && SOCKET_ERRORS.has(code)) return 'unavailable';
  if (CLIENT_MESSAGES.test(error.message)) return 'unavailable';
  // A failed connect may come wrapped (AggregateError of each address tried).
  if (error instanceof AggregateError)
    return error.errors.some((e) => faultOf(e) === 'unavailable') ? 'unavailable' : undefined;
  return undefined;
}

/** One line that says why, for the outage log: the code and the message, never a stack. */
export function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = codeOf(error);
  const message = error.message || (error instanceof AggregateError ? error.errors.map(causeOf).join('; ') : '');
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
