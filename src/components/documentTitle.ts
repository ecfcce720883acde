/** The product's name, last in every document title. */
export const PRODUCT_NAME = 'Percorso';
export const TITLE_SEPARATOR = ' · ';

/**
 * A document title from the most specific part to the least: ("Demo Day", "Sessione") →
 * "Demo Day · Sessione · Percorso". Empty parts are left out, and so is a part that only repeats
 * the one after it: the team path page is itself called "Percorso", like the product, and its tab
 * reads "Agrisense · Percorso", not "Agrisense · Percorso · Percorso".
 */
export function documentTitle(...parts: Array<string | null | undefined>): string {
  const named = [...parts.filter((part): part is string => !!part && part.trim() !== ''), PRODUCT_NAME];
  return named.filter((part, index) => part !== named[index + 1]).join(TITLE_SEPARATOR);
}
