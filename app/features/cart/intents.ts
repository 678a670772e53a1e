/**
 * The cart's form intents (add, set, remove, clear), read from a form the same way on the server (the
 * /cart action) and in the browser (optimistic counts while a change is on its way).
 */
import { CART_MAX_QTY_PER_LINE, clampQty, parseTypedQty } from "./cart";

export const CART_INTENTS = ["add", "set", "remove", "clear"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export type CartChange =
  | { intent: "clear" }
  | { intent: "add"; productId: number }
  | { intent: "remove"; productId: number }
  | { intent: "set"; productId: number; qty: number };

export const UNKNOWN_CART_ACTION = "Unknown cart action.";
export const CHOOSE_A_PRODUCT = "Please choose a product.";

function parseProductId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

/** The change a cart form asks for, or the message that says why it cannot be read. */
export function parseCartChange(form: FormData): CartChange | { error: string } {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !CART_INTENTS.includes(intent as CartIntent)) {
    return { error: UNKNOWN_CART_ACTION };
  }
  if (intent === "clear") return { intent };
  const productId = parseProductId(form.get("productId"));
  if (productId === null) return { error: CHOOSE_A_PRODUCT };
  if (intent === "set") return { intent, productId, qty: parseTypedQty(form.get("qty")) };
  return intent === "add" ? { intent, productId } : { intent: "remove", productId };
}

/** Each line's quantity once the pending changes land (a removed or cleared line is absent). */
export function optimisticQuantities(
  pending: FormData[],
  lines: { productId: number; qty: number }[],
): Map<number, number> {
  const qtys = new Map(lines.map((l) => [l.productId, l.qty]));
  for (const formData of pending) {
    const change = parseCartChange(formData);
    if ("error" in change) continue;
    if (change.intent === "clear") qtys.clear();
    else if (change.intent === "remove") qtys.delete(change.productId);
    else if (change.intent === "add")
      qtys.set(change.productId, Math.min(CART_MAX_QTY_PER_LINE, (qtys.get(change.productId) ?? 0) + 1));
    else if (qtys.has(change.productId)) qtys.set(change.productId, clampQty(change.qty));
  }
  return qtys;
}

export function optimisticCount(pending: FormData[], lines: { productId: number; qty: number }[]): number {
  let count = 0;
  for (const qty of optimisticQuantities(pending, lines).values()) count += qty;
  return count;
}
