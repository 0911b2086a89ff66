import { errorResponse, json, type Schema } from '../../edge/openapi-responses';

const codeBody = (recovery: boolean): Schema => ({
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          code: { type: 'string', pattern: '^\\d{6}$', description: 'The six digits the app shows now' },
          ...(recovery && {
            recoveryCode: { type: 'string', description: 'One of the recovery codes, instead of `code` (once each)' },
          }),
        },
      },
    },
  },
});

const recoveryCodes = json({
  type: 'object',
  properties: { recoveryCodes: { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 } },
});

const tooMany = errorResponse('5 wrong codes: wait `Retry-After` seconds');
const signedIn = {
  '401': errorResponse('Signed out'),
  '403': errorResponse('The account kind has no two-step sign-in'),
};

/** The two-step sign-in routes (SPEC §12) in the OpenAPI document. */
export const TWO_FACTOR_PATHS: Record<string, Schema> = {
  '/api/auth/two-factor': {
    get: {
      tags: ['auth'],
      summary: 'The signed-in account’s two-step sign-in: on or off, required by its role, recovery codes left',
      responses: {
        '200': json({
          type: 'object',
          properties: {
            enabled: { type: 'boolean' },
            required: { type: 'boolean' },
            recoveryCodesLeft: { type: 'integer' },
          },
        }),
        ...signedIn,
      },
    },
  },
  '/api/auth/two-factor/setup': {
    post: {
      tags: ['auth'],
      summary:
        'Start setting up: a new TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s) and its otpauth:// URL for the QR code',
      responses: {
        '200': json({
          type: 'object',
          properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } },
        }),
        ...signedIn,
        '409': errorResponse('Already on: the secret is never shown again'),
      },
    },
  },
  '/api/auth/two-factor/enable': {
    post: {
      tags: ['auth'],
      summary: 'Turn it on with a first code from the app; answers 10 recovery codes, shown once (stored hashed)',
      requestBody: codeBody(false),
      responses: {
        '200': recoveryCodes,
        '400': errorResponse('No code, or not the right one'),
        ...signedIn,
        '409': errorResponse('Already on, or no setup started'),
        '429': tooMany,
      },
    },
  },
  '/api/auth/two-factor/verify': {
    post: {
      tags: ['auth'],
      summary: 'The second step of a sign-in whose password answered `{twoFactor: true}`: sets the session cookie',
      description:
        'Needs the `lantern_two_factor` cookie of that sign-in (5 minutes). Each code is accepted once (one step of ' +
        'drift either way); each recovery code once.',
      requestBody: codeBody(true),
      responses: {
        '200': json({ type: 'object', description: 'The `auth/me` body' }),
        '400': errorResponse('Neither a code nor a recovery code'),
        '401': errorResponse('Wrong or already used code, or no sign-in waiting for it'),
        '429': tooMany,
      },
    },
  },
  '/api/auth/two-factor/disable': {
    post: {
      tags: ['auth'],
      summary: 'Turn one’s own two-step sign-in off, with a code (or a recovery code); audited',
      requestBody: codeBody(true),
      responses: {
        '200': json({ type: 'object', properties: { enabled: { const: false } } }),
        '400': errorResponse('No code, or not the right one'),
        ...signedIn,
        '409': errorResponse('Not on'),
        '429': tooMany,
      },
    },
  },
  '/api/auth/two-factor/recovery-codes': {
    post: {
      tags: ['auth'],
      summary: 'New recovery codes (with a code of the app), replacing every earlier one; audited',
      requestBody: codeBody(false),
      responses: {
        '200': recoveryCodes,
        '400': errorResponse('No code, or not the right one'),
        ...signedIn,
        '409': errorResponse('Not on'),
        '429': tooMany,
      },
    },
  },
};
