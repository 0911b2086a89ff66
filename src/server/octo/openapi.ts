import type { AnyResource } from '../../core/resource';
import type { Schema } from '../edge/openapi-responses';

/** OCTO's error body (SPEC §19): `{error, errorMessage}` and the id it names (`productId`, `uuid`…). */
const OCTO_ERROR = {
  type: 'object',
  required: ['error', 'errorMessage'],
  properties: { error: { type: 'string' }, errorMessage: { type: 'string' } },
};
const ok = (description: string, array = false) => ({
  description,
  content: {
    'application/json': { schema: array ? { type: 'array', items: { type: 'object' } } : { type: 'object' } },
  },
});
const error = (description: string) => ({ description, content: { 'application/json': { schema: OCTO_ERROR } } });
const body = (required: string[], properties: Record<string, Schema>) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});
const uuid = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

const common = {
  '401': error('UNAUTHORIZED: no key, an unknown key, or a suspended reseller’s'),
  '429': error('TOO_MANY_REQUESTS: this key’s calls per minute are spent; see Retry-After'),
};
const refusals = (codes: string) => ({ '400': error(codes), ...common });
const units = {
  type: 'array',
  items: { type: 'object', required: ['unitId'], properties: { unitId: { type: 'string' } } },
};
const contact = {
  type: 'object',
  properties: {
    fullName: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    emailAddress: { type: 'string', format: 'email' },
    phoneNumber: { type: 'string' },
    notes: { type: 'string' },
  },
};
const product = { productId: { type: 'string' }, optionId: { type: 'string', enum: ['DEFAULT'] } };
const days = { localDateStart: { type: 'string', format: 'date' }, localDateEnd: { type: 'string', format: 'date' } };

/**
 * The OCTO routes in the OpenAPI document (tag `octo`, bearer security), when a config offers a resource for resale
 * and declares the API clients; their bodies and answers are OCTO core's (docs.octo.travel, `@octocloud/types`).
 */
export function octoPaths(resources: readonly AnyResource[]): Record<string, Schema> {
  if (!resources.some((resource) => resource.resale) || !resources.some((resource) => resource.apiClient)) return {};
  const op = (summary: string, responses: Schema, extra: Schema = {}) => ({
    tags: ['octo'],
    summary,
    security: [{ octo: [] }],
    ...extra,
    responses,
  });
  return {
    '/api/octo/supplier': { get: op('The supplier: the platform', { '200': ok('OCTO Supplier'), ...common }) },
    '/api/octo/products': {
      get: op('The public services as OCTO products, their ticket types as units', {
        '200': ok('OCTO Product[]', true),
        ...common,
      }),
    },
    '/api/octo/products/{id}': {
      get: op(
        'One product',
        { '200': ok('OCTO Product'), ...refusals('INVALID_PRODUCT_ID') },
        { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] },
      ),
    },
    '/api/octo/availability/calendar': {
      post: op(
        'Each day of a range: its departures together (a day without any is CLOSED)',
        {
          '200': ok('OCTO AvailabilityCalendar[]', true),
          ...refusals('BAD_REQUEST, INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID'),
        },
        { requestBody: body(['productId', 'optionId', 'localDateStart', 'localDateEnd'], { ...product, ...days }) },
      ),
    },
    '/api/octo/availability': {
      post: op(
        'The departures of a day (`localDate`), a range, or by `availabilityIds` (their local start with offset)',
        {
          '200': ok('OCTO Availability[]', true),
          ...refusals('BAD_REQUEST, INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, INVALID_AVAILABILITY_ID'),
        },
        {
          requestBody: body(['productId', 'optionId'], {
            ...product,
            localDate: { type: 'string', format: 'date' },
            ...days,
            availabilityIds: { type: 'array', items: { type: 'string' } },
          }),
        },
      ),
    },
    '/api/octo/bookings': {
      post: op(
        'Reserve: a booking ON_HOLD holding its seats until `utcExpiresAt`',
        {
          '200': ok('OCTO Booking'),
          ...refusals(
            'BAD_REQUEST, INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, INVALID_AVAILABILITY_ID, UNPROCESSABLE_ENTITY (sold out, more units than vacancies, no unit items)',
          ),
        },
        {
          requestBody: body(['productId', 'optionId', 'availabilityId', 'unitItems'], {
            ...product,
            uuid: { type: 'string', format: 'uuid' },
            availabilityId: { type: 'string' },
            expirationMinutes: { type: 'integer', minimum: 1, maximum: 1440 },
            resellerReference: { type: 'string' },
            notes: { type: 'string' },
            unitItems: units,
            contact,
          }),
        },
      ),
      get: op(
        'This reseller’s bookings with a reference (one of the two is required)',
        { '200': ok('OCTO Booking[]', true), ...refusals('BAD_REQUEST') },
        {
          parameters: [
            { name: 'resellerReference', in: 'query', schema: { type: 'string' } },
            { name: 'supplierReference', in: 'query', schema: { type: 'string' } },
          ],
        },
      ),
    },
    '/api/octo/bookings/{uuid}': {
      get: op(
        'One booking of this reseller',
        { '200': ok('OCTO Booking'), ...refusals('INVALID_BOOKING_UUID') },
        {
          parameters: [uuid],
        },
      ),
      patch: op(
        'Change the reference, contact and notes; while on hold the units, the availability and the expiry',
        {
          '200': ok('OCTO Booking'),
          ...refusals('BAD_REQUEST, INVALID_BOOKING_UUID, INVALID_UNIT_ID, UNPROCESSABLE_ENTITY'),
        },
        {
          parameters: [uuid],
          requestBody: body([], {
            resellerReference: { type: 'string' },
            availabilityId: { type: 'string' },
            expirationMinutes: { type: 'integer' },
            unitItems: units,
            contact,
            notes: { type: 'string' },
          }),
        },
      ),
    },
    '/api/octo/bookings/{uuid}/extend': {
      post: op(
        'Hold an on-hold booking longer',
        { '200': ok('OCTO Booking'), ...refusals('INVALID_BOOKING_UUID, UNPROCESSABLE_ENTITY') },
        {
          parameters: [uuid],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { expirationMinutes: { type: 'integer' } } },
              },
            },
          },
        },
      ),
    },
    '/api/octo/bookings/{uuid}/confirm': {
      post: op(
        'Confirm with the traveller’s contact: CONFIRMED, paid on the reseller’s account, tickets as QR codes',
        { '200': ok('OCTO Booking'), ...refusals('BAD_REQUEST, INVALID_BOOKING_UUID, UNPROCESSABLE_ENTITY') },
        { parameters: [uuid], requestBody: body(['contact'], { contact, resellerReference: { type: 'string' } }) },
      ),
    },
    '/api/octo/bookings/{uuid}/cancel': {
      post: op(
        'Cancel: seats back at once; a confirmed booking is credited to the reseller under the service’s terms',
        { '200': ok('OCTO Booking'), ...refusals('INVALID_BOOKING_UUID, UNPROCESSABLE_ENTITY') },
        {
          parameters: [uuid],
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
          },
        },
      ),
    },
  };
}
