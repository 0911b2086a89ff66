import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ITEM_SEGMENT } from '../../core/routes';
import { useLocale, useT } from '../i18n/context';
import { formatDate, formatMoney } from '../i18n/format';
import { preloadRoutes } from '../shell/loaders';
import { catalog, type CatalogItem, type Names } from './catalog';

export function ItemCard({ item, names }: { item: CatalogItem; names: Names }) {
  const t = useT();
  const locale = useLocale();
  const [first] = catalog.filters;
  const place = catalog.filters
    .slice(1)
    .map((f) => names[f.labelKey]?.get(Number(item.refs[f.labelKey])))
    .filter(Boolean)
    .join(' · ');
  const kind = first ? names[first.labelKey]?.get(Number(item.refs[first.labelKey])) : undefined;
  return (
    <Card sx={{ height: '100%', display: 'flex' }} data-testid="catalog-card">
      <CardActionArea
        component={RouterLink}
        to={`/${locale}/${ITEM_SEGMENT}/${item.row.id}`}
        onMouseEnter={() => preloadRoutes('item')}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        {item.images[0] ? (
          <CardMedia component="img" height="160" image={item.images[0]} alt="" loading="lazy" />
        ) : (
          <CardMedia sx={{ height: 160, bgcolor: 'action.hover' }} />
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
            {kind && <Chip size="small" label={kind} color="primary" variant="outlined" />}
            {item.duration ? (
              <Chip size="small" label={t('app.home.duration', { smart_count: item.duration })} />
            ) : null}
          </Stack>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }} gutterBottom data-testid="card-title">
            {item.title}
          </Typography>
          {item.partner && (
            <Typography variant="body2" color="text.secondary">
              {t('app.home.byPartner', { partner: item.partner })}
            </Typography>
          )}
          {place && (
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <PlaceIcon fontSize="inherit" /> {place}
            </Typography>
          )}
          <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 700, mt: 1 }} data-testid="card-price">
            {t('app.home.priceFrom', { price: formatMoney(item.price, item.currency, locale) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <EventIcon fontSize="inherit" />
            {item.occurrences.length > 0
              ? item.occurrences
                  .slice(0, 3)
                  .map((o) => formatDate(o.start, locale, { dateStyle: 'medium' }))
                  .join(' · ')
              : t('app.home.noDepartures')}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
