/** The demo catalogue (placeholder: a few lines until the full list lands). */
export type SeedProduct = {
  name: string;
  category: string;
  priceNaira: number;
  form: "tablet" | "capsule" | "syrup" | "cream" | "injection" | "drops" | "device" | "sachet" | "bottle";
};

export const CATALOGUE: SeedProduct[] = [
  { name: "Paracetamol 500mg Tablets (Pack of 96)", category: "Analgesics", priceNaira: 1200, form: "tablet" },
  { name: "Amoxicillin 500mg Capsules (Pack of 20)", category: "Antibiotics", priceNaira: 2500, form: "capsule" },
  { name: "Vitamin C 1000mg Effervescent Tablets", category: "Wellbeing / Dietary Supplements", priceNaira: 3000, form: "tablet" },
  { name: "Ibuprofen 400mg Tablets (Pack of 24)", category: "Nonsteroidal", priceNaira: 1500, form: "tablet" },
];
