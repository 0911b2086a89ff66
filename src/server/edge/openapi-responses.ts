/** Building blocks of the OpenAPI document shared by the generated REST paths and the statistics paths. */
export type Schema = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

export const json = (schema: Schema, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

export const ERRORS = {
  '400': errorResponse('Bad input: `errors` has a message per field'),
  '401': errorResponse('Signed out'),
  '403': errorResponse('Not allowed'),
  '404': errorResponse('Unknown, or outside the caller’s scope'),
  '503': errorResponse('No database connection in time, or the database is away: try again after `Retry-After`'),
};
