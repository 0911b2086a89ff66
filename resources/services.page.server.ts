import { definePublicPage } from '../src/core/public-page';

/**
 * What a service's public page says of itself to search engines and shared links (SPEC §18), and what each home
 * says. Server only: the server writes the head; the browser's bundle carries none of it.
 */
export const servicePage = definePublicPage({
  title: 'title',
  description: 'description',
  image: 'images',
  // A service not yet given photos shows the site's own picture (public/share/lantern.png, 1200×630).
  fallbackImage: '/share/lantern.png',
  modified: 'updatedAt',
  openGraphType: 'product',
  home: { title: 'app.tagline', description: ['app.home.heroTitle', 'app.home.heroSubtitle'] },
  structuredData: {
    // A tour is sold as a product: its price and rating show in search results (Google's Product rich result).
    type: 'Product',
    offer: { prices: ['ticketTypes.price', 'price'], currency: 'currency' },
    rating: { field: 'rating', value: 'average', count: 'count' },
    bestRating: 5,
  },
});
