import { vocabulary, type ValueOf } from "./vocabulary";

/** Who may sell a product how (docs/product-rules.md): the badge is what cards and product pages show. */
export const MEDICINE_CLASS = /* @__PURE__ */ vocabulary([
  { value: "otc", label: "Over the counter", badge: null },
  { value: "pharmacy", label: "Pharmacy only", badge: "Pharmacist advice" },
  { value: "prescription", label: "Prescription only", badge: "Prescription required" },
]);
export type MedicineClass = ValueOf<typeof MEDICINE_CLASS>;
