import { expect, type Page } from '@playwright/test';
import { PARTNER } from './partner-helpers';

/** The lists an admin, a moderator and a partner open most, each with who opens it and what it reads first. */
export const LIST_SCREENS = [
  {
    name: 'the admin’s orders',
    path: '/en/admin/orders',
    api: '/api/orders?',
    email: 'admin@example.com',
    password: 'Admin#2026',
  },
  {
    name: 'the moderator’s service review queue',
    path: '/en/admin/service-review',
    api: '/api/services?',
    email: 'moderator@example.com',
    password: 'Admin#2026',
  },
  { name: 'the partner’s orders', path: '/en/partner/orders', api: '/api/orders?', ...PARTNER },
];

/** Lighthouse's desk and phone: on the phone a list draws items (an owner's area, cards) instead of the table. */
export const LIST_DEVICES = [
  { name: 'a desk', viewport: { width: 1350, height: 940 } },
  { name: 'a phone', viewport: { width: 412, height: 823 } },
];

/** A list's rows as drawn: the table's (not its stand-ins), the phone's items, the owner's cards. */
export const LIST_ROWS = 'table tbody tr, [data-testid="simple-list"] li, [data-testid="card-list"] li';

export async function signInAs(page: Page, screen: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/login', {
    data: { email: screen.email, password: screen.password },
  });
  expect(response.status()).toBe(200);
}
