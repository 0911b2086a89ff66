import { useEffect } from 'react';

/** The product's name, which ends every tab title (SPEC §9); a brand, the same in every language. */
export const PRODUCT_NAME = 'Lantern';

/** SPEC §9: a tab names its screen in the UI language, then the product: `Orders · Lantern`. */
export function screenTitle(screen: string): string {
  return `${screen} · ${PRODUCT_NAME}`;
}

/**
 * Titles the tab after the screen while it shows. An empty or undefined name (labels or the record still
 * loading) leaves the title as it is, so a tab never flashes a bare or half-made title.
 */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    if (screen) document.title = screenTitle(screen);
  }, [screen]);
}
