import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { AnyResource } from '../../core/resource';
import { DEFAULT_TIME_ZONE, addDays, dayIn } from '../../core/zoned-time';
import { Writer } from '../engine/data-context';
import type { Registry } from '../engine/registry';
import { SYSTEM } from '../../core/roles';
import { countCall } from '../auth/call-limit';
import { Bookings, bodyOf, type Reseller } from './bookings';
import {
  availabilityJson,
  calendarDayJson,
  departuresOf,
  findProduct,
  isDay,
  MAX_RANGE_DAYS,
  offeredResource,
  offeredRows,
  OPTION_ID,
  productsJson,
  unitsOf,
  type Catalog,
} from './catalog';
import { OctoError, badRequest, octoErrorHandler } from './octo-errors';

/** Where OCTO is served (SPEC §19). */
export const OCTO_PREFIX = '/api/octo';

declare module 'fastify' {
  interface FastifyRequest {
    reseller?: Reseller;
  }
}

export interface OctoOptions {
  db: Kysely<any>;
  registry: Registry;
  /** Requests one reseller may make in any minute, counted across instances (default 600). */
  perMinute?: number;
  /** The supplier's endpoint as resellers reach it (default `PUBLIC_URL` + the prefix). */
  publicUrl?: string;
}

/** The resource whose rows are API clients (resellers). */
function clientResource(resources: readonly AnyResource[]): AnyResource | undefined {
  return resources.find((resource) => resource.apiClient);
}

/**
 * The OCTO supplier API (SPEC §19): a second protocol over the same engine, generated from the configs: the
 * resource that declares `resale` is the product, the `apiClient` resource holds the resellers and their keys.
 * Nothing is served when no config declares them.
 */
export async function registerOcto(app: FastifyInstance, options: OctoOptions): Promise<void> {
  const { db, registry } = options;
  const product = offeredResource(registry.resources);
  const clients = clientResource(registry.resources);
  if (!product?.resale || !clients?.apiClient) return;
  const resale = product.resale;
  const client = clients.apiClient;
  // Counted in the database, as the endpoints' limits are: several instances behind the balancer share one count.
  const limit = { max: options.perMinute ?? 600, windowSeconds: 60 };

  async function catalogNow(): Promise<Catalog> {
    const general = await new Writer(db, registry, SYSTEM).settings('general');
    const timeZone = typeof general.timezone === 'string' && general.timezone ? general.timezone : DEFAULT_TIME_ZONE;
    return { product: product!, resale, departures: registry.require(resale.departures.resource), registry, timeZone };
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new OctoError('UNAUTHORIZED', 'Send your API key as Authorization: Bearer {apiKey}');
    const row = await db
      .selectFrom(registry.table(clients!))
      .select(['id', client.name, 'status'])
      // The key's SHA-256, as `apiKeyHash` (src/core/resale.ts) stored it; synchronous here, on every call.
      .where(client.hash, '=', createHash('sha256').update(match[1]).digest('hex'))
      .executeTakeFirst();
    if (!row) throw new OctoError('UNAUTHORIZED', 'This API key is not valid');
    if (!client.activeIn.includes(String(row.status))) throw new OctoError('UNAUTHORIZED', 'This API key is suspended');
    // Per reseller, over the last minute: a rotated key goes on with its reseller's count; a refused call counts not.
    const retryAfter = await countCall(db, `octo:${String(row.id)}`, limit);
    if (retryAfter !== undefined)
      throw new OctoError('TOO_MANY_REQUESTS', 'Too many requests; slow down', {}, 429, {
        'Retry-After': String(retryAfter),
      });
    request.reseller = { id: Number(row.id), name: String(row[client.name]) };
  }

  await app.register(
    async (octo) => {
      octo.setErrorHandler(octoErrorHandler);
      octo.setNotFoundHandler((request, reply) => {
        reply.code(404).send({ error: 'BAD_REQUEST', errorMessage: `No OCTO route ${request.method} ${request.url}` });
      });
      octo.addHook('onRequest', async (request) => authenticate(request));
      octo.addHook('onSend', async (_request, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        return payload;
      });

      octo.get('/supplier', async (request) => {
        const general = await new Writer(db, registry, SYSTEM).settings('general');
        const base = (
          options.publicUrl ??
          (process.env.PUBLIC_URL?.trim() || `${request.protocol}://${request.host}`)
        ).replace(/\/+$/, '');
        return {
          id: 'lantern',
          name: String(general.platformName ?? 'Lantern'),
          endpoint: `${base}${OCTO_PREFIX}`,
          contact: {
            website: base,
            email: typeof general.supportEmail === 'string' && general.supportEmail ? general.supportEmail : null,
            telephone: typeof general.supportPhone === 'string' && general.supportPhone ? general.supportPhone : null,
            address: null,
          },
        };
      });

      octo.get('/products', async () => {
        const catalog = await catalogNow();
        return productsJson(db, catalog, await offeredRows(db, catalog));
      });

      octo.get<{ Params: { id: string } }>('/products/:id', async (request) => {
        const catalog = await catalogNow();
        return (await productsJson(db, catalog, [await findProduct(db, catalog, request.params.id)]))[0];
      });

      /** The product, option, units and days an availability request names, each checked. */
      async function availabilityQuery(raw: unknown, calendar: boolean) {
        const body = bodyOf(raw);
        const catalog = await catalogNow();
        const row = await findProduct(db, catalog, body.productId);
        if (typeof body.optionId !== 'string' || !body.optionId) throw badRequest('optionId is required');
        if (body.optionId !== OPTION_ID)
          throw new OctoError('INVALID_OPTION_ID', `Unknown optionId ${body.optionId}`, { optionId: body.optionId });
        if (body.units !== undefined) {
          if (!Array.isArray(body.units)) throw badRequest('units must be an array');
          const known = new Set(unitsOf(catalog, row).map((unit) => unit.code));
          for (const unit of body.units as { id?: unknown }[])
            if (typeof unit?.id !== 'string' || !known.has(unit.id))
              throw new OctoError('INVALID_UNIT_ID', `Unknown unitId ${String(unit?.id)}`, {
                unitId: String(unit?.id),
              });
        }
        const ids = body.availabilityIds;
        if (!calendar && ids !== undefined) {
          if (!Array.isArray(ids) || !ids.length || ids.some((id) => typeof id !== 'string'))
            throw badRequest('availabilityIds must be a list of availability ids');
          return { catalog, row, ids: ids as string[], from: undefined, to: undefined };
        }
        let from = body.localDateStart;
        let to = body.localDateEnd;
        if (!calendar && body.localDate !== undefined) from = to = body.localDate;
        if (from === undefined && to === undefined)
          throw badRequest(
            calendar
              ? 'localDateStart and localDateEnd are required'
              : 'Give localDate, localDateStart and localDateEnd, or availabilityIds',
          );
        if (!isDay(from)) throw badRequest('localDateStart must be a date (YYYY-MM-DD)');
        if (!isDay(to)) throw badRequest('localDateEnd must be a date (YYYY-MM-DD)');
        if (to < from) throw badRequest('localDateEnd must not be before localDateStart');
        if (addDays(from, MAX_RANGE_DAYS) < to) throw badRequest(`Ask at most ${MAX_RANGE_DAYS} days at once`);
        return { catalog, row, ids: undefined, from, to };
      }

      octo.post('/availability', async (request) => {
        const query = await availabilityQuery(request.body, false);
        const { catalog, row } = query;
        const today = dayIn(new Date(), catalog.timeZone);
        if (query.ids) {
          const ids = query.ids;
          const days = [...new Set(ids.map((id) => id.slice(0, 10)))];
          if (days.some((day) => !isDay(day))) {
            const bad = ids.find((id) => !isDay(id.slice(0, 10)))!;
            throw new OctoError('INVALID_AVAILABILITY_ID', `Unknown availabilityId ${bad}`, { availabilityId: bad });
          }
          const sorted = days.sort();
          const found = (
            await departuresOf(db, catalog, { products: [row.id], from: sorted[0], to: sorted[sorted.length - 1] })
          ).map((departure) => availabilityJson(catalog, departure, today));
          const byId = new Map(found.map((availability) => [availability.id, availability]));
          const missing = ids.find((id) => !byId.has(id));
          if (missing)
            throw new OctoError('INVALID_AVAILABILITY_ID', `Unknown availabilityId ${missing}`, {
              availabilityId: missing,
            });
          return [...new Set(ids)].map((id) => byId.get(id)!);
        }
        const departures = await departuresOf(db, catalog, { products: [row.id], from: query.from!, to: query.to! });
        return departures.map((departure) => availabilityJson(catalog, departure, today));
      });

      octo.post('/availability/calendar', async (request) => {
        const query = await availabilityQuery(request.body, true);
        const { catalog, row, from, to } = query;
        if (!from || !to) throw badRequest('localDateStart and localDateEnd are required');
        const departures = await departuresOf(db, catalog, { products: [row.id], from, to });
        const today = dayIn(new Date(), catalog.timeZone);
        const days = [];
        for (let day = from; day <= to; day = addDays(day, 1))
          days.push(
            calendarDayJson(
              catalog,
              day,
              departures.filter((departure) => departure.day === day),
              today,
            ),
          );
        return days;
      });

      const bookings = async () => new Bookings(db, await catalogNow());

      octo.post('/bookings', async (request) => (await bookings()).reserve(request.reseller!, bodyOf(request.body)));
      octo.get('/bookings', async (request) =>
        (await bookings()).list(request.reseller!, (request.query ?? {}) as Record<string, unknown>),
      );
      octo.get<{ Params: { uuid: string } }>('/bookings/:uuid', async (request) =>
        (await bookings()).get(request.reseller!, request.params.uuid),
      );
      octo.patch<{ Params: { uuid: string } }>('/bookings/:uuid', async (request) =>
        (await bookings()).update(request.reseller!, request.params.uuid, bodyOf(request.body)),
      );
      octo.post<{ Params: { uuid: string } }>('/bookings/:uuid/extend', async (request) =>
        (await bookings()).extend(request.reseller!, request.params.uuid, bodyOf(request.body)),
      );
      octo.post<{ Params: { uuid: string } }>('/bookings/:uuid/confirm', async (request) =>
        (await bookings()).confirm(request.reseller!, request.params.uuid, bodyOf(request.body)),
      );
      octo.post<{ Params: { uuid: string } }>('/bookings/:uuid/cancel', async (request) =>
        (await bookings()).cancel(request.reseller!, request.params.uuid, bodyOf(request.body)),
      );
    },
    { prefix: OCTO_PREFIX },
  );
}
