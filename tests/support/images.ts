/** Images for upload tests, made with sharp the way a phone would make them (EXIF, GPS, a rotation flag). */
import sharp from 'sharp';

/** A JPEG `width`×`height` as stored (landscape), flagged to be shown rotated by 90°, with a camera's EXIF and GPS. */
export async function phoneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
       <defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#fc3"/></linearGradient></defs>
       <rect width="100%" height="100%" fill="url(#g)"/><circle cx="30%" cy="40%" r="20%" fill="#e53"/>
     </svg>`,
  );
  return sharp(gradient)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'LanternPhone', Model: 'Test 1', Copyright: 'someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '17/1 58/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '102/1 36/1 0/1',
      },
    })
    .toBuffer();
}

export function multipartForm(bytes: Buffer, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}
