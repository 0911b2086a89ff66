import { HttpError } from 'react-admin';

/**
 * The server's answers to a sick database (SPEC §10), as the apps act on them:
 * - `busy`: 409 with Retry-After: a record another change holds; the same request may simply be sent again;
 * - `unavailable`: 503 (no connection in time, the database away, the server starting), or no answer at all.
 * Both are shown as a toast with a Retry button (FaultToast.tsx), and an unavailable one makes the database
 * banner check `/api/health` at once (health-watch.ts).
 */
export type FaultKind = 'busy' | 'unavailable';

/** The message keys the http client rejects with; the toast recognises them (translated in every language). */
export const FAULT_MESSAGES: Record<FaultKind, string> = {
  busy: 'app.fault.busy',
  unavailable: 'app.fault.unavailable',
};

export function faultOfAnswer(status: number, headers: Headers | undefined): FaultKind | undefined {
  if (status === 503) return 'unavailable';
  if (status === 409 && headers?.has('Retry-After')) return 'busy';
  return undefined;
}

export function faultOfMessage(message: unknown): FaultKind | undefined {
  return (Object.keys(FAULT_MESSAGES) as FaultKind[]).find((kind) => FAULT_MESSAGES[kind] === message);
}

interface Fault {
  kind: FaultKind;
  /** Sends the failed write again; absent for reads, which a refresh fetches again. */
  replay?: () => Promise<unknown>;
}

let latest: Fault | undefined;
const listeners = new Set<(kind: FaultKind) => void>();

/**
 * The http client's record of a fault, just before the caller sees the rejection (and shows its message, which
 * the toast turns into a Retry of this very request).
 */
export function recordFault(fault: Fault, status: number, body: unknown): HttpError {
  latest = fault;
  for (const listener of listeners) listener(fault.kind);
  return new HttpError(FAULT_MESSAGES[fault.kind], status, body);
}

/** Whether an error is one of these answers (not, say, a 409 for a stale version, which means something else). */
export function isFault(error: unknown): boolean {
  return error instanceof HttpError && faultOfMessage(error.message) !== undefined;
}

/** The fault a toast being shown stands for (taken once: the next toast has its own). */
export function takeLatestFault(): Fault | undefined {
  const fault = latest;
  latest = undefined;
  return fault;
}

export function onFault(listener: (kind: FaultKind) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
