import { CARD_IMAGE_SIZES } from '../../core/catalog-requests';
import { ICON_PATHS, type IconName } from '../../core/icon-paths';
import type { ResponsiveImage } from '../../core/images';
import { formatMoney } from '../../core/format';
import { LOCALE_NAMES } from '../../core/locale-names';
import type { PhoneLayout } from '../../core/list-columns';
import type { Locale } from '../../core/locales';
import type { PublicSite } from '../../core/public-site';
import { AREA_KIND, ITEM_SEGMENT, type Area } from '../../core/routes';
import { serverText } from './server-text';

/** Where each area's home screen (its dashboard) lives below `/{locale}/{area}`. */
const HOME_PATHS: Record<Area, readonly string[]> = { admin: ['', 'dashboard'], partner: [''], account: [''] };

/** Text or an attribute's value (inside double quotes) in HTML: what is drawn stays text, whatever it holds. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** ` name="value"`, or nothing for a value that is not there. */
const attribute = (name: string, value: string | number | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(String(value))}"`;

/**
 * The top of an area's home screen in plain HTML, inside the page's root: the app bar with the screen's title
 * and the greeting, where the screen will draw them (base.css `.lt-first-paint`). On slow 4G the script takes
 * seconds to arrive and run; meanwhile the signed-in person sees their screen begin instead of a blank page.
 * React replaces it with the screen itself on its first render. Other screens of the area start blank as before:
 * only the home's first words are known without the script.
 */
export function areaFirstPaint(
  locale: Locale,
  area: Area,
  subpath: string,
  account: { kind?: unknown; fullName?: unknown },
  figures: readonly HomeFigure[] = [],
): string {
  if (account.kind !== AREA_KIND[area] || !HOME_PATHS[area].includes(subpath)) return '';
  const title = serverText(locale, 'app.dashboard.title');
  const greeting = serverText(locale, 'app.dashboard.welcome', { name: String(account.fullName ?? '') });
  return (
    `<div class="lt-first-paint"><div class="lt-first-paint-bar">${escapeHtml(title)}</div>` +
    `<h1>${escapeHtml(greeting)}</h1>` +
    (figures.length
      ? `<div class="lt-first-paint-figures">${figures.map((figure) => figureCard(locale, figure)).join('')}</div>`
      : '') +
    '</div>'
  );
}

/** A row of a list as a phone shows it (core/list-columns.ts `phoneItem`), its values already text. */
export interface PhoneRow {
  title: string;
  status?: string;
  /** A card's details carry their field's label; a line's values do not. */
  details: { label?: string; text: string }[];
}

/** The first rows of a list screen as a phone draws them: lines (the admin's lists) or cards (an owner's area). */
export interface PhoneRows {
  layout: PhoneLayout;
  /** The list has status tabs above its rows. */
  tabs: boolean;
  rows: readonly PhoneRow[];
}

/** A column of a list's table as a desk draws it (core/desk-table.ts), with its header's text. */
export interface DeskColumn {
  name: string;
  label: string;
  /** Its width (a CSS length), for values of one shape and the record's title (core/column-widths.ts); the others share the rest. */
  width?: string;
  /** Amounts and counts line up on the right. */
  right: boolean;
  /** Its header has a sort button: its label leaves the sort arrow's place. */
  sortable: boolean;
  /** A status is drawn as a chip; a column of the list's own (move buttons, decisions) stays empty. */
  kind: 'text' | 'status' | 'own';
}

/** The first rows of a list's table as a desk draws them, each row its cells' text in the columns' order. */
export interface DeskRows {
  /** The list has status tabs above its table. */
  tabs: boolean;
  /** A checkbox per row (the bulk actions): drawn as its column's empty space. */
  checkbox: boolean;
  /** The table's least width (core/column-widths.ts `tableLeastWidth`): below it the table is cut, as it scrolls. */
  leastWidth: string;
  columns: readonly DeskColumn[];
  rows: readonly (readonly string[])[];
}

const deskCell = (column: DeskColumn, text: string) =>
  `<div data-cell=""${column.right ? ' data-right=""' : ''}>` +
  (column.kind === 'status' && text
    ? `<span class="lt-first-paint-chip">${escapeHtml(text)}</span>`
    : escapeHtml(text)) +
  '</div>';

const headerCell = ({ label, width, right, sortable }: DeskColumn) =>
  `<div data-cell=""${right ? ' data-right=""' : ''}${width === undefined ? '' : ` style="width:${escapeHtml(width)}"`}>` +
  (sortable ? `<span data-sort="">${escapeHtml(label)}</span>` : escapeHtml(label)) +
  '</div>';

/**
 * The table as the desk's list lays it out (`table-layout: fixed`, client list/column-widths.ts), in elements laid
 * out as a table rather than a table's own: it is a picture of the list until the list comes, not a second table of
 * the page's (to a screen reader, or to whatever looks for the page's table rows).
 */
const deskTable = ({ tabs, checkbox, leastWidth, columns, rows }: DeskRows) =>
  `<div class="lt-first-paint-table"${tabs ? ' data-tabs=""' : ''}>` +
  `<div data-table="" style="min-width:${escapeHtml(leastWidth)}"><div data-head="">` +
  (checkbox ? '<div data-cell="" data-checkbox=""></div>' : '') +
  columns.map(headerCell).join('') +
  '</div>' +
  rows
    .map(
      (row) =>
        '<div data-row="">' +
        (checkbox ? '<div data-cell=""></div>' : '') +
        columns.map((column, index) => deskCell(column, row[index])).join('') +
        '</div>',
    )
    .join('') +
  '</div></div>';

/** A part of an area's menu as its sidebar draws it: a group's title, if any, and its entries' titles. */
export interface MenuSection {
  title?: string;
  items: readonly string[];
}

/** The sidebar's menu, open, as react-admin draws it on a desk (its icons and counts left out). */
const deskMenu = (sections: readonly MenuSection[]) =>
  '<div class="lt-first-paint-menu">' +
  sections
    .map(
      ({ title, items }) =>
        (title ? `<div data-group="">${escapeHtml(title)}</div>` : '') +
        items.map((item) => `<div>${escapeHtml(item)}</div>`).join(''),
    )
    .join('') +
  '</div>';

const phoneRow = (layout: PhoneLayout, { title, status, details }: PhoneRow) =>
  `<li><div><span>${escapeHtml(title)}</span>` +
  (status ? `<span class="lt-first-paint-status">${escapeHtml(status)}</span>` : '') +
  '</div><p>' +
  details
    .map(({ label, text }) =>
      layout === 'cards' && label
        ? `<span>${escapeHtml(label)}: ${escapeHtml(text)}</span>`
        : `<span>${escapeHtml(text)}</span>`,
    )
    .join('') +
  '</p></li>';

/**
 * The app bar of a list screen with the list's title, in plain HTML inside the page's root, where react-admin's
 * layout draws it (base.css `.lt-first-paint`): on slow 4G the signed-in person sees the screen they opened begin
 * while the script is on its way, instead of a blank page. The first rows come too, drawn as the list draws them
 * with the same text (core/value-text.ts): on a phone as its lines or cards, on a desk as its table, in the same
 * columns at the same widths, beside the area's menu; the page shows the one its width asks for (the server cannot
 * tell the screen's width). They are the screen's largest text: drawn here, the page's largest paint is the
 * server's, not the app's first rows (or its menu's longest entry) after its script has come and run.
 * The rows go in a layer beside the root (with a bar of their own), not inside it: React clears its root as it
 * starts, and nodes moved out of it to stay on the screen are painted anew, which the browser takes for a new
 * largest paint seconds after the first.
 */
export function listFirstPaint(
  locale: Locale,
  list: { resource: string; queue?: string; phone?: PhoneRows; desk?: DeskRows; menu?: readonly MenuSection[] },
): { root: string; layer: string } {
  const title = list.queue
    ? serverText(locale, `resources.${list.resource}.queues.${list.queue}`)
    : serverText(locale, `resources.${list.resource}.name`, { smart_count: 2 });
  const bar = `<div class="lt-first-paint-bar">${escapeHtml(title)}</div>`;
  const { phone, desk } = list;
  const layer =
    phone?.rows.length || desk?.rows.length
      ? `<div class="lt-first-paint lt-held-paint">${bar}` +
        (phone?.rows.length
          ? `<ul class="lt-first-paint-rows" data-layout="${phone.layout}"${phone.tabs ? ' data-tabs=""' : ''}>` +
            phone.rows.map((row) => phoneRow(phone.layout, row)).join('') +
            '</ul>'
          : '') +
        (desk?.rows.length ? deskTable(desk) + deskMenu(list.menu ?? []) : '') +
        '</div>'
      : '';
  return { root: `<div class="lt-first-paint">${bar}</div>`, layer };
}

/** A record page's head and first section as the server reads them for its reader (core/record-page.ts). */
export interface RecordPaint {
  /** The app bar's title: the resource's name and the record's title, as the page's title says it. */
  title: string;
  /** The hero's photo, with the `src`, `srcset` and `sizes` the page asks for, and its title. */
  photo?: ResponsiveImage & { sizes: string };
  heading?: string;
  /** The first section: its title and its lines, each a label over a value's text. */
  section?: { title: string; lines: readonly { label: string; text: string }[] };
}

/**
 * A record page an area declares (the traveller's order) in plain HTML, where the page will draw it (base.css
 * `.lt-first-paint-record`): the bar with its title, the hero's photo and title and its first section. The photo is
 * the page's largest paint: on slow 4G it shows as soon as it has come, instead of after the area's script has come
 * and run, seconds later. Like a list's first rows it goes in a layer beside the root, held until the page has
 * drawn its own head (shell/held-paint.ts).
 */
export function recordFirstPaint(record: RecordPaint & { menu?: readonly MenuSection[] }): {
  root: string;
  layer: string;
} {
  const { title, photo, heading, section, menu } = record;
  const bar = `<div class="lt-first-paint-bar">${escapeHtml(title)}</div>`;
  const layer =
    '<div class="lt-first-paint lt-held-paint" data-held="record">' +
    bar +
    '<div class="lt-first-paint-record">' +
    (photo
      ? `<img alt=""${attribute('src', photo.src)}${attribute('srcset', photo.srcSet)}${attribute('sizes', photo.sizes)}` +
        `${attribute('width', photo.width)}${attribute('height', photo.height)} fetchpriority="high">`
      : '') +
    (heading ? `<h1>${escapeHtml(heading)}</h1>` : '') +
    (section?.lines.length
      ? `<section><h2>${escapeHtml(section.title)}</h2>` +
        section.lines
          .map(({ label, text }) => `<div><span>${escapeHtml(label)}</span><p>${escapeHtml(text)}</p></div>`)
          .join('') +
        '</section>'
      : '') +
    '</div>' +
    deskMenu(menu ?? []) +
    '</div>';
  return { root: `<div class="lt-first-paint">${bar}</div>`, layer };
}

/** A record table (a departure's manifest) as its card draws it on a phone (RecordTable.tsx), its texts read. */
export interface TablePaint {
  title: string;
  heading: string;
  totals: readonly string[];
  cards: readonly {
    head: string;
    /** The head is a link to the row's record. */
    link: boolean;
    lines: readonly { label: string; text: string; link?: boolean; strong?: boolean }[];
  }[];
}

/** A scan screen's card as ScanWidget.tsx draws it before a scan: the picker with its choice, the buttons. */
export interface ScanPaint {
  title: string;
  pick?: { label: string; chosen: string };
  camera: string;
  photo: string;
  code: string;
  send: string;
}

const sheetCard = ({ title, heading, totals, cards }: TablePaint) =>
  '<div class="lt-first-paint-sheet">' +
  `<h2>${escapeHtml(title)}</h2>` +
  (heading ? `<p>${escapeHtml(heading)}</p>` : '') +
  '<div data-buttons></div>' +
  (totals.length
    ? `<div data-totals>${totals.map((total) => `<span>${escapeHtml(total)}</span>`).join('')}</div>`
    : '') +
  (cards.length
    ? '<ul>' +
      cards
        .map(
          ({ head, link, lines }) =>
            `<li><h3${link ? ' data-link=""' : ''}>${escapeHtml(head)}</h3><dl>` +
            lines
              .map(
                ({ label, text, link: tel, strong }) =>
                  `<dt>${escapeHtml(label)}</dt><dd${tel ? ' data-link=""' : ''}${strong ? ' data-strong=""' : ''}>` +
                  `${escapeHtml(text)}</dd>`,
              )
              .join('') +
            '</dl></li>',
        )
        .join('') +
      '</ul>'
    : '') +
  '</div>';

const scanCard = ({ title, pick, camera, photo, code, send }: ScanPaint) =>
  '<div class="lt-first-paint-scan">' +
  `<h2>${escapeHtml(title)}</h2>` +
  (pick ? `<div data-pick><span>${escapeHtml(pick.label)}</span>${escapeHtml(pick.chosen)}</div>` : '') +
  `<div data-button="contained">${escapeHtml(camera)}</div>` +
  `<div data-button="outlined">${escapeHtml(photo)}</div>` +
  `<div data-code><div>${escapeHtml(code)}</div><div data-button="outlined">${escapeHtml(send)}</div></div>` +
  '</div>';

/**
 * A screen the guide opens at the door, on a phone, in plain HTML where it will be drawn (base.css
 * `.lt-first-paint-screen`): a departure's page with its manifest first, or the scan screen with its picker, its
 * buttons and the picked departure's manifest. On one bar of signal the script takes seconds to come and run;
 * meanwhile the guide reads who travels. Like a list's first rows it goes in a layer beside the root, held until
 * the screen has drawn its own rows (shell/held-paint.ts); from 600 px wide it is not drawn (the bar alone is).
 */
export function screenFirstPaint(screen: {
  bar: string;
  heading?: string;
  scan?: ScanPaint;
  tables: readonly TablePaint[];
}): { root: string; layer: string } {
  const bar = `<div class="lt-first-paint-bar">${escapeHtml(screen.bar)}</div>`;
  const layer =
    '<div class="lt-first-paint lt-held-paint" data-held="screen">' +
    bar +
    '<div class="lt-first-paint-screen">' +
    (screen.heading ? `<h1>${escapeHtml(screen.heading)}</h1>` : '') +
    (screen.scan ? scanCard(screen.scan) : '') +
    screen.tables.map(sheetCard).join('') +
    '</div></div>';
  return { root: `<div class="lt-first-paint">${bar}</div>`, layer };
}

/** The main amount of one of the home's amounts widgets (earnings this month), as its primed answer holds it. */
export interface HomeFigure {
  widget: string;
  key: string;
  minor: number;
  currency?: string;
  /** The widget's width on the grid from the `md` breakpoint up (PortalScreen.tsx). */
  width: 'third' | 'half' | 'full';
}

/**
 * A figure drawn as its widget draws it (AmountsWidget.tsx): the card's title, the amount's label and the amount
 * in large type. The figures are the screen's largest text: drawn here, they reach a phone seconds before the
 * script has come and drawn the widgets.
 */
const figureCard = (locale: Locale, { widget, key, minor, currency, width }: HomeFigure) =>
  `<section data-first-paint-widget="${escapeHtml(widget)}" data-width="${width}">` +
  `<h2>${escapeHtml(serverText(locale, `app.portal.widgets.${widget}`))}</h2>` +
  `<div>${escapeHtml(serverText(locale, `app.portal.amounts.${key}`))}</div>` +
  `<p>${escapeHtml(formatMoney(minor, currency, locale))}</p></section>`;

/**
 * The top of an item's public page in plain HTML, inside the page's root: the bar, the item's title, its partner
 * and its first photo, where the page will draw them (base.css `.lt-item-first-paint`). The photo is the page's
 * largest paint: on slow 4G it shows as soon as it has come, not after the script has come and run. React
 * replaces it with the page itself on its first render (the same photo, from the cache, at the same size).
 */
export function itemFirstPaint(
  locale: Locale,
  item: { title: string; partner?: string; photo?: ResponsiveImage & { sizes: string } },
): string {
  const { title, partner, photo } = item;
  return (
    // The app starts once the page's code has come (main.tsx): until then this stays on the screen.
    '<div class="lt-item-first-paint" data-route-chunk="item">' +
    `<div class="lt-appbar"><div class="lt-appbar__row">${escapeHtml(serverText(locale, 'app.title'))}</div></div>` +
    '<div class="lt-container lt-container--md">' +
    `<h1>${escapeHtml(title)}</h1>` +
    (partner ? `<p>${escapeHtml(serverText(locale, 'app.home.byPartner', { partner }))}</p>` : '') +
    (photo
      ? `<img alt=""${attribute('src', photo.src)}${attribute('srcset', photo.srcSet)}${attribute('sizes', photo.sizes)}` +
        `${attribute('width', photo.width)}${attribute('height', photo.height)} fetchpriority="high">`
      : '') +
    '</div></div>'
  );
}

/** An icon as client/home/icons.tsx draws it. */
const icon = (name: IconName, size: number | string = 24) =>
  `<svg class="lt-icon" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false">` +
  `<path d="${ICON_PATHS[name]}" fill="currentColor"></path></svg>`;

/** The first card of the catalog, as the server read it for the page (primed-answers.ts). */
export interface HomeCard {
  id: string | number;
  title: string;
  photo?: ResponsiveImage;
  /** The name of its option of the first search filter (its tour type), drawn as the card's first chip. */
  kind?: string;
  duration?: number;
  /**
   * The names of its options of the other filters (its province), the card's place line: `''` for none (no line),
   * undefined while they are not known (the line kept blank).
   */
  place?: string;
  price: number;
  currency: string;
}

/**
 * The public home's first screen in plain HTML, inside the page's root: the bar, the hero, the search bar and the
 * first card of the catalog, in the very markup and classes the page draws (SiteHeader, HomePage, SearchBar,
 * ItemCard), so each lands where the page will put it: the home's styles (home.css) come with the page's
 * stylesheet, before any script. On a phone the first card's photo is the page's largest paint: drawn here, it
 * shows as soon as it has come instead of after the script has come and run. React replaces it all on its first
 * render, with the same photo from the cache at the same place and size. The bar's buttons and the search bar are
 * drawn but do nothing until then (the form is inert: what were typed into it would be lost); the links work.
 */
export function homeFirstPaint(locale: Locale, site: PublicSite, card: HomeCard | undefined): string {
  const t = (key: string, params?: Record<string, unknown>) => escapeHtml(serverText(locale, key, params));
  const field = (id: string, label: string, control: string) =>
    `<div class="lt-field"><label for="${id}">${label}</label>${control}</div>`;
  return (
    '<div class="lt-page" data-first-paint="home">' +
    // SiteHeader.tsx
    '<header class="lt-appbar"><div class="lt-appbar__row">' +
    `<a href="/${locale}" class="lt-appbar__brand">${icon('lantern')}<span>${t('app.title')}</span></a>` +
    `<nav class="lt-appbar__links" aria-label="${t('app.auth.accountLinks')}">` +
    `<a href="/${locale}/partner/register" class="lt-button lt-button--inherit">${t('app.auth.partnerRegister')}</a>` +
    `<a href="/${locale}/login" class="lt-button lt-button--inherit lt-appbar__wide">${t('app.auth.partnerLogin')}</a>` +
    `<a href="/${locale}/login" class="lt-button lt-button--inherit lt-button--outlined">${t('app.auth.login')}</a>` +
    '</nav>' +
    `<div class="lt-menu"><button type="button" class="lt-button lt-button--inherit">` +
    `${icon('translate', 20)}${escapeHtml(LOCALE_NAMES[locale])}</button></div>` +
    `<button type="button" class="lt-icon-button" aria-label="${t('app.theme.toggle')}">${icon('darkMode')}</button>` +
    '</div></header>' +
    // HomePage.tsx
    '<section class="lt-hero"><div class="lt-container lt-container--lg">' +
    `<h1 class="lt-hero__title">${t('app.home.heroTitle')}</h1>` +
    `<p class="lt-hero__subtitle">${t('app.home.heroSubtitle')}</p>` +
    '</div></section>' +
    // SearchBar.tsx, empty
    '<div class="lt-container lt-container--lg lt-search-wrap"><form class="lt-search" role="search" inert>' +
    field(
      'lt-first-paint-q',
      t('app.home.searchLabel'),
      `<input id="lt-first-paint-q" type="search" placeholder="${t('app.home.searchPlaceholder')}">`,
    ) +
    site.catalog.filters
      .map((filter) =>
        field(
          `lt-first-paint-${filter.labelKey}`,
          t(`app.home.${filter.labelKey}`),
          `<select id="lt-first-paint-${escapeHtml(filter.labelKey)}"><option value="">` +
            `${t(`app.home.${filter.anyKey}`)}</option></select>`,
        ),
      )
      .join('') +
    field('lt-first-paint-date', t('app.home.date'), '<input id="lt-first-paint-date" type="date">') +
    '<div class="lt-search__actions"><button type="submit" class="lt-button lt-button--contained">' +
    `${icon('search', 20)}${t('app.home.search')}</button></div>` +
    '</form></div>' +
    '<main class="lt-container lt-container--lg lt-main">' +
    // The count's line keeps its place as the page's does while the count is on its way.
    '<p class="lt-muted lt-result-count">\u00a0</p>' +
    `<div class="lt-grid">${card ? homeCard(locale, card) : ''}</div>` +
    '</main></div>'
  );
}

/**
 * A card as ItemCard.tsx draws it while its partner's name and departures are on their way (their lines kept
 * blank), its photo with the same `src`, `srcset` and `sizes`, so the page's card takes it from the cache.
 */
function homeCard(locale: Locale, card: HomeCard): string {
  const t = (key: string, params?: Record<string, unknown>) => escapeHtml(serverText(locale, key, params));
  const { photo } = card;
  return (
    '<article class="lt-card">' +
    `<a href="/${locale}/${ITEM_SEGMENT}/${escapeHtml(String(card.id))}" class="lt-card__link">` +
    (photo
      ? `<img class="lt-card__media"${attribute('src', photo.src)}${attribute('srcset', photo.srcSet)}` +
        `${attribute('width', photo.width)}${attribute('height', photo.height)}${attribute('sizes', CARD_IMAGE_SIZES)}` +
        ' alt="" loading="eager" fetchpriority="high" decoding="async">'
      : '<div class="lt-card__media"></div>') +
    '<div class="lt-card__body"><div class="lt-chips">' +
    (card.kind ? `<span class="lt-chip lt-chip--primary">${escapeHtml(card.kind)}</span>` : '') +
    (card.duration ? `<span class="lt-chip">${t('app.home.duration', { smart_count: card.duration })}</span>` : '') +
    '</div>' +
    `<h2 class="lt-card__title">${escapeHtml(card.title)}</h2>` +
    '<p class="lt-card__line">\u00a0</p>' +
    (card.place !== ''
      ? `<p class="lt-card__line">${icon('place', '1em')} ${escapeHtml(card.place ?? '\u00a0')}</p>`
      : '') +
    `<p class="lt-card__price">${t('app.home.priceFrom', { price: formatMoney(card.price, card.currency, locale) })}</p>` +
    `<p class="lt-card__line lt-card__line--small">${icon('event', '1em')}\u00a0</p>` +
    '</div></a></article>'
  );
}
