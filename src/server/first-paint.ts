import type { ResponsiveImage } from '../core/images';
import { formatMoney } from '../core/format';
import type { Locale } from '../core/locales';
import { AREA_KIND, type Area } from '../core/routes';
import { serverText } from './server-text';

/** Where each area's home screen (its dashboard) lives below `/{locale}/{area}`. */
const HOME_PATHS: Record<Area, readonly string[]> = { admin: ['', 'dashboard'], partner: [''], account: [''] };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
  const attribute = (name: string, value: string | number | undefined) =>
    value === undefined ? '' : ` ${name}="${escapeHtml(String(value))}"`;
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
