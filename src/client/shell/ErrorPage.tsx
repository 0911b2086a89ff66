import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocale, useT } from '../i18n/context';
import { isCrawler } from './crawler';

export interface ErrorPageProps {
  /** HTTP-like status shown on the page; 500 unless told otherwise. */
  status?: number;
  /** The description: SPEC §3's exact message for 404s, otherwise a generic translated text. */
  message?: string;
  /** The error behind it, logged. */
  error?: unknown;
  /** Where "home" is (defaults to the current locale's home). */
  homeHref?: string;
}

/** The error page of SPEC §3: status code, translated title, description, link home. */
export function ErrorPage({ status = 500, message, error, homeHref }: ErrorPageProps) {
  const t = useT();
  const locale = useLocale();
  const crawler = isCrawler();

  useEffect(() => {
    if (error !== undefined || crawler) console.error(`[shell] ${status}`, message ?? '', error ?? '');
  }, [status, message, error, crawler]);

  // Crawlers read the HTTP status; an error page in their index or preview card helps nobody.
  if (crawler) return null;

  const notFound = status === 404;
  const forbidden = status === 403;
  const title = notFound
    ? t('app.error.notFoundTitle', { _: 'Page Not Found' })
    : forbidden
      ? t('app.error.forbiddenTitle', { _: 'Access Denied' })
      : t('app.error.serverErrorTitle', { _: 'Internal Server Error' });
  const description =
    message ??
    (notFound
      ? t('app.error.notFoundDescription')
      : forbidden
        ? t('app.error.forbiddenDescription')
        : t('app.error.serverErrorDescription'));

  return (
    <Container component="main" maxWidth="sm" data-testid="error-page" data-status={status}>
      <Box sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
        <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700 }} data-testid="error-status">
          {status}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom data-testid="error-title">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, wordBreak: 'break-word' }} data-testid="error-message">
          {description}
        </Typography>
        <Button variant="contained" href={homeHref ?? `/${locale}`} startIcon={<HomeIcon />}>
          {t('app.error.goHome', { _: 'Home' })}
        </Button>
      </Box>
    </Container>
  );
}

/** SPEC §2: a signed-in partner on an admin route sees this page, not a blank screen. */
export function ForbiddenPage({ message }: { message?: string }) {
  return <ErrorPage status={403} message={message} />;
}

export function NotFoundPage({ message }: { message: string }) {
  return <ErrorPage status={404} message={message} />;
}
