/** The medicine class badge and the stock line, the same on cards, product pages and the back office. */
import { stockLabel, type StockView } from "~/features/catalogue/product-view";
import { MEDICINE_CLASS, needsPrescription, type MedicineClass } from "~/lib/medicine-class";

const CLASS_BADGE_STYLE: Record<MedicineClass, string> = {
  otc: "",
  pharmacy: "border-amber-300 bg-amber-50 text-amber-900",
  prescription: "border-red-300 bg-red-50 text-red-800",
};

export function ClassBadge({
  medicineClass,
  className = "",
}: {
  medicineClass: MedicineClass;
  className?: string;
}) {
  const label = MEDICINE_CLASS.entry(medicineClass).badge;
  if (!label) return null;
  return (
    <span
      className={`inline-flex w-fit items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${CLASS_BADGE_STYLE[medicineClass]} ${className}`}
    >
      {needsPrescription(medicineClass) ? <span aria-hidden>℞</span> : null}
      {label}
    </span>
  );
}

/** "Out of stock", "Only N left", or (when `always`) "In stock"; nothing on a card for plain availability. */
export function StockNote({ stock, always = false }: { stock: StockView; always?: boolean }) {
  if (stock.inStock && stock.onlyLeft === null && !always) return null;
  const style = !stock.inStock
    ? "text-gray-700 font-semibold"
    : stock.onlyLeft !== null
      ? "text-orange-800 font-semibold"
      : "text-brand-700 font-medium";
  return <p className={`text-sm ${style}`}>{stockLabel(stock)}</p>;
}
