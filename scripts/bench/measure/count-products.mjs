/**
 * How many products a listing page shows (each card is an `<li id="product-<id>">`,
 * components/product-card.tsx; the home page's hero cards are `hero-product-…` and not counted), or an API
 * answer lists. The bench reports it next to each search's timings, so a term that stops matching shows.
 * tests/integration/shop.test.ts checks it against real pages.
 * @param {string} body
 */
export function countProducts(body) {
  if (body.startsWith("[")) return JSON.parse(body).length;
  return (body.match(/<li id="product-\d+"/g) ?? []).length;
}
