import { useEffect } from 'react';
import { screenTitle } from '../../core/page-title';

// The server writes public pages' titles too (server/seo.ts): one spelling for both.
export { PRODUCT_NAME, screenTitle } from '../../core/page-title';

/**
 * Titles the tab after the screen while it shows. An empty or undefined name (labels or the record still
 * loading) leaves the title as it is, so a tab never flashes a bare or half-made title.
 */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    if (screen) document.title = screenTitle(screen);
  }, [screen]);
}
