import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatDate } from '../../core/format';
import { useLocale, useT } from '../i18n/context';
import { getPublicList, type Row } from './api';
import { catalog } from './catalog';

/** How many of the latest reviews the item's page shows. */
const SHOWN = 6;

/**
 * What travellers said of the item (SPEC §16): the latest published reviews, those in the reader's language first,
 * each with the partner's reply. Read as a visitor reads them whoever is signed in, after the page has drawn.
 */
export function ItemReviews({ itemId }: { itemId: number }) {
  const t = useT();
  const locale = useLocale();
  const config = catalog.reviews!;
  const [rows, setRows] = useState<Row[]>();

  useEffect(() => {
    let live = true;
    getPublicList(
      config.resource,
      { filter: { [config.field]: itemId }, sort: [config.date, 'DESC'], range: [0, 49] },
      locale,
    )
      .then(({ data }) => live && setRows(data))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [config, itemId, locale]);

  if (!rows) return null;
  const ordered = [...rows]
    .sort((a, b) => Number(b[config.locale] === locale) - Number(a[config.locale] === locale))
    .slice(0, SHOWN);
  return (
    <Box component="section" aria-labelledby="item-reviews-title" data-testid="item-reviews">
      <Typography variant="h6" component="h2" id="item-reviews-title" gutterBottom>
        {t('app.home.reviews')}
      </Typography>
      {ordered.length === 0 ? (
        <Typography color="text.secondary">{t('app.home.noReviews')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {ordered.map((review) => (
            <Paper key={review.id} variant="outlined" sx={{ p: 2 }} data-testid="item-review">
              <Typography variant="subtitle2" component="p">
                <span role="img" aria-label={t('app.home.stars', { rating: Number(review[config.rating]) })}>
                  {'★'.repeat(Number(review[config.rating]))}
                </span>{' '}
                {String(review[config.author] ?? '')} · {formatDate(String(review[config.date] ?? ''), locale, 'day')}
              </Typography>
              {review[config.text] ? (
                <Typography sx={{ whiteSpace: 'pre-line', mt: 0.5 }} lang={String(review[config.locale] ?? '')}>
                  {String(review[config.text])}
                </Typography>
              ) : null}
              {config.reply && review[config.reply] ? (
                <Box sx={{ mt: 1, pl: 2, borderLeft: 3, borderColor: 'divider' }} data-testid="item-review-reply">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('app.home.partnerReply')}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {String(review[config.reply])}
                  </Typography>
                </Box>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
