/**
 * A signed-in area page goes out with the account inside (`auth/me`), the portal's home with its widgets' first
 * reads too, and an area's home with its app bar and greeting drawn in plain HTML (server/primed-answers.ts,
 * server/first-paint.ts). Signed out, or past the priming budget, the page is the plain shell.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import portal from '../../resources/partner-portal';
import { formatDateTime, formatDayAndTime, formatMoney } from '../../src/core/format';
import { pickLocalized, type LocalizedText } from '../../src/core/locales';
import { recordTitle } from '../../src/core/record-title';
import { screenFirstReads } from '../../src/core/portal-reads';
import { AREA_FIRST_READ, type PrimedAnswers } from '../../src/core/primed-answers';
import { serverText } from '../../src/server/edge/server-text';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  scriptsAfterFirstPaint,
  scriptsAsTheShell,
  layerOf,
  primedOf,
  rootOf,
  shellOf,
  shellsDist,
  TAGS,
  titleOf,
  unescapeHtml as unescape,
} from './primed-shells';
import type { AmountsWidget } from '../../src/core/portal';
import { listScreens, openingListPath } from '../../src/core/list-opening';
import { DESK_SCREEN_ROWS, PHONE_SCREEN_ROWS } from '../../src/core/list-columns';
import resources from '../../resources';
import { responsiveImage } from '../../src/core/images';
import { HERO_PHOTO } from '../../src/core/record-page';

const dist = shellsDist([
  'en',
  'lo',
  'en-admin',
  'lo-admin',
  'en-partner',
  'lo-partner',
  'en-partner-home',
  'lo-partner-home',
]);
const home = portal.screens.find((screen) => screen.path === '')!;

/** The table a page draws for a desk (server/first-paint.ts `listFirstPaint`): its headers and rows, as text. */
function deskTableOf(layer: string): { headers: string[]; rows: string[][] } {
  const table =
    layer.match(
      /<div class="lt-first-paint-table"[^>]*><div data-table=""[^>]*>(.*?)<\/div><\/div><div class="lt-first-paint-menu">/,
    )?.[1] ?? '';
  const text = (cell: string) => unescape(cell.replace(/<[^>]*>/g, ''));
  const cells = (row: string) =>
    [...row.matchAll(/<div data-cell=""[^>]*>(.*?)<\/div>/g)].map(([, cell]) => text(cell));
  const head = table.match(/^<div data-head="">(.*?)<\/div>(?=<div data-row=""|$)/)?.[1] ?? '';
  const rows = [...table.matchAll(/<div data-row="">(.*?)<\/div>(?=<div data-row=""|$)/g)].map(([, row]) => row);
  return { headers: cells(head), rows: rows.map(cells) };
}

/** The menu a page draws beside a desk's table: each line's text, a group's title marked with `#`. */
function deskMenuOf(layer: string): string[] {
  const menu = layer.match(/<div class="lt-first-paint-menu">(.*?)<\/div><\/div>$/)?.[1] ?? '';
  return [...menu.matchAll(/<div( data-group="")?>(.*?)<\/div>/g)].map(([, group, line]) =>
    group ? `# ${unescape(line)}` : unescape(line),
  );
}

/** The rows a page draws for a phone (server/first-paint.ts `listFirstPaint`), as text. */
function phoneRowsOf(root: string): { title: string; status?: string; details: string[] }[] {
  const list = root.match(/<ul class="lt-first-paint-rows"[^>]*>(.*?)<\/ul>/)?.[1] ?? '';
  return [
    ...list.matchAll(
      /<li><div><span>(.*?)<\/span>(?:<span class="lt-first-paint-status">(.*?)<\/span>)?<\/div><p>(.*?)<\/p><\/li>/g,
    ),
  ].map(([, title, status, details]) => ({
    title: unescape(title),
    status: status === undefined ? undefined : unescape(status),
    details: [...details.matchAll(/<span>(.*?)<\/span>/g)].map(([, text]) => unescape(text)),
  }));
}

describeEachEngine('signed-in area pages primed with their first answers', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { distDir: dist, primeBudgetMs: 60_000 } });

  async function pageOf(url: string, cookie: string) {
    const page = await call(server, 'GET', url, { cookie });
    expect(page.status, url).toBe(200);
    // Built for this account from the data now: never stored by a shared cache, never answered by a validator.
    expect(page.headers.get('cache-control'), url).toBe('private, no-cache');
    expect(page.headers.get('etag'), url).toBeNull();
    return String(page.body);
  }

  async function expectAsTheApiAnswers(primed: PrimedAnswers, locale: 'en' | 'lo', cookie: string) {
    for (const [apiPath, answer] of Object.entries(primed.answers)) {
      const api = await call(server, 'GET', `/api/${apiPath}`, {
        cookie,
        headers: { 'accept-language': TAGS[locale] },
      });
      expect(api.status, apiPath).toBe(200);
      expect(answer.body, apiPath).toEqual(api.body);
      expect(answer.contentRange, apiPath).toBe(api.headers.get('content-range') ?? undefined);
    }
  }

  it("the portal's home holds the account and its widgets' first reads, as the API answers them", async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    for (const locale of ['en', 'lo'] as const) {
      const html = await pageOf(`/${locale}/partner`, cookie);
      expect(titleOf(html)).toBe(`${locale}-partner-home`);
      const primed = primedOf(html)!;
      expect(primed.locale).toBe(locale);
      const me = primed.answers[AREA_FIRST_READ].body as { id: number; fullName: string };
      const reads = screenFirstReads(home, { resource: 'partners', id: me.id });
      expect(reads.first.length).toBeGreaterThan(2);
      const followUps = reads.then(primed.answers);
      // The own profile's workflow actions follow from the profile row the first round read.
      expect(followUps).toHaveLength(1);
      expect(Object.keys(primed.answers).sort()).toEqual([AREA_FIRST_READ, ...reads.first, ...followUps].sort());
      await expectAsTheApiAnswers(primed, locale, cookie);
      // The top of the screen, drawn before the script: the title and the greeting in the page's language.
      const root = rootOf(html)!;
      expect(root).toContain(serverText(locale, 'app.dashboard.title'));
      expect(root).toContain(`<h1>${serverText(locale, 'app.dashboard.welcome', { name: me.fullName })}</h1>`);
      // And the main figures of the amounts widgets that open the screen, as the widgets will show them, from the
      // primed answers, in the screen's grid; nothing of the widgets after them (drawn there, they would be misplaced).
      const opening: AmountsWidget[] = [];
      for (const widget of home.widgets) {
        if (widget.kind !== 'amounts') break;
        opening.push(widget);
      }
      expect(opening.length).toBeGreaterThan(0);
      for (const widget of opening) {
        const amounts = primed.answers[`partners/${me.id}/${widget.endpoint}`].body as Record<string, unknown>;
        const figure = formatMoney(amounts[widget.main!] as number, amounts.currency as string, locale);
        expect(figure).not.toBe('');
        expect(root).toContain(
          `<section data-first-paint-widget="${widget.name}" data-width="${widget.width ?? 'full'}">` +
            `<h2>${serverText(locale, `app.portal.widgets.${widget.name}`)}</h2>` +
            `<div>${serverText(locale, `app.portal.amounts.${widget.main!}`)}</div><p>${figure}</p></section>`,
        );
      }
      expect(root.match(/<section /g)).toHaveLength(opening.length);
    }
  });

  it("a list screen holds the account and its first page as the list asks it: a desk's table, a phone's cards", async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    const html = await pageOf('/en/partner/orders', cookie);
    expect(titleOf(html)).toBe('en-partner');
    const primed = primedOf(html)!;
    const screen = listScreens(resources, 'partner').find((candidate) => candidate.route === 'orders')!;
    const table = openingListPath(screen);
    const cards = openingListPath(screen, true);
    expect(table).toBe('orders?filter=%7B%7D&range=%5B0%2C24%5D&sort=%5B%22createdAt%22%2C%22DESC%22%5D');
    expect(cards).toBe('orders?filter=%7B%7D&range=%5B0%2C9%5D&sort=%5B%22createdAt%22%2C%22DESC%22%5D');
    expect(Object.keys(primed.answers).sort()).toEqual([AREA_FIRST_READ, table, cards].sort());
    // The partner's own orders only, as the API answers them to this partner.
    await expectAsTheApiAnswers(primed, 'en', cookie);
    expect((primed.answers[table].body as unknown[]).length).toBeGreaterThan(0);
    // Meanwhile the screen's bar with the list's title, in the page's language, and a phone's first cards: each
    // order's code and status, then its labelled details, its service by the service's own title.
    // The rows in a layer beside the app's root (React clears the root as it starts), with a bar of their own.
    expect(rootOf(html)).toBe('<div class="lt-first-paint"><div class="lt-first-paint-bar">Orders</div></div>');
    const layer = layerOf(html)!;
    expect(layer).toMatch(
      /^<div class="lt-first-paint lt-held-paint"><div class="lt-first-paint-bar">Orders<\/div><ul class="lt-first-paint-rows" data-layout="cards" data-tabs="">.*<\/ul><div class="lt-first-paint-table" data-tabs=""><div data-table="" style="min-width:calc\(.*?\)">.*<\/div><\/div><div class="lt-first-paint-menu">.*<\/div><\/div>$/s,
    );
    // A desk's table: the partner's columns (not its own id), a row per order of the table's page, each cell's
    // text as the list draws it, after the checkbox's empty cell; beside it the partner's menu.
    const desk = deskTableOf(layer);
    expect(desk.headers).toEqual([
      '',
      'Order code',
      'Service',
      'Departure date',
      'Quantity',
      'Total',
      'Status',
      'Created at',
    ]);
    const deskOrders = primed.answers[table].body as Record<string, unknown>[];
    expect(desk.rows).toHaveLength(Math.min(DESK_SCREEN_ROWS, deskOrders.length));
    for (const [index, row] of desk.rows.entries()) {
      const order = deskOrders[index];
      const service = (await call(server, 'GET', `/api/services/${order.serviceId}`, { cookie })).body as {
        title: LocalizedText;
      };
      expect(row).toEqual([
        '',
        order.code,
        pickLocalized(service.title, 'en'),
        // A departure reads as its day and its time.
        formatDayAndTime(order.departureDate as string, order.departureTime, 'en'),
        String(order.quantity),
        formatMoney(order.total as number, order.currency as string, 'en'),
        serverText('en', `resources.orders.enums.status.${order.status}`),
        formatDateTime(order.createdAt as string, 'en'),
      ]);
    }
    expect(deskMenuOf(layer)).toEqual([
      'Dashboard',
      'Orders',
      'Services',
      'Schedules',
      'Check-in',
      'Reviews',
      'Profile',
      'Revenue',
      'Notifications',
    ]);
    // What the first paint needs (the stylesheet, the fonts) goes first; the app's scripts after it.
    expect(scriptsAfterFirstPaint(html)).toBe(true);
    const orders = primed.answers[cards].body as Record<string, unknown>[];
    const drawn = phoneRowsOf(layer);
    expect(drawn).toHaveLength(Math.min(PHONE_SCREEN_ROWS, orders.length));
    for (const [index, row] of drawn.entries()) {
      const order = orders[index];
      const service = (await call(server, 'GET', `/api/services/${order.serviceId}`, { cookie })).body as {
        title: LocalizedText;
      };
      expect(row.title).toBe(order.code);
      expect(row.status).toBe(serverText('en', `resources.orders.enums.status.${order.status}`));
      expect(row.details[0]).toBe(`Service: ${pickLocalized(service.title, 'en')}`);
      expect(row.details.slice(1)).toEqual([
        `Departure date: ${formatDayAndTime(order.departureDate as string, order.departureTime, 'en')}`,
        `Quantity: ${order.quantity}`,
        `Total: ${formatMoney(order.total as number, order.currency as string, 'en')}`,
      ]);
    }
    // Opened with a query of its own, the list opens on other rows: the bar, and no rows drawn.
    const filtered = await pageOf(`/en/partner/orders?filter=${encodeURIComponent('{"status":"paid"}')}`, cookie);
    expect(rootOf(filtered)).toBe('<div class="lt-first-paint"><div class="lt-first-paint-bar">Orders</div></div>');
    expect(layerOf(filtered)).toBe('');
    const lao = await pageOf('/lo/partner/orders', cookie);
    expect(rootOf(lao)).toContain(`>${serverText('lo', 'resources.orders.name', { smart_count: 2 })}</div>`);
    expect(serverText('lo', 'resources.orders.name', { smart_count: 2 })).not.toMatch(/Orders|\|/);
    // A record's page is not a list: the account only, and nothing drawn.
    const id = (primed.answers[table].body as { id: number }[])[0].id;
    const show = await pageOf(`/en/partner/orders/${id}/show`, cookie);
    expect(Object.keys(primedOf(show)!.answers)).toEqual([AREA_FIRST_READ]);
    expect(rootOf(show)).toBe('');
    expect(layerOf(show)).toBe('');
    // Nothing drawn: the page is the app, and its scripts go at the browser's own priority.
    expect(scriptsAsTheShell(show)).toBe(true);
  });

  it("a record page an area declares holds its record, the records its lines reach and its sections' endpoints, and preloads the hero's photo", async () => {
    const cookie = await server.login('user@example.com', 'User#2026');
    const [order] = (await call(server, 'GET', '/api/orders?range=[0,0]&sort=["id","DESC"]', { cookie })).body as {
      id: number;
      serviceId: number;
    }[];
    const page = await pageOf(`/en/account/orders/${order.id}`, cookie);
    const primed = primedOf(page)!;
    expect(Object.keys(primed.answers).sort()).toEqual(
      [AREA_FIRST_READ, `orders/${order.id}`, `orders/${order.id}/organizer`, `services/${order.serviceId}`].sort(),
    );
    await expectAsTheApiAnswers(primed, 'en', cookie);
    const service = (await call(server, 'GET', `/api/services/${order.serviceId}`, { cookie })).body as {
      images: string[];
    };
    const photo = responsiveImage(service.images[0], HERO_PHOTO.width);
    expect(page).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${photo.src}"`);
    // Drawn meanwhile, held above the app: the bar with the page's title, the hero's photo (the preloaded one) and
    // title, and the first section's lines with what they hold, in the page's words.
    const record = (await call(server, 'GET', `/api/orders/${order.id}`, { cookie })).body as Record<string, unknown>;
    expect(rootOf(page)).toBe(
      `<div class="lt-first-paint"><div class="lt-first-paint-bar">Order ${String(record.code)}</div></div>`,
    );
    const layer = unescape(layerOf(page)!);
    expect(layer).toMatch(/^<div class="lt-first-paint lt-held-paint" data-held="record">/);
    expect(layer).toContain(`<img alt="" src="${photo.src}" srcset="${photo.srcSet}" sizes="${HERO_PHOTO.sizes}"`);
    expect(layer).toContain(`<h1>${pickLocalized((service as unknown as { title: LocalizedText }).title, 'en')}</h1>`);
    expect(layer).toContain('<section><h2>Your trip</h2>');
    expect(layer).toContain(
      `<div><span>Departure date</span><p>${formatDayAndTime(String(record.departureDate), record.departureTime, 'en')}</p></div>`,
    );
    expect(layer).toContain(
      `<div><span>Total</span><p>${formatMoney(Number(record.total), String(record.currency), 'en')}</p></div>`,
    );
    // Only the fields with a value: an order not cancelled gives nothing back yet.
    expect(layer).not.toContain('Refund amount');
    expect(scriptsAfterFirstPaint(page)).toBe(true);
    // The same page at its `/show` address; another customer's order is not theirs to prime.
    expect(Object.keys(primedOf(await pageOf(`/en/account/orders/${order.id}/show`, cookie))!.answers)).toContain(
      `services/${order.serviceId}`,
    );
    const stranger = await server.login('customer1@example.net', 'User#2026');
    const refused = primedOf(await pageOf(`/en/account/orders/${order.id}`, stranger))!;
    expect(Object.keys(refused.answers)).toEqual([AREA_FIRST_READ]);
    expect(layerOf(await pageOf(`/en/account/orders/${order.id}`, stranger))).toBe('');
  });

  it('a queue opens on its own filter and sort; a list the account may not read is left to the page', async () => {
    const cookie = await server.login('moderator@example.com', 'Admin#2026');
    const html = await pageOf('/en/admin/service-review', cookie);
    const screen = listScreens(resources, 'admin').find((candidate) => candidate.route === 'service-review')!;
    expect(screen.queue).toBeDefined();
    const path = openingListPath(screen);
    expect(decodeURIComponent(path)).toContain(`filter=${JSON.stringify(screen.queue!.filter)}`);
    const primed = primedOf(html)!;
    expect(Object.keys(primed.answers).sort()).toEqual([AREA_FIRST_READ, path].sort());
    await expectAsTheApiAnswers(primed, 'en', cookie);
    expect(rootOf(html)).toContain(`>${serverText('en', `resources.services.queues.${screen.queue!.name}`)}</div>`);
    // A phone's first lines: each service's title and status, then its partner and tour type by their titles.
    const services = primed.answers[path].body as Record<string, unknown>[];
    const lines = phoneRowsOf(layerOf(html)!);
    expect(lines.length).toBe(Math.min(PHONE_SCREEN_ROWS, services.length));
    expect(layerOf(html)).toContain('<ul class="lt-first-paint-rows" data-layout="lines">');
    for (const [index, line] of lines.entries()) {
      const service = services[index];
      const titleOfRecord = async (resource: string, id: unknown) =>
        recordTitle(
          resources.find((config) => config.name === resource),
          (await call(server, 'GET', `/api/${resource}/${id}`, { cookie })).body as Record<string, unknown>,
          'en',
        );
      expect(line.title).toBe(pickLocalized(service.title as LocalizedText, 'en'));
      expect(line.status).toBe(serverText('en', `resources.services.enums.status.${service.status}`));
      expect(line.details).toEqual([
        await titleOfRecord('partners', service.partnerId),
        await titleOfRecord('tour-types', service.tourTypeId),
      ]);
    }
    // A desk's table: the queue's columns and its decisions' empty column; the moderator's menu, by its groups,
    // without what a moderator may not list.
    const desk = deskTableOf(layerOf(html)!);
    expect(desk.headers).toEqual([
      '',
      'Title',
      'Partner',
      'Tour type',
      'Province',
      'Duration (days)',
      'Price',
      'Status',
      'Updated at',
      'Decision',
    ]);
    expect(desk.rows[0].slice(1, 3)).toEqual([lines[0].title, lines[0].details[0]]);
    expect(desk.rows[0].at(-1)).toBe('');
    const menu = deskMenuOf(layerOf(html)!);
    expect(menu.slice(0, 1)).toEqual(['Dashboard']);
    expect(menu).toContain('# Moderation');
    expect(menu).toContain('Service review');
    expect(menu).not.toContain('Withdrawals');
    // A moderator does not read the withdrawals: the API refuses, and the page asks (and is told) for itself.
    expect((await call(server, 'GET', '/api/withdrawals', { cookie })).status).toBe(403);
    const refused = await pageOf('/en/admin/payments/withdraw-request', cookie);
    expect(Object.keys(primedOf(refused)!.answers)).toEqual([AREA_FIRST_READ]);
  });

  it("the admin's home draws its greeting; an admin on the partner portal gets no partner greeting", async () => {
    const cookie = await server.login('admin@example.com', 'Admin#2026');
    for (const url of ['/lo/admin', '/lo/admin/dashboard']) {
      const html = await pageOf(url, cookie);
      expect(titleOf(html), url).toBe('lo-admin');
      const primed = primedOf(html)!;
      expect(Object.keys(primed.answers)).toEqual([AREA_FIRST_READ]);
      await expectAsTheApiAnswers(primed, 'lo', cookie);
      const me = primed.answers[AREA_FIRST_READ].body as { fullName: string };
      expect(rootOf(html), url).toContain(
        `<h1>${serverText('lo', 'app.dashboard.welcome', { name: me.fullName })}</h1>`,
      );
    }
    const elsewhere = await pageOf('/en/partner', cookie);
    expect(Object.keys(primedOf(elsewhere)!.answers)).toEqual([AREA_FIRST_READ]);
    expect(rootOf(elsewhere)).toBe('');
  });

  it('a name written as markup is drawn as text', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    await sql`update "partners" set "contactName" = ${hostile} where "email" = 'partner@example.com'`.execute(
      server.db,
    );
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    const html = await pageOf('/en/partner', cookie);
    expect(html).not.toContain('<img');
    expect(rootOf(html)).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('signed out, an area page is the plain shell', async () => {
    for (const url of ['/en/partner', '/en/admin', '/lo/admin/dashboard']) {
      const page = await call(server, 'GET', url);
      expect(page.status, url).toBe(200);
      expect(String(page.body), url).toBe(shellOf(url.includes('partner') ? 'en-partner' : url.slice(1, 3) + '-admin'));
    }
    // A cookie that holds no session primes nothing either.
    const page = await call(server, 'GET', '/en/partner', { cookie: 'lantern_session=nothing-here' });
    expect(primedOf(String(page.body))).toBeUndefined();
    expect(rootOf(String(page.body))).toBe('');
  });
});

describeEachEngine('signed-in area pages within their priming budget', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { distDir: dist, primeBudgetMs: 300 } });

  it('a database that holds the account up does not hold the page up: it goes out plain', async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    await server.db.transaction().execute(async (trx) => {
      await sql`lock table "partners" in access exclusive mode`.execute(trx);
      const page = await call(server, 'GET', '/en/partner', { cookie });
      expect(page.status).toBe(200);
      expect(String(page.body)).toBe(shellOf('en-partner-home'));
    });
  });
});
