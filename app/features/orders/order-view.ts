/** An order as pages show it (customer pages, the private status page, the back office). */
export type TimelineEntry = { id: number; from: string; to: string; by: string; at: number };

export type OrderLineView = {
  id: number;
  name: string;
  quantity: number;
  unitPriceKobo: number;
  imageUrl: string | null;
};

export type OrderView = {
  id: string;
  orderRef: string;
  name: string;
  email: string;
  phone: string;
  deliveryAddress: string;
  totalKobo: number;
  deliveryStatus: string;
  createdAt: number;
  accessToken: string;
  items: OrderLineView[];
  timeline: TimelineEntry[];
};
