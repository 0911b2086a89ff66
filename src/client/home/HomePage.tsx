import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18nReady, useLocale, useT } from '../i18n/context';
import { preloadRoutes } from '../shell/loaders';
import {
  PAGE_SIZE,
  loadFilterOptions,
  readSearch,
  searchCatalog,
  writeSearch,
  type CatalogItem,
  type Names,
} from './catalog';
import { ItemCard } from './ItemCard';
import { SearchBar } from './SearchBar';
import { SiteHeader } from './SiteHeader';

/** SPEC §1: the public home page — published services, search, language and theme switch. */
export function HomePage() {
  const t = useT();
  const ready = useI18nReady();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSearch(params), [params]);
  const page = Math.max(0, Number(params.get('page') ?? 1) - 1 || 0);
  const [names, setNames] = useState<Names>({});
  const [result, setResult] = useState<{ items: CatalogItem[]; total: number }>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = ready ? `${t('app.title')} · ${t('app.tagline')}` : document.title;
  }, [ready, t]);

  useEffect(() => {
    let live = true;
    loadFilterOptions(locale).then((loaded) => live && setNames(loaded));
    return () => {
      live = false;
    };
  }, [locale]);

  useEffect(() => {
    let live = true;
    setFailed(false);
    searchCatalog(search, page, locale)
      .then((found) => live && setResult(found))
      .catch((error: unknown) => {
        console.error('[home] catalog failed to load', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [search, page, locale]);

  useEffect(() => {
    // The next screens a visitor is likely to open, fetched while the page is idle.
    const id = setTimeout(() => preloadRoutes('item', 'login'), 2000);
    return () => clearTimeout(id);
  }, []);

  const pages = result ? Math.ceil(result.total / PAGE_SIZE) : 0;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="home-page">
      <SiteHeader />
      <Box
        sx={{
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
          color: 'primary.contrastText',
          pt: { xs: 4, md: 8 },
          pb: { xs: 8, md: 10 },
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 28, md: 44 } }}>
            {t('app.home.heroTitle')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ opacity: 0.9, mt: 1 }}>
            {t('app.home.heroSubtitle')}
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ mt: -5, mb: 4 }}>
        <SearchBar value={search} names={names} onSearch={(next) => setParams(writeSearch(next))} />
      </Container>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, pb: 6 }}>
        {failed && (
          <Typography color="error" role="alert" sx={{ mb: 2 }}>
            {t('app.error.network')}
          </Typography>
        )}
        {result && (
          <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }} data-testid="result-count">
            {result.total > 0 ? t('app.home.results', { smart_count: result.total }) : t('app.home.noResults')}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {result
            ? result.items.map((item) => <ItemCard key={item.row.id} item={item} names={names} />)
            : !failed && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} variant="rounded" height={320} />)}
        </Box>
        {pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
            <Pagination
              count={pages}
              page={page + 1}
              color="primary"
              onChange={(_, value) => {
                const next = new URLSearchParams(params);
                next.set('page', String(value));
                setParams(next);
                window.scrollTo({ top: 0 });
              }}
            />
          </Box>
        )}
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
        <Typography variant="body2">{t('app.home.footer')}</Typography>
      </Box>
    </Box>
  );
}
