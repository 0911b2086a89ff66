import { LOCALES } from '../../core/locales';
import { errorResponse, json, type Schema } from './openapi-responses';

const body = (required: string[], properties: Record<string, Schema>) => ({
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});
const message = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const tooMany = errorResponse('Too many attempts from this client (or for this address): see Retry-After');
const badLink = errorResponse('`This link is invalid or has expired` (bad, used or expired token)');

/** The documentation of sign-up, email verification and password reset (auth/account-routes.ts). */
export const accountPaths: Record<string, Schema> = {
  '/api/auth/signup': {
    post: {
      tags: ['auth'],
      summary:
        'Create a customer account whose email is not verified; the same answer whether or not the address is taken. ' +
        'A new address is mailed a verification link (24 h), a taken one a note that someone tried to sign up with it.',
      requestBody: body(['email', 'fullName', 'password'], {
        email: { type: 'string', format: 'email' },
        fullName: { type: 'string' },
        password: { type: 'string' },
        phone: { type: 'string' },
        locale: { type: 'string', enum: [...LOCALES] },
        redirect: { type: 'string', description: 'A path of this site the verification link sends the account on to' },
      }),
      responses: {
        '202': json(message, 'Accepted: check your email'),
        '400': errorResponse('Invalid input, with a message per field'),
        '429': tooMany,
      },
    },
  },
  '/api/auth/verify-email': {
    post: {
      tags: ['auth'],
      summary: 'Confirm an email address with the mailed token (single use) and sign in: sets the session cookie',
      requestBody: body(['token'], { token: { type: 'string' } }),
      responses: {
        '200': json({ type: 'object' }, 'The signed-in account, as `auth/me`'),
        '400': badLink,
        '403': errorResponse('The account may not sign in (e.g. locked)'),
        '429': tooMany,
      },
    },
  },
  '/api/auth/password-reset': {
    post: {
      tags: ['auth'],
      summary:
        'Ask for a new password: the same answer for any address; an account that may sign in is mailed a link (30 min)',
      requestBody: body(['email'], { email: { type: 'string', format: 'email' } }),
      responses: {
        '202': json(message, 'Accepted'),
        '400': errorResponse('Missing or malformed email'),
        '429': tooMany,
      },
    },
  },
  '/api/auth/password-reset/confirm': {
    post: {
      tags: ['auth'],
      summary:
        'Set a new password with the mailed token (single use): every session of the account ends and its email counts as verified',
      requestBody: body(['token', 'password'], { token: { type: 'string' }, password: { type: 'string' } }),
      responses: {
        '200': json(message),
        '400': errorResponse(
          '`This link is invalid or has expired`, or the password breaks the rules (`errors.password`)',
        ),
        '429': tooMany,
      },
    },
  },
};
