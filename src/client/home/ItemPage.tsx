import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { ITEM_PHOTO } from '../../core/catalog-requests';
import { responsiveImage } from '../../core/images';
import { invalidParamsMessage } from '../../core/routes';
import { useLocale, useT } from '../i18n/context';
import { formatMoney } from '../../core/format';
import { lazyWithReload } from '../shell/chunk-reload';
import { useDocumentTitle } from '../shell/document-title';
import { NotFoundPage } from '../shell/ErrorPage';
import { MuiFrame } from '../theme/MuiFrame';
import { ApiError } from './api';
import { booking, catalog, loadItem, occurrencePlace, occurrenceWhen, primedItem } from './catalog';
import { ItemReviews } from './ItemReviews';
import { RatingLine } from './RatingLine';
import { SiteHeader } from './SiteHeader';

const ID = /^[1-9][0-9]{0,17}$/;
const reviews = catalog.reviews;

// Its own chunk: the page's text and photos come first, and the home never loads it.
const BookingForm = lazyWithReload(() => import('./BookingForm'));

/** The public detail page of one catalog item: photos, description, price and next departures. */
export default function ItemPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const t = useT();
  const locale = useLocale();
  // The item the server put inside the page draws on the first render; any other is loaded.
  const [primed] = useState(() => (ID.test(id) ? primedItem(Number(id), locale) : undefined));
  const primedFor = useRef(primed && `${id}/${locale}`);
  const [item, setItem] = useState(primed);
  const [status, setStatus] = useState<number>();

  useEffect(() => {
    if (!ID.test(id)) return;
    const drawn = primedFor.current === `${id}/${locale}`;
    primedFor.current = undefined;
    if (drawn) return;
    let live = true;
    setItem(undefined);
    setStatus(undefined);
    loadItem(Number(id), locale)
      .then((loaded) => live && setItem(loaded))
      .catch((error: unknown) => live && setStatus(error instanceof ApiError ? error.status : 500));
    return () => {
      live = false;
    };
  }, [id, locale]);

  useDocumentTitle(item?.title);

  // An id that is no number, or names no public item, is a route whose parameter fails (SPEC §3).
  if (!ID.test(id) || status === 404) return <NotFoundPage message={invalidParamsMessage(pathname)} />;

  return (
    <MuiFrame>
      <Box sx={{ minHeight: '100vh' }} data-testid="item-page">
        <SiteHeader />
        <Container component="main" maxWidth="md" sx={{ py: 4 }}>
          <Button component={RouterLink} to={`/${locale}`} startIcon={<ArrowBackIcon />} sx={{ mb: 2, minHeight: 40 }}>
            {t('app.home.backToList')}
          </Button>
          {status && <Alert severity="error">{t('app.error.network')}</Alert>}
          {!item && !status && <Skeleton variant="rounded" height={360} />}
          {item && (
            <Stack spacing={3}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} data-testid="item-title">
                {item.title}
              </Typography>
              {item.partner && (
                <Typography color="text.secondary">{t('app.home.byPartner', { partner: item.partner })}</Typography>
              )}
              {item.rating && <RatingLine rating={item.rating} className="lt-item-rating" />}
              {item.images.length > 0 && (
                <Box
                  sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
                  // A named group (a plain div may not carry a name: axe's aria-prohibited-attr).
                  role="group"
                  aria-label={t('app.home.photos')}
                >
                  {item.images.map((url, index) => (
                    <Box
                      key={url}
                      component="img"
                      {...responsiveImage(url, index === 0 ? ITEM_PHOTO.preferredWidth : 640)}
                      // The first photo spans the page's column (the server preloads it), the others a third of it.
                      sizes={index === 0 ? ITEM_PHOTO.sizes : '(max-width: 599px) 100vw, 300px'}
                      alt=""
                      loading={index === 0 ? 'eager' : 'lazy'}
                      fetchPriority={index === 0 ? 'high' : 'auto'}
                      decoding="async"
                      sx={{
                        width: '100%',
                        height: index === 0 ? 280 : 180,
                        objectFit: 'cover',
                        borderRadius: 2,
                        gridColumn: index === 0 ? { sm: '1 / -1' } : undefined,
                      }}
                    />
                  ))}
                </Box>
              )}
              <Paper sx={{ p: 2 }} variant="outlined">
                <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700 }}>
                  {t('app.home.priceFrom', { price: formatMoney(item.price, item.currency, locale) })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('app.home.perPerson')}
                  {item.duration ? ` · ${t('app.home.duration', { smart_count: item.duration })}` : ''}
                </Typography>
                {item.place && (
                  <Typography variant="body2" data-testid="item-meeting-point">
                    {t('app.home.meetingPoint', { place: item.place })}
                  </Typography>
                )}
                {catalog.terms && (
                  <Box sx={{ mt: 1 }} data-testid="item-terms">
                    <Typography variant="subtitle2" component="h2">
                      {t('app.cancellation.title')}
                    </Typography>
                    <Typography variant="body2">{catalog.terms.words(item.row[catalog.terms.field], t)}</Typography>
                  </Box>
                )}
              </Paper>
              {item.description && (
                <Box>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {t('app.home.description')}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{item.description}</Typography>
                </Box>
              )}
              {reviews && <ItemReviews itemId={item.row.id} />}
              <Box>
                <Typography variant="h6" component="h2">
                  {t('app.home.nextDepartures')}
                </Typography>
                {item.occurrences.length === 0 ? (
                  <Typography color="text.secondary">{t('app.home.noDepartures')}</Typography>
                ) : (
                  <List dense>
                    {item.occurrences.slice(0, 10).map((o) => (
                      <ListItem key={o.id} divider>
                        <ListItemText
                          primary={occurrenceWhen(o, locale)}
                          secondary={[
                            occurrencePlace(o, item, locale),
                            o.seatsLeft !== undefined ? t('app.home.seatsLeft', { smart_count: o.seatsLeft }) : '',
                            o.price !== undefined ? formatMoney(o.price, item.currency, locale) : '',
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Box>
              {booking && item.occurrences.length > 0 && (
                <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
                  <BookingForm item={item} />
                </Suspense>
              )}
            </Stack>
          )}
        </Container>
      </Box>
    </MuiFrame>
  );
}
