import { createHash } from 'node:crypto';

/**
 * A page whose first screen the server has drawn (the home, an item, an area's home or list) asks for the app's
 * scripts only once that screen is painted. The paint needs the stylesheet, the fonts and its photo; on slow 4G
 * the app's fifty chunks would share the connection with them, and on a phone's two cores their parsing competes
 * with the first layout. Held until the first frame, the scripts cost the app one frame's start, and what the
 * visitor came to read is on screen before any of them is fetched.
 *
 * The shell's requests stay in the page, inert (an unknown script type and link relation are neither fetched nor
 * run), and the loader below turns them back into the shell's own requests after the first frame: a hidden tab,
 * which paints no frame, asks at once.
 */
const HELD_SCRIPT = 'lantern/after-paint';
const HELD_PRELOAD = 'lantern-after-paint';

/**
 * A page holds some forty preloads of an area's chunks. Each link put in the page starts its request there and
 * then (about 2 ms of a slowed phone, several times that while DevTools or Lighthouse traces the requests), so
 * they are put in a few at a time, each few in a task of its own: all of them together were one long task.
 */
const PRELOADS_PER_TASK = 4;

/** Runs inline in the page's head; the Content-Security-Policy allows it by its hash alone. */
export const AFTER_PAINT_LOADER =
  '(function(){var asked=false;function ask(){if(asked)return;asked=true;' +
  `document.querySelectorAll('script[type="${HELD_SCRIPT}"]').forEach(function(held){` +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='anonymous';" +
  "script.fetchPriority='low';script.src=held.src;document.head.appendChild(script)});" +
  `var held=[].slice.call(document.querySelectorAll('link[rel="${HELD_PRELOAD}"]'));` +
  `(function some(){held.splice(0,${PRELOADS_PER_TASK}).forEach(function(one){` +
  "var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='anonymous';" +
  "link.fetchPriority='low';link.href=one.href;document.head.appendChild(link)});" +
  'if(held.length)setTimeout(some)})()}' +
  "if(document.visibilityState!=='visible')ask();else requestAnimationFrame(function(){setTimeout(ask)});" +
  "document.addEventListener('visibilitychange',ask,{once:true});" +
  // The first Intl formatter of a page starts the browser's ICU (~90 ms of a slowed phone, in one piece, whatever
  // the locale). Here it runs while the stylesheet, fonts and photo are on their way, when the main thread has
  // nothing else to do, instead of in the middle of the app's start.
  "try{var tag=document.documentElement.lang;new Intl.NumberFormat(tag,{style:'currency',currency:'LAK'}).format(1);" +
  "new Intl.DateTimeFormat(tag,{dateStyle:'medium',timeStyle:'short'}).format(0)}catch(e){}})();";

/** The loader's source as `script-src` names it. */
export const AFTER_PAINT_LOADER_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

const SHELL_ENTRY = /<script type="module" ([^>]*><\/script>)/;
const SHELL_PRELOAD = /<link rel="modulepreload" /g;

/** The shell with its entry and preloads held until the first paint, and the loader where the entry was. */
export function scriptsAfterFirstPaint(html: string): string {
  return html
    .replace(SHELL_ENTRY, `<script type="${HELD_SCRIPT}" $1<script>${AFTER_PAINT_LOADER}</script>`)
    .replace(SHELL_PRELOAD, `<link rel="${HELD_PRELOAD}" `);
}
