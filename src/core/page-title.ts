/** The product's name, which ends every tab title (SPEC §9); a brand, the same in every language. */
export const PRODUCT_NAME = 'Lantern';

/** SPEC §9: a tab names its screen in the UI language, then the product: `Orders · Lantern`. */
export function screenTitle(screen: string): string {
  return `${screen} · ${PRODUCT_NAME}`;
}
