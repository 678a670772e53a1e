/** What the cart and checkout say about prescription-only items (built on the server, shown by both). */
export type PrescriptionNeeds = {
  /** The cart's prescription-only items, as the catalogue says (never the browser). */
  items: { productId: number; name: string }[];
  /** A signed-in customer's uploads to choose from, newest first. */
  uploads: { id: string; url: string; createdAt: number }[];
};

export const NO_PRESCRIPTION_NEEDS: PrescriptionNeeds = { items: [], uploads: [] };
