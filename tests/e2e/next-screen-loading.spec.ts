import { expect, test } from '@playwright/test';

// A phone, touched rather than clicked.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a slow phone, a tap that opens a screen still being made shows the loading bar over the booking left, until the form is there', async ({
  page,
}) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'user@example.com', password: 'User#2026' },
  });
  expect(login.status()).toBe(200);
  const orders = (await (await page.request.get('/api/orders?range=[0,0]&sort=["id","DESC"]')).json()) as {
    id: number;
  }[];
  await page.goto(`/en/account/orders/${orders[0].id}`);
  const booking = page.getByTestId('record-page');
  const report = page.getByRole('link', { name: 'Report a problem' });
  await expect(report).toBeVisible();
  // No bar for the screen the page opened with.
  await expect(page.getByTestId('loading-next')).toHaveCount(0);
  // A slow phone: the form takes a while to be made.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await report.tap();
  await expect(page).toHaveURL(/\/en\/account\/complaints\/create/);
  // The booking stays on the screen while the form is made, and the bar says something is on its way.
  await expect(page.getByTestId('loading-next')).toBeVisible();
  await expect(booking).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('loading-next')).toHaveCount(0);
});
