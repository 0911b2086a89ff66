import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CARD_IMAGE_SIZES,
  firstScreenPaths,
  ITEM_PHOTO,
  itemFollowUpPaths,
  itemPath,
  listPath,
  todayIso,
} from '../../core/catalog-requests';
import { responsiveImage, type ResponsiveImage } from '../../core/images';
import { LOCALE_TAGS, pickLocalized, type Locale, type LocalizedText } from '../../core/locales';
import { AREA_FIRST_READ, canonicalApiPath, PRIMED_ELEMENT_ID, type PrimedAnswers } from '../../core/primed-answers';
import { listScreens, openingListPath, type ListScreen } from '../../core/list-opening';
import type { PublicSite } from '../../core/public-site';
import type { Portal, PortalScreen, ScanWidget } from '../../core/portal';
import { accountEndpointPath, screenFirstReads } from '../../core/portal-reads';
import type { RefField } from '../../core/fields';
import { humanize, labels } from '../../core/labels';
import { columnWidth, tableLeastWidth } from '../../core/column-widths';
import { alignsRight, deskTable, isOwnColumn, isSortable, OWN_COLUMNS } from '../../core/desk-table';
import { DESK_SCREEN_ROWS, PHONE_SCREEN_ROWS, phoneItem, type PhoneLayout } from '../../core/list-columns';
import { recordTitle } from '../../core/record-title';
import { areaRecordPage, areaRecordRoute, HERO_PHOTO, pageReferences, refOf } from '../../core/record-page';
import {
  cellText,
  headingWords,
  isEmptyCell,
  readableTables,
  tableAnswer,
  tableLabel,
  type TableTranslate,
} from '../../core/record-table-text';
import { pickLabel, pickListPath, pickNameReads, pickNames, preselected } from '../../core/scan-pick';
import { formatNumber } from '../../core/format';
import { DEFAULT_TIME_ZONE } from '../../core/zoned-time';
import {
  statusField,
  type AnyResource,
  type RecordTable,
  type RecordTableColumn,
  type Verb,
} from '../../core/resource';
import { adminScreens, menuEntryLabel, menuGroups, portalMenu } from '../../core/menu';
import type { AdminRole, Principal } from '../../core/roles';
import { fieldOf, shownOnPage, valueText } from '../../core/value-text';
import { itemHead } from './seo';
import { serverText, serverTextOr } from './server-text';
import { AREA_KIND, type Area } from '../../core/routes';
import {
  areaFirstPaint,
  escapeHtml,
  homeFirstPaint,
  itemFirstPaint,
  listFirstPaint,
  recordFirstPaint,
  screenFirstPaint,
  type RecordPaint,
  type ScanPaint,
  type TablePaint,
  type HomeCard,
  type DeskRows,
  type MenuSection,
  type PhoneRows,
  type HomeFigure,
} from './first-paint';

type Row = Record<string, unknown>;

// Inside <script> only `</script` and `<!--` end or bend the element; no `<` at all means neither can occur.
const escapeScript = (json: string) => json.replace(/</g, '\\u003c');

/** How long a service page waits for its own record, whatever the first paint's budget: its head depends on it. */
const ITEM_HEAD_BUDGET_MS = 5_000;

/** The page's first reads, run by the server before it sends the page; past `budgetMs` the page goes out plain. */
function withinBudget<T>(work: Promise<T>, budgetMs: number, plain: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // Past the budget the page fetches for itself, as it would without priming; answers still on their way are
  // dropped when they come.
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(plain), budgetMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `GET /api/{path}` for each path, through the API itself (`inject` runs the route with the visitor's cookie and
 * language), so the answers hold exactly what the page's own requests would have returned. One that fails is
 * left to the page.
 */
async function primeAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  paths: readonly string[],
  primed: PrimedAnswers = { locale, answers: {} },
  refusalsKept: readonly string[] = [],
): Promise<PrimedAnswers> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': LOCALE_TAGS[locale] };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  await Promise.all(
    paths.map(async (path) => {
      const answer = await app.inject({ method: 'GET', url: `/api/${path}`, headers });
      if (answer.statusCode !== 200) {
        // A refusal the page expects is an answer too: asking again would only log it in the console.
        if (answer.statusCode === 401 && refusalsKept.includes(path))
          primed.answers[canonicalApiPath(path)] = { body: answer.json(), status: answer.statusCode };
        return;
      }
      const contentRange = answer.headers['content-range'];
      primed.answers[canonicalApiPath(path)] = {
        body: answer.json(),
        ...(typeof contentRange === 'string' ? { contentRange } : {}),
      };
    }),
  );
  return primed;
}

const primedScript = (primed: PrimedAnswers) =>
  Object.keys(primed.answers).length
    ? `<script type="application/json" id="${PRIMED_ELEMENT_ID}">${escapeScript(JSON.stringify(primed))}</script>`
    : '';

/**
 * What the home page opened with no search shows first, answered by the server before it sends the page: the
 * catalog's first page and the search filters' options go inside the page (client/shell/primed.ts takes them
 * instead of fetching), the first card's photo, the page's largest paint on a phone, is preloaded from the head,
 * and the first screen down to that card is drawn in plain HTML meanwhile (first-paint.ts). On slow 4G this
 * spares the round trips the script would otherwise wait for before the photo could even start, and the photo
 * shows once it has come, not once the script has come and run.
 */
export function primedHomePage(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  site: PublicSite,
  budgetMs: number,
): Promise<PrimedPage> {
  const work = async (): Promise<PrimedPage> => {
    const { catalogPage, filterOptions } = firstScreenPaths(site);
    // Who is signed in, a refusal included: the header offers the sign-in or names the account (SiteHeader.tsx).
    const who = [AREA_FIRST_READ];
    const primed = await primeAnswers(app, request, locale, [catalogPage, ...filterOptions, ...who], undefined, who);
    const rows = primed.answers[catalogPage]?.body;
    if (!Array.isArray(rows)) return { head: primedScript(primed), root: '' };
    const card = rows.length
      ? homeCard(site, locale, rows[0] as Record<string, unknown>, primed, filterOptions)
      : undefined;
    return {
      head: primedScript(primed),
      preload: card?.photo ? preloadLink(card.photo, CARD_IMAGE_SIZES) : undefined,
      root: homeFirstPaint(locale, site, card),
    };
  };
  return withinBudget(work(), budgetMs, { head: '', root: '' });
}

/** The first row of the catalog as its card shows it (client/home/catalog.ts `toItem`, ItemCard.tsx). */
function homeCard(
  site: PublicSite,
  locale: Locale,
  row: Record<string, unknown>,
  primed: PrimedAnswers,
  filterOptions: readonly string[],
): HomeCard {
  const { catalog } = site;
  const images = catalog.images ? row[catalog.images] : undefined;
  const firstImage = Array.isArray(images) && typeof images[0] === 'string' ? images[0] : undefined;
  // The name of the row's option of each filter, undefined while that filter's options are not known.
  const names = catalog.filters.map((filter, i) => {
    const options = primed.answers[filterOptions[i]]?.body;
    if (!Array.isArray(options)) return undefined;
    const option = (options as Record<string, unknown>[]).find((o) => o.id === Number(row[filter.field]));
    return option ? pickLocalized(option[filter.display] as LocalizedText, locale) : '';
  });
  const [kind, ...places] = names;
  return {
    id: String(row.id),
    title: pickLocalized(row[catalog.title] as LocalizedText, locale),
    photo: firstImage ? responsiveImage(firstImage) : undefined,
    kind: kind || undefined,
    duration: catalog.duration ? Number(row[catalog.duration]) : undefined,
    place: places.includes(undefined) ? undefined : places.filter(Boolean).join(' · '),
    price: Number(row[catalog.price]),
    currency: String(row[catalog.currency] ?? 'LAK'),
  };
}

const preloadLink = (image: ResponsiveImage, sizes: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image.src)}"` +
  (image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(sizes)}"` : '') +
  '>';

/**
 * An item's public page (`/{locale}/item/{id}`): the item, its partner's name and its departures go inside the
 * page, its first photo, the page's largest paint, is preloaded from the head, and the top of the page is drawn in
 * plain HTML meanwhile (first-paint.ts). Without them a phone on slow 4G waits for the script, then for the item,
 * then for its departures, before the photo can even start. With a booking form on the page, who is signed in goes
 * in too (`auth/me`, a refusal included): the form asks it first. An item that is not public is the plain shell
 * (the page says it is not found).
 */
export function primedItemPage(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  site: PublicSite,
  id: string,
  budgetMs: number,
  publicUrl: string,
): Promise<PrimedPage> {
  const { catalog } = site;
  const work = async (): Promise<PrimedPage> => {
    const whoFirst = site.booking ? [AREA_FIRST_READ] : [];
    const primed = await primeAnswers(app, request, locale, [itemPath(site, id), ...whoFirst], undefined, whoFirst);
    const row = primed.answers[itemPath(site, id)]?.body as Record<string, unknown> | undefined;
    if (!row) {
      // Not public (unknown, pending, rejected) is a 404 for crawlers too (SPEC §18); another failure is left to
      // the page, as before. Asked again only on this rare path, to tell the two apart.
      const answer = await app.inject({
        method: 'GET',
        url: `/api/${itemPath(site, id)}`,
        headers: { accept: 'application/json' },
      });
      return { head: '', root: '', status: answer.statusCode === 404 ? 404 : undefined };
    }
    const followUps = itemFollowUpPaths(site, row, todayIso());
    await primeAnswers(app, request, locale, followUps, primed);
    const images = catalog.images ? row[catalog.images] : undefined;
    const firstImage = Array.isArray(images) && typeof images[0] === 'string' ? images[0] : undefined;
    const photo = firstImage ? responsiveImage(firstImage, ITEM_PHOTO.preferredWidth) : undefined;
    const partnerPath = catalog.partner && followUps.find((path) => path.startsWith(`${catalog.partner!.resource}?`));
    const partnerRows = partnerPath ? primed.answers[partnerPath]?.body : undefined;
    const partnerRow = Array.isArray(partnerRows) ? (partnerRows[0] as Record<string, unknown> | undefined) : undefined;
    const partner = catalog.partner?.display
      .map((field) => partnerRow?.[field])
      .find((value): value is string => typeof value === 'string' && value !== '');
    const occurrencesPath =
      catalog.occurrences && followUps.find((path) => path.startsWith(`${catalog.occurrences!.resource}?`));
    const occurrences = occurrencesPath ? primed.answers[occurrencesPath]?.body : undefined;
    const seo = catalog.page
      ? itemHead(site, catalog.page, publicUrl, locale, {
          id,
          row,
          occurrences: Array.isArray(occurrences) ? (occurrences as Record<string, unknown>[]) : undefined,
          seller: partner,
        })
      : undefined;
    return {
      meta: seo?.head,
      head: primedScript(primed) + (seo?.data ?? ''),
      preload: photo ? preloadLink(photo, ITEM_PHOTO.sizes) : undefined,
      root: itemFirstPaint(locale, {
        title: pickLocalized(row[catalog.title] as LocalizedText, locale),
        partner,
        photo: photo && { ...photo, sizes: ITEM_PHOTO.sizes },
      }),
    };
  };
  // The head (title, canonical, JSON-LD) and the 404 of a page that is not public are the page's own, for crawlers
  // and shared links (SPEC §18): they wait longer than a first paint would.
  return withinBudget(work(), Math.max(budgetMs, ITEM_HEAD_BUDGET_MS), { head: '', root: '' });
}

/**
 * What a primed page adds to its shell: inside `<head>`, inside the root element before the script runs, and a
 * layer after the root that stays while the app starts (shell/held-paint.ts). `preload` asks for what the page's
 * largest paint waits for (its first photo): it goes before the shell's scripts and stylesheet, so that its request
 * starts first (over HTTP/1.1 a browser opens six connections to a site, and the app's chunks are more than six).
 */
export interface PrimedPage {
  /** The page's own title, description, address and preview card: in place of the shell's title. */
  meta?: string;
  /** The page's status when it is not 200 (an item that is not public: 404). */
  status?: 404;
  head: string;
  root: string;
  layer?: string;
  preload?: string;
}

/**
 * A list screen's first page, as its list asks it when opened: on a desk the generated table, on a phone in an
 * owner's area the card list (a smaller page). Both go in where they differ: the server cannot tell the screen's
 * width, and the page takes the one it asks for. Reads the account may not make are refused and left out.
 */
function listFirstReads(screen: ListScreen, area: Area): string[] {
  const paths = [openingListPath(screen)];
  if (area !== 'admin') paths.push(openingListPath(screen, true));
  return [...new Set(paths)];
}

/** The account that `auth/me` answered, as the server's access rules know it. */
function principalOf(account: { id?: unknown; kind?: unknown; role?: unknown }): Principal | undefined {
  const id = Number(account.id);
  if (!Number.isInteger(id)) return undefined;
  if (account.kind === 'admin') return { kind: 'admin', id, role: account.role as AdminRole };
  if (account.kind === 'partner' || account.kind === 'user') return { kind: account.kind, id };
  return undefined;
}

/**
 * The first rows of a list screen as a phone and a desk show them, from its primed first pages: on a phone each
 * row's title, status and first values, on a desk the table's shown columns; in the page's language, references by
 * their records' titles (read through the API, as the account may read them). The lists draw the same text
 * (core/value-text.ts) in the same columns (core/desk-table.ts).
 */
async function firstRows(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  area: Area,
  screen: ListScreen,
  account: { id?: unknown; kind?: unknown; role?: unknown; permissions?: unknown },
  primed: PrimedAnswers,
  resources: readonly AnyResource[],
): Promise<{ phone?: PhoneRows; desk?: DeskRows }> {
  const principal = principalOf(account);
  if (!principal) return {};
  const { config, queue } = screen;
  const permissions = (account.permissions ?? {}) as Record<string, readonly string[] | undefined>;
  const may = (resource: string, verb: string) => Boolean(permissions[resource]?.includes(verb));
  const layout: PhoneLayout = area === 'admin' ? 'lines' : 'cards';
  const table = deskTable(config, principal, may, { queued: Boolean(queue), embedded: false });
  const item = phoneItem(config, table.columns, layout);
  const pageOf = (cards: boolean) => {
    const page = primed.answers[openingListPath(screen, cards)]?.body;
    return Array.isArray(page) ? (page as Record<string, unknown>[]) : [];
  };
  const phoneRecords = pageOf(layout === 'cards').slice(0, PHONE_SCREEN_ROWS);
  const deskRecords = pageOf(false).slice(0, DESK_SCREEN_ROWS);
  const phoneShown = [item.title, ...item.details].filter((name): name is string => Boolean(name));
  const deskShown = table.tableColumns.filter((name) => !table.hidden.includes(name));
  // One read per referenced resource, for the ids the rows name; apart from the page's primed answers (the
  // lists ask for their references in their own way).
  const refs = [...new Set([...phoneShown, ...deskShown])].flatMap((name) => {
    const field = fieldOf(config, name);
    if (field.kind !== 'ref' || !may((field as RefField).reference, 'show')) return [];
    const named = [...phoneRecords, ...deskRecords].map((record) => record[name]);
    const ids = [...new Set(named.filter((id) => id !== null && id !== undefined))];
    const reference = (field as RefField).reference;
    return ids.length
      ? [{ name, reference, path: canonicalApiPath(listPath(reference, { filter: { id: ids } })) }]
      : [];
  });
  const read = await primeAnswers(app, request, locale, [...new Set(refs.map((ref) => ref.path))]);
  const titles = new Map<string, Map<string, string>>();
  for (const { name, reference, path } of refs) {
    const target = resources.find((resource) => resource.name === reference);
    const found = read.answers[path]?.body;
    const byId = new Map<string, string>();
    if (Array.isArray(found))
      for (const record of found as Record<string, unknown>[])
        byId.set(String(record.id), recordTitle(target, record, locale, (config.fields[name] as RefField).display));
    titles.set(name, byId);
  }
  const translate = (key: string, fallback: string) => serverTextOr(locale, key, fallback);
  const reference = (name: string, id: unknown) => titles.get(name)?.get(String(id)) ?? `#${String(id)}`;
  const text = (record: Record<string, unknown>, name: string) =>
    valueText(config, name, record, locale, translate, reference);
  const present = (value: unknown) => value !== null && value !== undefined && value !== '';
  const label = (name: string) => translate(labels.field(config, name), humanize(name));
  const tabs = Boolean(config.list.statusTabs && item.status && !queue?.filter[item.status]);
  const phone: PhoneRows | undefined = phoneRecords.length
    ? {
        layout,
        tabs,
        rows: phoneRecords.map((record) => ({
          title: item.title ? text(record, item.title) : recordTitle(config, record, locale),
          status: item.status && present(record[item.status]) ? text(record, item.status) : undefined,
          details: item.details
            // A card leaves out what a row lacks; a line keeps each value's place.
            .filter((name) => layout === 'lines' || present(record[name]))
            .map((name) => ({ label: label(name), text: text(record, name) })),
        })),
      }
    : undefined;
  // A column of the list's own (move buttons, decisions) has its header and no text in a row before the script.
  const desk: DeskRows | undefined = deskRecords.length
    ? {
        tabs,
        checkbox: table.bulk,
        leastWidth: tableLeastWidth(config, table.tableColumns, table.bulk),
        columns: deskShown.map((name) => ({
          name,
          label: isOwnColumn(name) ? translate(OWN_COLUMNS[name].key, OWN_COLUMNS[name].fallback) : label(name),
          width: columnWidth(config, name, table.tableColumns, table.bulk),
          right: !isOwnColumn(name) && alignsRight(config, name),
          sortable: !isOwnColumn(name) && isSortable(config, name),
          kind: isOwnColumn(name) ? 'own' : fieldOf(config, name).kind === 'status' ? 'status' : 'text',
        })),
        rows: deskRecords.map((record) => deskShown.map((name) => (isOwnColumn(name) ? '' : text(record, name)))),
      }
    : undefined;
  return { phone, desk };
}

/**
 * A record page an area declares (the traveller's order): the record, the records its lines reach through references
 * and its sections' endpoints go inside the page, and the hero's photo is preloaded from the head. On slow 4G the
 * photo, the page's largest paint, otherwise waited for the script, then the record, then the referenced record.
 * Returns the preload link, if any, and the page's head and first section as text, to be drawn meanwhile.
 */
async function primeRecordPage(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  target: NonNullable<ReturnType<typeof areaRecordPage>>,
  primed: PrimedAnswers,
  resources: readonly AnyResource[],
): Promise<{ preload?: string; paint?: RecordPaint }> {
  const { config, page, id } = target;
  const recordPath = `${config.name}/${encodeURIComponent(id)}`;
  const endpoints = page.sections.flatMap((section) =>
    section.endpoint ? [`${recordPath}/${section.endpoint.name}`] : [],
  );
  await primeAnswers(app, request, locale, [recordPath, ...endpoints], primed);
  const record = primed.answers[canonicalApiPath(recordPath)]?.body as Row | undefined;
  if (!record) return {};
  const references = pageReferences(config, page).flatMap((name) => {
    const value = record[name];
    return value === null || value === undefined
      ? []
      : [{ name, path: `${(config.fields[name] as RefField).reference}/${encodeURIComponent(String(value))}` }];
  });
  await primeAnswers(
    app,
    request,
    locale,
    references.map((reference) => reference.path),
    primed,
  );
  const translate = (key: string, fallback: string) => serverTextOr(locale, key, fallback);
  // A line of the page: the resource its field is of and the record it is read on (a referenced one, if so).
  const lineOf = (line: string): { owner: AnyResource; name: string; row: Row } | undefined => {
    const through = refOf(line);
    if (!through) return { owner: config, name: line, row: record };
    const holder = references.find((reference) => reference.name === through);
    const row = holder ? (primed.answers[canonicalApiPath(holder.path)]?.body as Row | undefined) : undefined;
    const owner = resources.find(
      (resource) => resource.name === (config.fields[through] as RefField | undefined)?.reference,
    );
    const name = line.slice(through.length + 1);
    return row && owner?.fields[name] ? { owner, name, row } : undefined;
  };
  const textOf = (line: string) => {
    const found = lineOf(line);
    return found && shownOnPage(found.owner, found.name, found.row)
      ? { ...found, text: valueText(found.owner, found.name, found.row, locale, translate) }
      : undefined;
  };
  const image = page.hero?.image ? lineOf(page.hero.image) : undefined;
  const images = image?.row[image.name];
  const first = Array.isArray(images) && typeof images[0] === 'string' ? images[0] : undefined;
  const photo = first ? { ...responsiveImage(first, HERO_PHOTO.width), sizes: HERO_PHOTO.sizes } : undefined;
  // The first section the page draws: one of lines (a code or an endpoint's answer is drawn by the page alone).
  const status = statusField(config);
  const section = page.sections.find(
    (candidate) =>
      !candidate.code &&
      !candidate.endpoint &&
      !candidate.instructions &&
      (!candidate.whileIn || candidate.whileIn.includes(String(record[status ?? ''] ?? ''))),
  );
  const lines = (section?.fields ?? []).flatMap((line) => {
    const shown = textOf(line);
    return shown?.text
      ? [{ label: translate(labels.field(shown.owner, shown.name), humanize(shown.name)), text: shown.text }]
      : [];
  });
  const paint: RecordPaint = {
    title: `${serverText(locale, labels.name(config), { smart_count: 1 })} ${recordTitle(config, record, locale)}`,
    photo,
    heading: page.hero ? textOf(page.hero.title)?.text : undefined,
    section:
      section && section === page.sections[0] && lines.length
        ? { title: translate(labels.group(config, section.name), humanize(section.name)), lines }
        : undefined,
  };
  return { preload: photo ? preloadLink(photo, HERO_PHOTO.sizes) : undefined, paint };
}

/** The cards a guide's screen draws first: as many as a phone's screen shows under the table's head. */
const SCREEN_CARDS = 4;

/** A record table's card as the server draws it first (first-paint.ts `TablePaint`), from its endpoint's answer. */
function tablePaint(config: AnyResource, table: RecordTable, data: Row, locale: Locale): TablePaint {
  const translate: TableTranslate = (key, options) => serverTextOr(locale, key, options?._);
  const { rows, totals } = tableAnswer(table, data);
  const label = (key: string) => tableLabel(config, table, key, translate);
  // The server cannot tell the reader's time zone: an instant is read on the platform's clock, as the guide's is.
  const cell = (row: Row, column: RecordTableColumn) =>
    cellText(config, table, row, column, locale, translate, DEFAULT_TIME_ZONE);
  const [head, ...rest] = table.columns;
  return {
    title: label('title'),
    heading: headingWords(table, data, locale).join(' · '),
    totals: (totals ?? []).map(([key, value]) => `${label(key)}: ${formatNumber(value, locale)}`),
    cards: rows.slice(0, SCREEN_CARDS).map((row) => ({
      head: cell(row, head),
      link: Boolean(table.link),
      lines: rest.map((column) => ({
        label: label(column.key),
        text: cell(row, column),
        link: column.kind === 'phone' && !isEmptyCell(row[column.key]),
        strong: Boolean(column.emptyAs) && isEmptyCell(row[column.key]) && !isEmptyCell(row[column.emptyAs!.key]),
      })),
    })),
  };
}

/** The tables a record's page draws first (a departure's manifest), read and drawn for the reader. */
async function leadTablesPage(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  route: { config: AnyResource; id: string },
  principal: Principal,
  primed: PrimedAnswers,
): Promise<{ bar: string; tables: TablePaint[] } | undefined> {
  const { config, id } = route;
  const tables = readableTables(config, principal, 'first');
  if (!tables.length) return undefined;
  const recordPath = `${config.name}/${encodeURIComponent(id)}`;
  const tablePaths = tables.map((table) => `${recordPath}/${table.endpoint}`);
  await primeAnswers(app, request, locale, [recordPath, ...tablePaths], primed);
  const record = primed.answers[canonicalApiPath(recordPath)]?.body as Row | undefined;
  if (!record) return undefined;
  return {
    bar: `${serverText(locale, labels.name(config), { smart_count: 1 })} ${recordTitle(config, record, locale)}`,
    tables: tables.flatMap((table, index) => {
      const data = primed.answers[canonicalApiPath(tablePaths[index])]?.body as Row | undefined;
      return data ? [tablePaint(config, table, data, locale)] : [];
    }),
  };
}

/**
 * A scan screen (the guide's check-in): the records it offers and their names, the one it opens on (the address's
 * `pick`, else the preselected one) and its table, read as the screen reads them, and its card drawn for the reader.
 */
async function scanScreenPage(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  widget: ScanWidget,
  resources: readonly AnyResource[],
  primed: PrimedAnswers,
): Promise<{ scan: ScanPaint; tables: TablePaint[] }> {
  const text = (key: string) => serverText(locale, `app.scan.${key}`);
  const config = resources.find((resource) => resource.name === widget.pick.resource);
  const now = new Date();
  const listPath = pickListPath(widget.pick, now);
  await primeAnswers(app, request, locale, [listPath], primed);
  const found = primed.answers[canonicalApiPath(listPath)]?.body;
  const rows = Array.isArray(found) ? (found as Row[]) : [];
  const configOf = (name: string) => resources.find((resource) => resource.name === name);
  const reads = pickNameReads(widget.pick, config, rows, configOf);
  await primeAnswers(
    app,
    request,
    locale,
    reads.map((read) => read.path),
    primed,
  );
  const names = pickNames(
    reads,
    (read) => {
      const body = primed.answers[canonicalApiPath(read.path)]?.body;
      return Array.isArray(body) ? (body as Row[]) : [];
    },
    locale,
  );
  const asked = new URL(request.url, 'http://localhost').searchParams.get('pick');
  const chosen =
    rows.find((row) => String(row.id) === asked) ??
    preselected(rows, widget.pick.preselect, config, now, DEFAULT_TIME_ZONE);
  const scan: ScanPaint = {
    title: serverText(locale, `app.portal.widgets.${widget.name}`),
    pick: chosen ? { label: text('pick'), chosen: pickLabel(widget.pick, config, chosen, names, locale) } : undefined,
    camera: text('camera'),
    photo: text('photo'),
    code: text('typeCode'),
    send: text('send'),
  };
  const table = config?.recordTables?.find((candidate) => candidate.endpoint === widget.pick.table);
  if (!config || !table || !chosen) return { scan, tables: [] };
  const tablePath = `${config.name}/${encodeURIComponent(String(chosen.id))}/${table.endpoint}`;
  await primeAnswers(app, request, locale, [tablePath], primed);
  const data = primed.answers[canonicalApiPath(tablePath)]?.body as Row | undefined;
  return { scan, tables: data ? [tablePaint(config, table, data, locale)] : [] };
}

/** An area's menu as its sidebar lists it for the account (core/menu.ts), in the page's language. */
function menuSections(
  locale: Locale,
  area: Area,
  account: { stats?: unknown; permissions?: unknown },
  config: { resources: readonly AnyResource[]; portals: Partial<Record<Area, Portal>> },
): MenuSection[] {
  const permissions = (account.permissions ?? {}) as Record<string, readonly Verb[] | undefined>;
  const entries = listScreens(config.resources, area);
  const translate = (key: string, options: Record<string, unknown>) =>
    serverTextOr(locale, key, options._ === undefined ? undefined : String(options._), options);
  if (area === 'admin') {
    const readsStats = Array.isArray(account.stats) && account.stats.length > 0;
    return [
      { items: adminScreens(readsStats).map(({ label }) => translate(label, {})) },
      ...menuGroups({ area, entries }, permissions).map(({ group, entries: items }) => ({
        title: group ? translate(`app.menu.${group}`, { _: group }) : undefined,
        items: items.map((item) => menuEntryLabel(item, translate)),
      })),
    ];
  }
  const portal = config.portals[area];
  if (!portal) return [];
  const items = portalMenu(portal, entries, permissions).map((item) =>
    'screen' in item
      ? translate(`app.portal.screens.${item.screen.name}`, { _: item.screen.name })
      : menuEntryLabel({ entry: item.entry, order: 0 }, translate),
  );
  return [{ items }];
}

/** The screen an area opens on, when it is drawn from widgets (an owner's area's home). */
const homeScreenOf = (portal: Portal | undefined): PortalScreen | undefined =>
  portal?.screens.find((screen) => screen.path === '');

/**
 * The main amounts of the amounts widgets that open the home (those before any other widget), from their primed
 * answers. Only those: the server draws them right under the greeting, where the screen will draw them, so that
 * the screen's arrival replaces them in place (a figure further down would be drawn where another card goes).
 */
function homeFigures(screen: PortalScreen, primed: PrimedAnswers, accountResource: string, id: number): HomeFigure[] {
  const figures: HomeFigure[] = [];
  for (const widget of screen.widgets) {
    if (widget.kind !== 'amounts' || !widget.main) break;
    const body = primed.answers[accountEndpointPath(accountResource, id, widget.endpoint)]?.body as
      Record<string, unknown> | undefined;
    const minor = body?.[widget.main];
    if (typeof minor !== 'number') break;
    const currency = typeof body?.currency === 'string' ? body.currency : undefined;
    figures.push({ widget: widget.name, key: widget.main, minor, currency, width: widget.width ?? 'full' });
  }
  return figures;
}

/**
 * A signed-in area page (admin, partner portal, customer's area): who is signed in (`auth/me`) goes inside the page, so the
 * script draws the area at once instead of asking first and drawing a round trip later (on slow 4G that round
 * trip stood between the script and every screen's first data). On the portal's home the first reads of its
 * widgets go in too, and on an area's home the root holds the top of the screen in plain HTML meanwhile
 * (first-paint.ts). A list screen's first page goes in too, and its app bar with its title is drawn meanwhile.
 */
export function primedAreaPage(
  app: FastifyInstance,
  request: FastifyRequest,
  route: { locale: Locale; area: Area; subpath: string },
  config: { resources: readonly AnyResource[]; portals: Partial<Record<Area, Portal>> },
  budgetMs: number,
): Promise<PrimedPage> {
  const work = async (): Promise<PrimedPage> => {
    const primed = await primeAnswers(app, request, route.locale, [AREA_FIRST_READ]);
    const account = primed.answers[AREA_FIRST_READ]?.body as
      { id?: number; kind?: unknown; fullName?: unknown; stats?: unknown; permissions?: unknown } | undefined;
    if (!account) return { head: '', root: '' };
    const screen =
      route.subpath === '' && account.kind === AREA_KIND[route.area]
        ? homeScreenOf(config.portals[route.area])
        : undefined;
    const accountResource = config.resources.find((resource) => resource.account?.kind === account.kind);
    const list =
      account.kind === AREA_KIND[route.area]
        ? listScreens(config.resources, route.area).find((candidate) => candidate.route === route.subpath)
        : undefined;
    if (list) await primeAnswers(app, request, route.locale, listFirstReads(list, route.area), primed);
    // A list opened with a query of its own (a filter, a sort, a page in its address) opens on other rows than
    // its opening page: none are drawn, rather than rows that are not the list's.
    const rows =
      list && !request.url.includes('?')
        ? await firstRows(app, request, route.locale, route.area, list, account, primed, config.resources)
        : {};
    if (screen && accountResource && account.id !== undefined) {
      const reads = screenFirstReads(screen, { resource: accountResource.name, id: account.id });
      await primeAnswers(app, request, route.locale, reads.first, primed);
      await primeAnswers(app, request, route.locale, reads.then(primed.answers), primed);
    }
    const recordPage =
      account.kind === AREA_KIND[route.area] ? areaRecordPage(config.resources, route.area, route.subpath) : undefined;
    const { preload, paint } = recordPage
      ? await primeRecordPage(app, request, route.locale, recordPage, primed, config.resources)
      : {};
    // A guide's screen at the door (a departure's page with its manifest first, the scan screen): drawn first too.
    const principal = account.kind === AREA_KIND[route.area] ? principalOf(account) : undefined;
    const recordRoute = principal && !paint ? areaRecordRoute(config.resources, route.area, route.subpath) : undefined;
    const lead = recordRoute
      ? await leadTablesPage(app, request, route.locale, recordRoute, principal!, primed)
      : undefined;
    const portalScreen =
      principal && route.subpath
        ? config.portals[route.area]?.screens.find((candidate) => candidate.path === route.subpath)
        : undefined;
    const scanWidget = portalScreen?.widgets.find((widget): widget is ScanWidget => widget.kind === 'scan');
    const scan = scanWidget
      ? await scanScreenPage(app, request, route.locale, scanWidget, config.resources, primed)
      : undefined;
    const figures =
      screen && accountResource && account.id !== undefined
        ? homeFigures(screen, primed, accountResource.name, account.id)
        : [];
    const head = primedScript(primed);
    if (list)
      return {
        head,
        ...listFirstPaint(route.locale, {
          resource: list.config.name,
          queue: list.queue?.name,
          ...rows,
          menu: menuSections(route.locale, route.area, account, config),
        }),
      };
    if (paint)
      return {
        head,
        preload,
        ...recordFirstPaint({ ...paint, menu: menuSections(route.locale, route.area, account, config) }),
      };
    if (lead) return { head, ...screenFirstPaint({ bar: lead.bar, tables: lead.tables }) };
    if (portalScreen && scan) {
      const title = serverText(route.locale, `app.portal.screens.${portalScreen.name}`);
      return { head, ...screenFirstPaint({ bar: title, heading: title, ...scan }) };
    }
    return { head, preload, root: areaFirstPaint(route.locale, route.area, route.subpath, account, figures) };
  };
  return withinBudget(work(), budgetMs, { head: '', root: '' });
}
