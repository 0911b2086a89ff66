/**
 * The names of stored images, shared by the server (which writes and serves them) and the apps (which build
 * `srcset` from a stored URL without asking the server): `/uploads/{id}-{W}x{H}.webp` is the full image (at most
 * `MAX_IMAGE_EDGE` on its longer side), `/uploads/{id}-{W}x{H}-{w}w.webp` a narrower rendition. An id is never
 * reused for other bytes, so every URL may be cached for good.
 */

/** Widths of the WebP renditions kept besides the full image (only those narrower than it). */
export const RENDITION_WIDTHS = [320, 640, 1280] as const;

/** The longer side of the full image: a phone's 4000 px photo is cut down to this. */
export const MAX_IMAGE_EDGE = 2560;

const NAME = /^([0-9a-f]{32})-(\d{1,5})x(\d{1,5})(?:-(\d{1,5})w)?\.webp$/;

export interface ImageName {
  id: string;
  width: number;
  height: number;
  /** The rendition's width; the full image's own width when the name is the full image's. */
  rendition: number;
}

export function parseImageName(name: string): ImageName | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const width = Number(match[2]);
  const height = Number(match[3]);
  const rendition = match[4] ? Number(match[4]) : width;
  if (!width || !height || !rendition || rendition > width) return undefined;
  return { id: match[1], width, height, rendition };
}

/** The widths stored for an image of this width: the renditions narrower than it, then the image itself. */
export function storedWidths(width: number): number[] {
  return [...RENDITION_WIDTHS.filter((w) => w < width), width];
}

export function imageUrl(id: string, width: number, height: number, rendition = width): string {
  return `/uploads/${id}-${width}x${height}${rendition === width ? '' : `-${rendition}w`}.webp`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/**
 * What an `<img>` needs for a stored URL: a `srcset` over every width kept and the intrinsic size (so the page
 * does not jump when it arrives); `src` is the rendition nearest `preferred` px. Other URLs are used as they are.
 */
export function responsiveImage(url: string, preferred = 640): ResponsiveImage {
  const name = url.startsWith('/uploads/') ? parseImageName(url.slice('/uploads/'.length)) : undefined;
  if (!name || name.rendition !== name.width) return { src: url };
  const widths = storedWidths(name.width);
  const src = widths.find((w) => w >= preferred) ?? name.width;
  return {
    src: imageUrl(name.id, name.width, name.height, src),
    srcSet: widths.map((w) => `${imageUrl(name.id, name.width, name.height, w)} ${w}w`).join(', '),
    width: name.width,
    height: name.height,
  };
}
