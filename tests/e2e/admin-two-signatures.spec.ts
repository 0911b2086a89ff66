import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInContext } from './admin-helpers';

// SPEC §8: above `payments.dualApprovalAbove`, a withdrawal is approved by two different admins. No other suite
// approves money, so the threshold this test sets for the shared server changes nothing of theirs.

const send = async (request: APIRequestContext, baseURL: string, method: 'post' | 'put', url: string, data: object) => {
  const response = await request[method](url, { data, headers: { origin: baseURL } });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
};

test('a large withdrawal waits for a second admin: the first sees their signature and cannot sign again', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const admin = await signedInContext(browser, origin, 'admin@example.com', 'Admin#2026');
  const payments = await (await admin.request.get('/api/settings/payments')).json();
  await send(admin.request, origin, 'put', '/api/settings/payments', {
    ...payments,
    values: { ...payments.values, dualApprovalAbove: 50_000 },
  });
  try {
    const email = `finance.second.${Date.now()}@example.org`;
    await send(admin.request, origin, 'post', '/api/admins', {
      email,
      password: 'Admin#2026',
      fullName: 'Second Signer',
      role: 'finance',
    });
    // The second demo partner: the first one's revenue screen belongs to another suite, which counts its withdrawals.
    const partner = await signedInContext(browser, origin, 'partner2@example.com', 'Partner#2026');
    const withdrawal = await send(partner.request, origin, 'post', '/api/withdrawals', { amount: 100_000 });
    const path = `/en/admin/payments/withdraw-request/${withdrawal.id}/show`;

    const first = await signedInContext(browser, origin, 'finance@example.com', 'Admin#2026');
    const page = await first.newPage();
    await page.goto(path);
    await expect(page.getByTestId('signatures-approve')).toHaveText('Needs 2 approvals');
    await page.locator('[data-action="approve"]').click();
    await expect(page.getByTestId('signatures-approve')).toContainText('1 of 2 signatures: ');
    await expect(page.getByTestId('signatures-approve')).toContainText(
      'You have approved; another admin must approve too',
    );
    await expect(page.locator('[data-action="approve"]')).toBeDisabled();
    expect((await (await first.request.get(`/api/withdrawals/${withdrawal.id}`)).json()).status).toBe('pending');

    const second = await signedInContext(browser, origin, email, 'Admin#2026');
    const secondPage = await second.newPage();
    await secondPage.goto(path);
    await expect(secondPage.getByTestId('signatures-approve')).toContainText('1 of 2 signatures: ');
    await secondPage.locator('[data-action="approve"]').click();
    // Approved: no one may approve any more, and the record says so.
    await expect(secondPage.locator('[data-action="approve"]')).toHaveCount(0);
    await expect
      .poll(async () => (await (await second.request.get(`/api/withdrawals/${withdrawal.id}`)).json()).status)
      .toBe('approved');
  } finally {
    const now = await (await admin.request.get('/api/settings/payments')).json();
    await send(admin.request, origin, 'put', '/api/settings/payments', { ...now, values: payments.values });
  }
});
