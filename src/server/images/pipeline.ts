import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_IMAGE_EDGE, storedWidths } from '../../core/images';

// libvips keeps recent operations and their pixels for reuse (up to 50 MB); every upload is new bytes, so the
// cache only holds memory.
sharp.cache(false);

/** Formats accepted from callers; anything else sharp could read (SVG, TIFF, HEIF…) is refused. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * The most pixels an upload may decode to: a 5 MB PNG of one colour can claim billions of pixels (a
 * decompression bomb); 50 MP is more than any phone camera.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Why an upload was refused; each has a message in five languages (`app.upload.errors`). */
export type ImageProblem = 'notImage' | 'svg' | 'tooManyPixels' | 'damaged';

export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image refused: ${problem}`);
  }
}

export interface Rendition {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** The full image's size after orientation and the size cap. */
  width: number;
  height: number;
  /** Narrowest first; the last is the full image. */
  renditions: Rendition[];
}

export interface ProcessOptions {
  /** WebP effort 0–6: uploads take the default; the seed's covers trade a few bytes for a faster first start. */
  effort?: number;
  quality?: number;
}

const tooManyPixels = (error: unknown) => /pixel limit/i.test((error as Error).message);

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/**
 * Decodes an image and encodes it anew, so nothing of the file but its pixels survives: no EXIF, GPS or XMP
 * (sharp writes none unless asked), the camera's orientation applied to the pixels, at most `MAX_IMAGE_EDGE` px
 * on the longer side, and WebP renditions for `srcset`. An animated GIF or WebP keeps its first frame. A
 * decode failure (a truncated or damaged file) refuses the whole upload: nothing is half-stored.
 */
export async function processImage(bytes: Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  if (looksLikeSvg(bytes)) throw new ImageRefused('svg');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw new ImageRefused(tooManyPixels(error) ? 'tooManyPixels' : 'notImage');
  }
  if (metadata.format === 'svg') throw new ImageRefused('svg');
  if (!ACCEPTED.has(metadata.format ?? '')) throw new ImageRefused('notImage');
  if (!metadata.width || !metadata.height) throw new ImageRefused('damaged');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRefused('tooManyPixels');

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // failOn 'warning': libjpeg's "premature end of data" is only a warning, and would store a grey half-photo.
    pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1 })
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRefused(tooManyPixels(error) ? 'tooManyPixels' : 'damaged');
  }
  return encodeRenditions(pixels.data, pixels.info, options);
}

/** WebP renditions of decoded pixels, at every stored width (never wider than the pixels). */
export async function encodeRenditions(
  data: Buffer,
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  options: ProcessOptions = {},
): Promise<ProcessedImage> {
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const renditions = await Promise.all(
    storedWidths(info.width).map(async (width) => {
      const image = sharp(data, { raw });
      if (width < info.width) image.resize({ width });
      const out = await image
        .webp({ quality: options.quality ?? 80, effort: options.effort ?? 4 })
        .toBuffer({ resolveWithObject: true });
      return { width: out.info.width, height: out.info.height, bytes: out.data };
    }),
  );
  return { width: info.width, height: info.height, renditions };
}
