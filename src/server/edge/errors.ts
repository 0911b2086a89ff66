import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { formatEnglish, INVALID_INPUT } from '../../core/messages';
import { faultText } from './caller-language';
import { faultOf, type FaultKind } from '../db/faults';

/** An error that becomes a response in the SPEC's format: `{message, errors?}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Headers the answer carries (`Retry-After` of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export { INVALID_INPUT };

export function badRequest(errors: Record<string, string>, message = INVALID_INPUT): HttpError {
  return new HttpError(400, message, errors);
}

export function notFound(message = 'Not found'): HttpError {
  return new HttpError(404, message);
}

interface DatabaseError {
  code?: string;
  constraint?: string;
  column?: string;
  table?: string;
}

function isDatabaseError(error: unknown): error is DatabaseError & Error {
  return (
    error instanceof Error &&
    typeof (error as DatabaseError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as DatabaseError).code!)
  );
}

/** The column a derived constraint name refers to (`{table}_{column}_{key|fkey|check}`). */
function constraintColumn(error: DatabaseError): string | undefined {
  if (error.column) return error.column;
  if (!error.constraint || !error.table) return undefined;
  const prefix = `${error.table}_`;
  const match = /^(.+)_(key|fkey|check)$/.exec(error.constraint);
  return match && match[1].startsWith(prefix) ? match[1].slice(prefix.length) : undefined;
}

/** The field whose unique value an insert or update found taken (`_` when no field is named), else undefined. */
export function takenField(error: unknown): string | undefined {
  if (!isDatabaseError(error) || error.code !== '23505') return undefined;
  return constraintColumn(error) ?? '_';
}

/** Maps what PostgreSQL refuses about the input to a 4xx; anything else stays a server error. */
export function fromDatabaseError(error: unknown): HttpError | undefined {
  if (!isDatabaseError(error)) return undefined;
  const column = constraintColumn(error);
  const on = (message: string) => (column ? { [column]: message } : undefined);
  switch (error.code) {
    case '23505':
      return badRequest(on(formatEnglish({ key: 'unique' })) ?? {});
    case '23503':
      // On insert/update the referenced row is missing; on delete the row is still referenced.
      return /is still referenced/.test(error.message)
        ? new HttpError(409, 'This record is still referenced by other records')
        : badRequest(on(formatEnglish({ key: 'notFound' })) ?? {});
    case '23502':
      return badRequest(on(formatEnglish({ key: 'required' })) ?? {});
    case '23514':
      return badRequest(on(formatEnglish({ key: 'oneOf' })) ?? {});
    case '40001':
    case '40P01':
      return new HttpError(409, 'The record was changed at the same time; please retry');
  }
  // Class 22: data exceptions (bad number, date, JSON...) come from input that slipped past validation.
  if (error.code!.startsWith('22')) return badRequest({}, INVALID_INPUT);
  return undefined;
}

function bodyOf(error: HttpError) {
  return error.errors && Object.keys(error.errors).length
    ? { message: error.message, errors: error.errors }
    : { message: error.message };
}

/** Seconds a client should wait before it tries again: a busy record frees up soon, a database takes longer. */
export const RETRY_AFTER_SECONDS: Record<FaultKind, number> = { busy: 1, slow: 3, unavailable: 3 };

/**
 * A sick database's answer (SPEC §10), in the caller's language: 409 for a record that stayed locked, 503 with
 * Retry-After for no connection or no answer. Counted as part of an outage, never logged with a stack: the outage
 * is logged once as an event (availability.ts).
 */
export function sendFault(kind: FaultKind, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Retry-After', String(RETRY_AFTER_SECONDS[kind]));
  if (kind === 'busy') return reply.code(409).send({ message: faultText(request, 'busy') });
  return reply.code(503).send({ message: faultText(request, 'unavailable') });
}

/** The one error handler: a JSON body in the SPEC's format, never a stack trace. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.status).send(bodyOf(error));
  }
  const fault = faultOf(error);
  if (fault) {
    if (fault === 'unavailable') request.server.availability?.refused(error);
    // A statement past its limit is one slow request, not an outage: one line, to find the query.
    if (fault === 'slow') request.log.warn(`statement ran past its limit: ${request.method} ${request.url}`);
    return sendFault(fault, request, reply);
  }
  const mapped = fromDatabaseError(error);
  if (mapped) return reply.code(mapped.status).send(bodyOf(mapped));
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const message =
      status === 413
        ? 'Request body is too large'
        : status === 415
          ? 'Unsupported content type'
          : (error as FastifyError).code?.startsWith('FST_ERR_CTP')
            ? 'Malformed request body'
            : error.message || 'Bad request';
    return reply.code(status).send({ message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Internal Server Error' });
}
