/**
 * SPEC §9: the first start shows a marketplace with photos. Home cards load real images with a `srcset`
 * (lazy, async, sized), the service page and the partner's thumbnails too, and no image the server sends
 * carries EXIF (or any other metadata).
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInPartner } from './partner-helpers';

/** Every `<img>` matching `selector`, each scrolled into view (lazy images load only then) and loaded. */
async function loadedImages(page: Page, selector: string) {
  const images = page.locator(selector);
  const count = await images.count();
  expect(count, selector).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth), {
        message: `${selector} #${i} loads`,
      })
      .toBeGreaterThan(0);
  }
  return images.evaluateAll((nodes) =>
    (nodes as HTMLImageElement[]).map((node) => ({
      currentSrc: node.currentSrc,
      srcset: node.getAttribute('srcset'),
      sizes: node.getAttribute('sizes'),
      loading: node.getAttribute('loading'),
      decoding: node.getAttribute('decoding'),
      width: Number(node.getAttribute('width')),
      height: Number(node.getAttribute('height')),
      naturalWidth: node.naturalWidth,
    })),
  );
}

async function expectNoMetadata(page: Page, urls: string[]) {
  for (const url of new Set(urls)) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toBe('image/webp');
    expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(await response.body()).metadata();
    expect(metadata.exif, `${url} EXIF`).toBeUndefined();
    expect(metadata.xmp, `${url} XMP`).toBeUndefined();
    expect(metadata.iptc, `${url} IPTC`).toBeUndefined();
  }
}

test('home cards show loaded photos with srcset, sizes, lazy loading and their size; none carries EXIF', async ({
  page,
}) => {
  await page.goto('/en');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  const cards = await page.getByTestId('catalog-card').count();
  const images = await loadedImages(page, '[data-testid="catalog-card"] img');
  // The first start has a photo on every card: the demo's approved services all have one. Other suites approve
  // services of their own without photos (their titles carry a Date.now() tag): those cards show the plain block.
  const plain = await page
    .getByTestId('catalog-card')
    .filter({ has: page.locator('div.lt-card__media') })
    .getByTestId('card-title')
    .allInnerTexts();
  for (const title of plain) expect(title, 'a demo service without a photo').toMatch(/\d{13}/);
  expect(images).toHaveLength(cards - plain.length);
  expect(images.length).toBeGreaterThan(3);
  const firstHasPhoto = (await page.getByTestId('catalog-card').first().locator('img').count()) > 0;
  for (const [i, image] of images.entries()) {
    expect(image.srcset).toMatch(/^\/uploads\/\S+-320w\.webp 320w, .+ \d+w$/);
    expect(image.sizes).toBeTruthy();
    // The first card's photo is the phone's largest paint: fetched at once; the rest when they come near.
    expect(image).toMatchObject(
      i === 0 && firstHasPhoto ? { loading: 'eager', decoding: 'async' } : { loading: 'lazy', decoding: 'async' },
    );
    expect(image.width).toBeGreaterThan(0);
    expect(image.height).toBeGreaterThan(0);
  }
  // Several covers, not one picture repeated.
  expect(new Set(images.map((image) => image.srcset)).size).toBeGreaterThan(3);
  const served = images.flatMap((image) => [
    image.currentSrc,
    ...image.srcset!.split(', ').map((entry) => entry.split(' ')[0]),
  ]);
  await expectNoMetadata(
    page,
    served.map((url) => new URL(url, page.url()).pathname),
  );

  // The service page (of a card with a photo): its photos load with srcset too.
  await page
    .getByTestId('catalog-card')
    .filter({ has: page.locator('img') })
    .first()
    .locator('a')
    .click();
  await expect(page.getByTestId('item-title')).toBeVisible();
  const photos = await loadedImages(page, '[data-testid="item-page"] img[srcset]');
  await expectNoMetadata(
    page,
    photos.map((photo) => new URL(photo.currentSrc).pathname),
  );
});

test('the partner sees its services’ photos as sized thumbnails with srcset', async ({ page }) => {
  await signInPartner(page);
  const approved: { id: number; images: unknown[] | null }[] = await (
    await page.request.get(`/api/services?filter=${encodeURIComponent('{"status":"approved"}')}&range=[0,99]`)
  ).json();
  // Other suites approve services of their own without photos: the partner's demo services have them.
  const withPhotos = approved.find((service) => service.images?.length);
  expect(withPhotos, 'an approved service of the partner with photos').toBeTruthy();
  await page.goto(`/en/partner/services/${withPhotos!.id}/show`);
  await expect(page.locator('img[src^="/uploads/"]').first()).toBeVisible();
  const thumbnails = await loadedImages(page, 'img[src^="/uploads/"]');
  for (const thumbnail of thumbnails) {
    expect(thumbnail.srcset).toContain('320w');
    expect(thumbnail.sizes).toMatch(/^\d+px$/);
    // A thumbnail takes the narrowest rendition, not the full photo.
    expect(thumbnail.naturalWidth).toBeLessThanOrEqual(640);
  }
  await expectNoMetadata(
    page,
    thumbnails.map((thumbnail) => new URL(thumbnail.currentSrc).pathname),
  );
});
