import { useEffect } from 'react';
import { Icon } from '../home/icons';
import { useLocale, useT } from '../i18n/context';
import { isCrawler } from './crawler';
import { useDocumentTitle } from './document-title';

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
  useDocumentTitle(title);
  const description =
    message ??
    (notFound
      ? t('app.error.notFoundDescription')
      : forbidden
        ? t('app.error.forbiddenDescription')
        : t('app.error.serverErrorDescription'));

  // Plain HTML (theme/base.css): this page is part of the home bundle, which has no room for MUI.
  return (
    <main className="lt-container lt-container--sm" data-testid="error-page" data-status={status}>
      <div className="lt-error">
        <p className="lt-error__status" data-testid="error-status">
          {status}
        </p>
        <h1 className="lt-error__title" data-testid="error-title">
          {title}
        </h1>
        <p className="lt-error__message" data-testid="error-message">
          {description}
        </p>
        <a className="lt-button lt-button--contained" href={homeHref ?? `/${locale}`}>
          <Icon name="home" size={20} />
          {t('app.error.goHome', { _: 'Home' })}
        </a>
      </div>
    </main>
  );
}

/** SPEC §2: a signed-in partner on an admin route sees this page, not a blank screen. */
export function ForbiddenPage({ message }: { message?: string }) {
  return <ErrorPage status={403} message={message} />;
}

export function NotFoundPage({ message }: { message: string }) {
  return <ErrorPage status={404} message={message} />;
}
