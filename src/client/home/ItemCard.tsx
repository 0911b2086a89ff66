import { Link } from 'react-router';
import { CARD_IMAGE_SIZES } from '../../core/catalog-requests';
import { responsiveImage } from '../../core/images';
import { ITEM_SEGMENT } from '../../core/routes';
import { useLocale, useT } from '../i18n/context';
import { formatDate, formatMoney } from '../../core/format';
import { preloadRoutes } from '../shell/route-preload';
import { catalog, type CatalogItem, type Names } from './catalog';
import { Icon } from './icons';
import { RatingLine } from './RatingLine';

/** `aboveFold`: the card a phone shows above the fold; its photo is the page's largest paint, so it is not deferred. */
export function ItemCard({ item, names, aboveFold = false }: { item: CatalogItem; names: Names; aboveFold?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [first] = catalog.filters;
  const place = catalog.filters
    .slice(1)
    .map((f) => names[f.labelKey]?.get(Number(item.refs[f.labelKey])))
    .filter(Boolean)
    .join(' · ');
  const placesPending = catalog.filters.slice(1).some((f) => !names[f.labelKey]);
  const kind = first ? names[first.labelKey]?.get(Number(item.refs[first.labelKey])) : undefined;
  return (
    <article className="lt-card" data-testid="catalog-card">
      <Link
        to={`/${locale}/${ITEM_SEGMENT}/${item.row.id}`}
        className="lt-card__link"
        onPointerEnter={() => preloadRoutes('item')}
        onFocus={() => preloadRoutes('item')}
      >
        {item.images[0] ? (
          <img
            className="lt-card__media"
            {...responsiveImage(item.images[0])}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            loading={aboveFold ? 'eager' : 'lazy'}
            fetchPriority={aboveFold ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <div className="lt-card__media" />
        )}
        <div className="lt-card__body">
          <div className="lt-chips">
            {kind && <span className="lt-chip lt-chip--primary">{kind}</span>}
            {item.duration ? (
              <span className="lt-chip">{t('app.home.duration', { smart_count: item.duration })}</span>
            ) : null}
          </div>
          <h2 className="lt-card__title" data-testid="card-title">
            {item.title}
          </h2>
          {item.rating && <RatingLine rating={item.rating} className="lt-card__line" />}
          {item.pending ? (
            <p className="lt-card__line">{'\u00a0'}</p>
          ) : (
            item.partner && <p className="lt-card__line">{t('app.home.byPartner', { partner: item.partner })}</p>
          )}
          {/* The place's line is kept while the place names load, so the card does not grow when they come. */}
          {(place || placesPending) && (
            <p className="lt-card__line">
              <Icon name="place" size="1em" /> {place || '\u00a0'}
            </p>
          )}
          <p className="lt-card__price" data-testid="card-price">
            {t('app.home.priceFrom', { price: formatMoney(item.price, item.currency, locale) })}
          </p>
          <p className="lt-card__line lt-card__line--small">
            <Icon name="event" size="1em" />
            {item.pending
              ? '\u00a0'
              : item.occurrences.length > 0
                ? item.occurrences
                    .slice(0, 3)
                    .map((o) => formatDate(o.start, locale, 'day'))
                    .join(' · ')
                : t('app.home.noDepartures')}
          </p>
        </div>
      </Link>
    </article>
  );
}
