import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { imageUrl } from '../../src/core/images';
import { encodeRenditions, type ProcessedImage } from '../../src/server/images/pipeline';
import { storeImage } from '../../src/server/images/store';

/**
 * Cover photos for the demo catalogue, drawn at seed time: a landscape per tour type (its motif in the
 * foreground), lit by one of four palettes (the province picks it), so a card grid looks like a marketplace and
 * not a row of grey boxes. No text is drawn: the card says what it is in the reader's language.
 */

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
  water: string;
  ink: string;
}

/** Dawn, midday, dusk and monsoon light. */
export const PALETTES: readonly Palette[] = [
  {
    skyTop: '#f6b48f',
    skyBottom: '#fde6c4',
    sun: '#fff3d6',
    far: '#d99a8c',
    mid: '#9c6b73',
    near: '#4f3b4f',
    water: '#e9b9a0',
    ink: '#2e2233',
  },
  {
    skyTop: '#5aa9e6',
    skyBottom: '#cfe9f7',
    sun: '#fff8dc',
    far: '#8fb9a8',
    mid: '#4f8a6b',
    near: '#2f5d44',
    water: '#6fb3c9',
    ink: '#1f3a2c',
  },
  {
    skyTop: '#45306b',
    skyBottom: '#f08a5d',
    sun: '#ffd27f',
    far: '#8a5a7a',
    mid: '#5b3a5e',
    near: '#2d1f3a',
    water: '#c9707a',
    ink: '#1a1226',
  },
  {
    skyTop: '#7f9ea3',
    skyBottom: '#dfe8e3',
    sun: '#f4f7f2',
    far: '#a9bdb4',
    mid: '#6d8f84',
    near: '#3e5e57',
    water: '#9fbcb8',
    ink: '#24393a',
  },
];

/** The drawing's coordinates; it is rendered at `RENDER_WIDTH` (1024 px is sharp on a card at twice its width). */
const COVER_WIDTH = 1280;
const COVER_HEIGHT = 800;
const RENDER_WIDTH = 1024;

/** A ridge line across the picture: a smooth curve through points at `y` less up to `amplitude`, filled below. */
function ridge(y: number, amplitude: number, seed: number, fill: string): string {
  const steps = 8;
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const height = amplitude * Math.abs(Math.sin(seed * 1.7 + i * 1.3) + 0.5 * Math.sin(seed + i * 2.9));
    return [(COVER_WIDTH / steps) * i, y - height] as const;
  });
  // Each point is a control point, the curve passing through the midpoints between them: no corners.
  let d = `M0,${COVER_HEIGHT} L${points[0][0]},${points[0][1].toFixed(0)}`;
  for (let i = 1; i < steps; i++) {
    const [x, h] = points[i];
    const [nx, nh] = points[i + 1];
    d += ` Q${x},${h.toFixed(0)} ${((x + nx) / 2).toFixed(0)},${((h + nh) / 2).toFixed(0)}`;
  }
  d += ` L${COVER_WIDTH},${points[steps][1].toFixed(0)} L${COVER_WIDTH},${COVER_HEIGHT} Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

const MOTIFS: Record<string, (p: Palette) => string> = {
  CITY_TOUR: (p) => {
    // A golden stupa among low roofs.
    const roofs = [120, 260, 860, 1010, 1150]
      .map(
        (x, i) =>
          `<rect x="${x}" y="${600 - (i % 3) * 30}" width="110" height="${200 + (i % 3) * 30}" fill="${p.near}"/>`,
      )
      .join('');
    return `${roofs}<path d="M560,800 L560,600 L720,600 L720,800 Z" fill="${p.near}"/>
      <path d="M540,610 L740,610 L700,540 L580,540 Z" fill="#d9a93a"/>
      <path d="M600,545 Q640,380 680,545 Z" fill="#e8bd4a"/><rect x="636" y="330" width="8" height="70" fill="#e8bd4a"/>`;
  },
  TREKKING: (p) => {
    const trees = Array.from({ length: 9 }, (_, i) => {
      const x = 80 + i * 140 + (i % 2) * 30;
      const y = 700 - (i % 3) * 25;
      return `<path d="M${x},${y} L${x + 30},${y - 110} L${x + 60},${y} Z" fill="${p.ink}"/>`;
    }).join('');
    return `<path d="M420,800 C520,700 760,720 700,640 S820,560 900,540" stroke="${p.skyBottom}" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.8"/>${trees}`;
  },
  RIVER_CRUISE: (p) =>
    `<path d="M0,640 C300,610 900,660 1280,630 L1280,800 L0,800 Z" fill="${p.water}"/>
     <path d="M0,700 C400,680 800,720 1280,690" stroke="${p.skyBottom}" stroke-width="4" fill="none" opacity="0.6"/>
     <path d="M440,680 L860,680 L820,712 L480,712 Z" fill="${p.ink}"/><rect x="560" y="640" width="170" height="40" rx="6" fill="${p.near}"/>
     <path d="M545,642 L745,642 L730,628 L560,628 Z" fill="#c0392b"/>`,
  TEMPLES: (p) =>
    `<rect x="430" y="560" width="420" height="240" fill="#efe2c8"/>
     <path d="M380,580 L900,580 L820,500 L460,500 Z" fill="#b8452f"/><path d="M440,505 L840,505 L760,430 L520,430 Z" fill="#cf5a3a"/>
     <path d="M520,435 L760,435 L690,370 L590,370 Z" fill="#e0703f"/><rect x="636" y="300" width="8" height="75" fill="#e8bd4a"/>
     <rect x="600" y="650" width="80" height="150" fill="${p.ink}"/>`,
  CAVES: (p) =>
    `<path d="M200,800 L260,380 Q420,240 620,300 Q820,230 980,390 L1060,800 Z" fill="${p.near}"/>
     <path d="M520,800 L540,600 Q630,500 720,600 L740,800 Z" fill="${p.ink}"/>
     <path d="M0,740 C300,720 900,760 1280,730 L1280,800 L0,800 Z" fill="${p.water}"/>`,
  FOOD: (p) => {
    // Rice terraces down the hill and a sticky-rice basket in front.
    const terraces = Array.from(
      { length: 5 },
      (_, i) =>
        `<path d="M0,${560 + i * 50} C400,${530 + i * 50} 900,${590 + i * 50} 1280,${550 + i * 50}" stroke="${i % 2 ? p.mid : p.far}" stroke-width="22" fill="none"/>`,
    ).join('');
    return `${terraces}<path d="M930,800 L960,640 Q1030,600 1100,640 L1130,800 Z" fill="#c8954a"/>
      <path d="M960,660 L1100,660 M950,710 L1110,710 M945,760 L1120,760" stroke="#9a6b2c" stroke-width="6"/>`;
  },
  CYCLING: (p) =>
    `<path d="M0,760 C300,700 800,720 1280,660 L1280,800 L0,800 Z" fill="${p.near}"/>
     <g stroke="#c0392b" stroke-width="9" fill="none"><circle cx="560" cy="660" r="48"/><circle cx="720" cy="660" r="48"/>
     <path d="M560,660 L620,580 L700,580 L720,660 M620,580 L640,660 L700,580 M610,570 L640,570 M690,560 L710,560"/></g>`,
  TRANSPORT: (p) =>
    `<path d="M0,720 L1280,690 L1280,800 L0,800 Z" fill="${p.ink}"/>
     <path d="M0,745 L1280,722" stroke="${p.skyBottom}" stroke-width="6" stroke-dasharray="60 50"/>
     <rect x="500" y="560" width="300" height="140" rx="18" fill="#2e86c1"/><rect x="520" y="580" width="70" height="50" fill="${p.skyBottom}"/>
     <rect x="610" y="580" width="70" height="50" fill="${p.skyBottom}"/><rect x="700" y="580" width="80" height="50" fill="${p.skyBottom}"/>
     <circle cx="560" cy="705" r="26" fill="${p.ink}"/><circle cx="740" cy="705" r="26" fill="${p.ink}"/>`,
};

/** The SVG of one cover. */
export function coverSvg(tourType: string, palette: number): string {
  const p = PALETTES[palette % PALETTES.length];
  const seed = [...tourType].reduce((sum, c) => sum + c.charCodeAt(0), 0) + palette * 7;
  const motif = MOTIFS[tourType] ?? MOTIFS.TREKKING;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_WIDTH}" height="${(RENDER_WIDTH * COVER_HEIGHT) / COVER_WIDTH}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${900 - (seed % 5) * 120}" cy="${200 + (seed % 3) * 40}" r="70" fill="${p.sun}" opacity="0.9"/>
  ${ridge(430, 120, seed, p.far)}${ridge(540, 90, seed + 3, p.mid)}${ridge(660, 60, seed + 5, p.near)}
  ${motif(p)}
</svg>`;
}

const RENDER_HEIGHT = (RENDER_WIDTH * COVER_HEIGHT) / COVER_WIDTH;

/** A cover's id: its drawing's digest, so the same drawing is the same URL in every seed. */
function coverId(tourType: string, palette: number): string {
  return createHash('sha256').update(coverSvg(tourType, palette)).digest('hex').slice(0, 32);
}

/** The URL of a cover, known before it is drawn (the world is built while the covers render). */
export function coverUrl(tourType: string, palette: number): string {
  return imageUrl(coverId(tourType, palette % PALETTES.length), RENDER_WIDTH, RENDER_HEIGHT);
}

export interface RenderedCover {
  id: string;
  image: ProcessedImage;
}

export interface CoverKey {
  tourType: string;
  palette: number;
}

/**
 * Drawn covers are kept in `node_modules/.cache/lantern/covers`, named by their digest: the first seed on a
 * machine draws them (about a second of CPU), every later one (a new DATA_DIR, a test database) reads them.
 */
const CACHE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/lantern/covers');

interface CachedCover {
  width: number;
  height: number;
  renditions: { width: number; height: number; webp: string }[];
}

async function cached(id: string): Promise<ProcessedImage | undefined> {
  try {
    const entry = JSON.parse(await readFile(path.join(CACHE_DIR, `${id}.json`), 'utf8')) as CachedCover;
    return {
      width: entry.width,
      height: entry.height,
      renditions: entry.renditions.map((r) => ({
        width: r.width,
        height: r.height,
        bytes: Buffer.from(r.webp, 'base64'),
      })),
    };
  } catch {
    return undefined;
  }
}

async function remember(id: string, image: ProcessedImage): Promise<void> {
  const entry: CachedCover = {
    width: image.width,
    height: image.height,
    renditions: image.renditions.map((r) => ({ width: r.width, height: r.height, webp: r.bytes.toString('base64') })),
  };
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    // Written under a private name and renamed: a seed running meanwhile never reads half a file.
    const partial = path.join(CACHE_DIR, `${id}.${process.pid}.${Math.random().toString(36).slice(2)}`);
    await writeFile(partial, JSON.stringify(entry));
    await rename(partial, path.join(CACHE_DIR, `${id}.json`));
  } catch {
    // A read-only node_modules: the next seed draws the cover again.
  }
}

/** One cover, drawn or read from the cache. */
async function renderCover({ tourType, palette }: CoverKey): Promise<RenderedCover> {
  const id = coverId(tourType, palette);
  const known = await cached(id);
  if (known) return { id, image: known };
  const { data, info } = await sharp(Buffer.from(coverSvg(tourType, palette)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Effort 0 of 6: flat drawings stay small whatever the effort, and the first start waits for them.
  const image = await encodeRenditions(data, info, { effort: 0, quality: 78 });
  await remember(id, image);
  return { id, image };
}

/**
 * Draws these covers, or reads them from the cache, two at a time: sharp works off the main thread meanwhile,
 * and two in flight keep the cores busy without a peak of memory (each drawing is a few MB of pixels).
 */
export async function renderCovers(keys: Iterable<CoverKey>): Promise<RenderedCover[]> {
  const queue = [...keys];
  const done: RenderedCover[] = [];
  const worker = async () => {
    for (let key = queue.shift(); key; key = queue.shift()) done.push(await renderCover(key));
  };
  await Promise.all([worker(), worker()]);
  return done;
}

/** Draws every cover the demo can use into the cache (`npm run build` does, so that no start has to). */
export async function prepareCovers(tourTypes: readonly string[]): Promise<void> {
  await renderCovers(tourTypes.flatMap((tourType) => PALETTES.map((_, palette) => ({ tourType, palette }))));
}

export async function storeCovers(db: Kysely<any>, covers: readonly RenderedCover[]): Promise<void> {
  for (const { id, image } of covers) await storeImage(db, id, image);
}
