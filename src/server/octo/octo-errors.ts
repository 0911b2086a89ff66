import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../edge/errors';

/** OCTO's error codes (SPEC §19): each answered as `{error, errorMessage, …}`. */
export type OctoCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'BAD_REQUEST'
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'UNPROCESSABLE_ENTITY'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

/** An OCTO refusal: its code, its sentence, the id it names (`productId`, `uuid`…), its HTTP status (400 mostly). */
export class OctoError extends Error {
  constructor(
    readonly code: OctoCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly status = code === 'UNAUTHORIZED' ? 401 : code === 'TOO_MANY_REQUESTS' ? 429 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new OctoError('BAD_REQUEST', message);
export const unprocessable = (message: string) => new OctoError('UNPROCESSABLE_ENTITY', message);

/**
 * Every error under `/api/octo` in OCTO's shape: its own refusals as they are; the engine's refusals of a booking
 * (409: sold out, too few seats, a departure that has left; 400: a value) as UNPROCESSABLE_ENTITY or BAD_REQUEST
 * with their sentence; a body that is not JSON as BAD_REQUEST; anything else INTERNAL_SERVER_ERROR, logged.
 */
export function octoErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  let octo: OctoError;
  if (error instanceof OctoError) octo = error;
  else if (error instanceof HttpError) {
    const details = error.errors ? Object.values(error.errors).join('; ') : '';
    const message = details && error.message !== details ? `${error.message}: ${details}` : error.message;
    octo =
      error.status === 400
        ? badRequest(message)
        : error.status === 404
          ? new OctoError('BAD_REQUEST', message)
          : unprocessable(message);
  } else if (typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500) {
    const status = (error as FastifyError).statusCode!;
    octo = new OctoError(status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST', error.message, {}, status);
  } else {
    request.log.error({ err: error }, 'OCTO request failed');
    if (process.env.OCTO_DEBUG) console.error(error);
    octo = new OctoError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side', {}, 500);
  }
  reply
    .code(octo.status)
    .headers(octo.headers)
    .send({ error: octo.code, errorMessage: octo.message, ...octo.extra });
}
