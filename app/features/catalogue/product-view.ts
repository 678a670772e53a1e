/** A product as cards, the hero and the back office show it (server-built, browser-rendered). */
export type ProductCardData = {
  id: number;
  name: string;
  category: string;
  priceKobo: number;
  imageUrl: string | null;
};
