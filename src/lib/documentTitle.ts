/** The product's name, last in every document title. */
export const PRODUCT_NAME = 'Percorso';
export const TITLE_SEPARATOR = ' · ';

/**
 * A document title from the most specific part to the least: ("Demo Day", "Sessione") →
 * "Demo Day · Sessione · Percorso". Empty parts are left out.
 */
export function documentTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.filter((part): part is string => !!part && part.trim() !== ''), PRODUCT_NAME].join(TITLE_SEPARATOR);
}
