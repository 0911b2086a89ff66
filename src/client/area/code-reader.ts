/**
 * Reads a QR code from an image or a video frame: the browser's `BarcodeDetector` where it reads QR codes, else the
 * jsQR library (loaded only then).
 */
type Source = ImageBitmap | HTMLVideoElement;

interface Detector {
  detect(source: Source): Promise<{ rawValue: string }[]>;
}

let native: Promise<Detector | undefined> | undefined;

function nativeDetector(): Promise<Detector | undefined> {
  native ??= (async () => {
    const Barcode = (globalThis as { BarcodeDetector?: any }).BarcodeDetector;
    if (!Barcode) return undefined;
    const formats: string[] = await Barcode.getSupportedFormats?.().catch(() => []);
    return formats?.includes('qr_code') ? (new Barcode({ formats: ['qr_code'] }) as Detector) : undefined;
  })();
  return native;
}

let canvas: HTMLCanvasElement | undefined;

async function withLibrary(source: Source): Promise<string | undefined> {
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return undefined;
  canvas ??= document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(source, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height)?.data || undefined;
}

/** The text of the first QR code in the picture or frame, if any. */
export async function readCode(source: Source): Promise<string | undefined> {
  const detector = await nativeDetector();
  if (detector) {
    const found = await detector.detect(source).catch(() => []);
    if (found[0]?.rawValue) return found[0].rawValue;
  }
  return withLibrary(source);
}
