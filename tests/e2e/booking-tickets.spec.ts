import { expect, test, type Page } from '@playwright/test';
import { platformDay } from '../support/platform-day';

// A phone held upright, touched rather than clicked.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface TicketType {
  code: string;
  name: Record<string, string>;
  price: number;
}

/** A demo service selling adults' and children's seats, and a departure of it ahead with three seats free. */
async function familyDeparture(page: Page) {
  const services = (await (await page.request.get('/api/services?range=[0,199]&sort=["id","ASC"]')).json()) as {
    id: number;
    ticketTypes: TicketType[];
  }[];
  const tomorrow = platformDay(2);
  for (const service of services.filter((s) => s.ticketTypes?.some((t) => t.code === 'CHILD'))) {
    const filter = encodeURIComponent(JSON.stringify({ serviceId: service.id, startDate_gte: tomorrow }));
    const rows = (await (
      await page.request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
    ).json()) as {
      id: number;
      capacity: number;
      seatsBooked: number;
      priceOverride: number | null;
      priceOverrides: Record<string, number> | null;
    }[];
    const row = rows.find((schedule) => schedule.capacity - schedule.seatsBooked >= 3);
    if (row) {
      const [adult, child] = ['ADULT', 'CHILD'].map((code) => service.ticketTypes.find((t) => t.code === code)!);
      return {
        serviceId: service.id,
        scheduleId: row.id,
        adultPrice: row.priceOverrides?.ADULT ?? row.priceOverride ?? adult.price,
        childPrice: row.priceOverrides?.CHILD ?? child.price,
      };
    }
  }
  throw new Error('no demo departure with children’s seats and three free');
}

const lak = (amount: number) => `LAK ${new Intl.NumberFormat('en').format(amount)}`;

test('on a phone, a traveller books 2 adults + 1 child with the steppers, sees the total as they choose, then the seats by type on the order page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { serviceId, scheduleId, adultPrice, childPrice } = await familyDeparture(page);
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'user@example.com', password: 'User#2026' },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/en/item/${serviceId}?departure=${scheduleId}`);
  const booking = page.getByTestId('booking');
  await expect(booking).toBeVisible();

  // One adult to start with; the steppers are named for screen readers and big enough for a thumb.
  const adults = booking.getByRole('spinbutton', { name: 'Adult' });
  const children = booking.getByRole('spinbutton', { name: 'Child' });
  await expect(adults).toHaveValue('1');
  await expect(children).toHaveValue('0');
  const addAdult = booking.getByRole('button', { name: 'Add one: Adult' });
  const addChild = booking.getByRole('button', { name: 'Add one: Child' });
  const box = (await addChild.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const estimate = page.getByTestId('booking-estimate');
  await expect(estimate).toContainText(lak(adultPrice));

  await addAdult.tap();
  await addChild.tap();
  await expect(adults).toHaveValue('2');
  await expect(children).toHaveValue('1');
  const total = 2 * adultPrice + childPrice;
  await expect(estimate).toContainText(lak(total));
  // Nothing on the form is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByTestId('booking-submit').tap();
  await expect(page).toHaveURL(/\/en\/account\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
  expect(order.lines.map((l: { ticketType: string; quantity: number }) => [l.ticketType, l.quantity])).toEqual([
    ['ADULT', 2],
    ['CHILD', 1],
  ]);
  expect(order.total).toBe(total);

  // The ticket page: a row per ticket type with its seats and price, and the total.
  const rows = page.getByTestId('row-lines');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Adult');
  await expect(rows.nth(0)).toContainText('2');
  await expect(rows.nth(0)).toContainText(lak(adultPrice));
  await expect(rows.nth(1)).toContainText('Child');
  await expect(rows.nth(1)).toContainText(lak(childPrice));
  await expect(page.getByText(lak(total)).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
