/**
 * SPEC §9: every upload is decoded and encoded anew (no EXIF/GPS/XMP, orientation applied, at most 2560 px),
 * kept as WebP renditions in the database and served with immutable cache headers; bad input is refused with a
 * 4xx in the caller's language and nothing is stored.
 */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import th from '../../i18n/th';
import vi from '../../i18n/vi';
import zh from '../../i18n/zh';
import { parseImageName, responsiveImage } from '../../src/core/images';
import { multipartForm, phoneJpeg } from '../support/images';
import { describeEachEngine, suiteServer } from './harness';

const LOCALES = { lo, en, vi, th, zh };

describeEachEngine('uploads: the image pipeline', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let cookie: string;

  beforeAll(async () => {
    cookie = await server.login('partner@example.com', 'Partner#2026');
  });

  const upload = async (body: FormData, language = 'en') => {
    const response = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { cookie, 'accept-language': language },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const fileCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a phone photo loses its EXIF and GPS, is turned upright and kept at 320 and 640 px and full size', async () => {
    const original = await phoneJpeg(1600, 1200);
    expect((await sharp(original).metadata()).exif?.length).toBeGreaterThan(0);
    const answer = await upload(multipartForm(original, 'IMG_0001.jpg', 'image/jpeg'));
    expect(answer.status).toBe(201);
    // Orientation 6: the stored 1600×1200 pixels are shown 1200 wide and 1600 high.
    expect(answer.body).toMatchObject({ width: 1200, height: 1600, type: 'image/webp' });
    const image = responsiveImage(answer.body.url);
    const urls = image.srcSet!.split(', ').map((entry) => entry.split(' ')[0]);
    expect(urls.map((url) => parseImageName(url.slice('/uploads/'.length))!.rendition)).toEqual([320, 640, 1200]);
    for (const url of urls) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif, `${url} EXIF`).toBeUndefined();
      expect(metadata.xmp, `${url} XMP`).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(bytes.includes('LanternPhone')).toBe(false);
      expect(metadata.width).toBe(parseImageName(url.slice('/uploads/'.length))!.rendition);
      expect(metadata.height! > metadata.width!, `${url} is upright`).toBe(true);
    }
  });

  it('a large photo is capped at 2560 px; a small one is never enlarged', async () => {
    const large = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#38a' } })
      .jpeg()
      .toBuffer();
    const big = await upload(multipartForm(large, 'wide.jpg', 'image/jpeg'));
    expect(big.status).toBe(201);
    expect(big.body).toMatchObject({ width: 2560, height: 640 });
    expect(responsiveImage(big.body.url).srcSet).toContain('-1280w.webp 1280w');

    const small = await sharp({ create: { width: 500, height: 300, channels: 4, background: '#a83c' } })
      .png()
      .toBuffer();
    const little = await upload(multipartForm(small, 'small.png', 'image/png'));
    expect(little.status).toBe(201);
    expect(little.body).toMatchObject({ width: 500, height: 300 });
    const widths = responsiveImage(little.body.url)
      .srcSet!.split(', ')
      .map((entry) => Number(entry.split(' ')[1].slice(0, -1)));
    expect(widths).toEqual([320, 500]);
    expect((await fetch(`${server.baseUrl}${little.body.url.replace('.webp', '-640w.webp')}`)).status).toBe(404);
  });

  it('an animated GIF keeps its first frame, as a still WebP', async () => {
    // Two 64×64 frames: red, then blue.
    const twoFrames = await sharp(
      await sharp({ create: { width: 64, height: 128, channels: 3, background: '#f00' } })
        .composite([
          { input: { create: { width: 64, height: 64, channels: 3, background: '#00f' } }, top: 64, left: 0 },
        ])
        .raw()
        .toBuffer(),
      { raw: { width: 64, height: 128, channels: 3, pageHeight: 64 } },
    )
      .gif({ loop: 0, delay: [200, 200] })
      .toBuffer();
    expect((await sharp(twoFrames).metadata()).pages).toBe(2);
    const answer = await upload(multipartForm(twoFrames, 'anim.gif', 'image/gif'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ width: 64, height: 64 });
    const served = Buffer.from(await (await fetch(`${server.baseUrl}${answer.body.url}`)).arrayBuffer());
    expect((await sharp(served).metadata()).pages ?? 1).toBe(1);
    const { data } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame (lossy WebP shifts the exact values a little), not blue.
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(80);
  });

  it('bad input: a clear 4xx in the caller’s language, and nothing stored', async () => {
    const jpeg = await phoneJpeg(800, 600);
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9, palette: true, colours: 2 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const cases: { what: string; form: FormData; status: number; key: keyof typeof en.app.upload.errors }[] = [
      {
        what: 'text as png',
        form: multipartForm(Buffer.from('just some text'), 'a.png', 'image/png'),
        status: 400,
        key: 'notImage',
      },
      {
        what: 'svg',
        form: multipartForm(
          Buffer.from(
            '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
          'a.svg',
          'image/svg+xml',
        ),
        status: 400,
        key: 'svg',
      },
      {
        what: 'decompression bomb',
        form: multipartForm(bomb, 'bomb.png', 'image/png'),
        status: 400,
        key: 'tooManyPixels',
      },
      {
        what: 'over 5 MB',
        form: multipartForm(Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg', 'image/jpeg'),
        status: 413,
        key: 'tooLarge',
      },
      {
        what: 'truncated jpeg',
        form: multipartForm(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg', 'image/jpeg'),
        status: 400,
        key: 'damaged',
      },
    ];
    const before = await fileCount();
    for (const [locale, messages] of Object.entries(LOCALES))
      for (const { what, form, status, key } of cases) {
        const answer = await upload(form, locale);
        expect(answer.status, `${what} [${locale}]`).toBe(status);
        expect(answer.body.message, `${what} [${locale}]`).toBe(messages.app.upload.errors[key]);
        if (status === 400) expect(answer.body.errors).toEqual({ file: messages.app.upload.errors[key] });
      }
    expect(await fileCount()).toBe(before);
    expect(new Set(Object.values(LOCALES).map((m) => m.app.upload.errors.svg)).size).toBe(5);
  });

  it('names that are not stored images answer 404', async () => {
    for (const name of ['not-a-real-name.png', `${'0'.repeat(32)}-10x10.webp`, '../../etc/passwd'])
      expect((await fetch(`${server.baseUrl}/uploads/${name}`)).status, name).toBe(404);
  });
});
