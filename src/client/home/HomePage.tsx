import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18nReady, useLocale, useT } from '../i18n/context';
import { useDocumentTitle } from '../shell/document-title';
import { preloadWhenIdle } from '../shell/preload-when-idle';
import {
  PAGE_SIZE,
  loadFilterOptions,
  primedCatalogPage,
  primedFilterOptions,
  readSearch,
  searchCatalog,
  writeSearch,
  type CatalogPage,
  type Names,
} from './catalog';
import { ItemCard } from './ItemCard';
import { Pagination } from './Pagination';
import { SearchBar } from './SearchBar';
import { SiteHeader } from './SiteHeader';

/**
 * SPEC §1: the public home page — published services, search, language and theme switch.
 * Plain HTML and CSS (home.css), no MUI: the page's budget is 150 KB of gzipped JS.
 */
export function HomePage() {
  const t = useT();
  const ready = useI18nReady();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSearch(params), [params]);
  const page = Math.max(0, Number(params.get('page') ?? 1) - 1 || 0);
  // Opened with no search, the page came with its first screen (server/primed-answers.ts): it is drawn in the
  // first render, and the effects below only complete it (partner names, departures).
  const [primed] = useState(() => ({
    page: primedCatalogPage(search, page, locale),
    names: primedFilterOptions(locale),
  }));
  const primedPending = useRef({ page: Boolean(primed.page), names: Boolean(primed.names) });
  const [names, setNames] = useState<Names>(primed.names ?? {});
  const [result, setResult] = useState<CatalogPage | undefined>(primed.page);
  const [failed, setFailed] = useState(false);

  useDocumentTitle(ready ? t('app.tagline') : undefined);

  useEffect(() => {
    if (primedPending.current.names) {
      primedPending.current.names = false;
      return;
    }
    let live = true;
    loadFilterOptions(locale).then((loaded) => live && setNames(loaded));
    return () => {
      live = false;
    };
  }, [locale]);

  useEffect(() => {
    let live = true;
    const known = primedPending.current.page ? primed.page : undefined;
    primedPending.current.page = false;
    setFailed(false);
    searchCatalog(search, page, locale, (items) => live && setResult(items), known)
      .then((found) => live && setResult(found))
      .catch((error: unknown) => {
        console.error('[home] catalog failed to load', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [search, page, locale]);

  const shown = result !== undefined || failed;
  useEffect(() => {
    // The next screens a visitor is likely to open: their links fetch them on intent (a pointer or focus on one);
    // otherwise once the page, having shown what it was opened for, has sat idle a while.
    if (!shown) return;
    return preloadWhenIdle(['item', 'login']);
  }, [shown]);

  // After a search the results come into view: on a phone the hero and the search form fill the screen, and the
  // answer would otherwise arrive below it unseen.
  const results = useRef<HTMLElement>(null);
  const searched = useRef(false);
  useEffect(() => {
    if (!searched.current || (result === undefined && !failed)) return;
    searched.current = false;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    results.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [result, failed]);

  const pages = result ? Math.ceil(result.total / PAGE_SIZE) : 0;

  return (
    <div className="lt-page" data-testid="home-page">
      <SiteHeader />
      <section className="lt-hero">
        <div className="lt-container lt-container--lg">
          <h1 className="lt-hero__title">{t('app.home.heroTitle')}</h1>
          <p className="lt-hero__subtitle">{t('app.home.heroSubtitle')}</p>
        </div>
      </section>
      <div className="lt-container lt-container--lg lt-search-wrap">
        <SearchBar
          value={search}
          names={names}
          onSearch={(next) => {
            searched.current = true;
            setParams(writeSearch(next));
          }}
        />
      </div>
      <main ref={results} className="lt-container lt-container--lg lt-main" data-testid="home-results">
        {failed && (
          <p className="lt-alert" role="alert">
            {t('app.error.network')}
          </p>
        )}
        {/* Its line is kept while the search runs, so the cards below it do not move when the count arrives. */}
        <p className="lt-muted lt-result-count" data-testid={result ? 'result-count' : undefined}>
          {result
            ? result.total > 0
              ? t('app.home.results', { smart_count: result.total })
              : t('app.home.noResults')
            : '\u00a0'}
        </p>
        <div className="lt-grid">
          {result
            ? result.items.map((item, i) => (
                <ItemCard key={item.row.id} item={item} names={names} aboveFold={i === 0} />
              ))
            : !failed && Array.from({ length: 6 }, (_, i) => <div key={i} className="lt-skeleton" />)}
        </div>
        {pages > 1 && (
          <Pagination
            count={pages}
            page={page + 1}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              next.set('page', String(value));
              setParams(next);
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </main>
      <footer className="lt-footer lt-muted">{t('app.home.footer')}</footer>
    </div>
  );
}
