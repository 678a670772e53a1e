import { vocabulary, type ValueOf } from "./vocabulary";

/** Who may sell a product how (docs/product-rules.md): the badge is what cards and product pages show. */
export const MEDICINE_CLASS = /* @__PURE__ */ vocabulary([
  { value: "otc", label: "Over the counter", badge: null },
  { value: "pharmacy", label: "Pharmacy only", badge: "Pharmacist advice" },
  { value: "prescription", label: "Prescription only", badge: "Prescription required" },
]);
export type MedicineClass = ValueOf<typeof MEDICINE_CLASS>;

/** The class sold only against a prescription a pharmacist checks (`satisfies`: a misspelling fails tsc). */
export const PRESCRIPTION_ONLY = "prescription" satisfies MedicineClass;

/** The class a product has when nobody says otherwise, and the one it falls back to when it stops needing a prescription. */
export const DEFAULT_MEDICINE_CLASS = "otc" satisfies MedicineClass;

/** Whether a medicine of this class is sold only against a checked prescription: every path asks this. */
export const needsPrescription = (medicineClass: MedicineClass): boolean =>
  medicineClass === PRESCRIPTION_ONLY;
