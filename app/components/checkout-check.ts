/**
 * The server's own check of the delivery details (lib/validation's checkoutSchema and summary), run in the
 * browser before the order is sent: a form the server would refuse then opens no WhatsApp tab. Loaded
 * lazily, with Zod, when the delivery form appears: it stays off every page's first load.
 */
import type { FormFailure } from "~/lib/app-error";
import { checkoutSchema, checkoutSummary, fieldErrors } from "~/lib/validation";

export const DELIVERY_FIELDS = ["name", "email", "phone", "deliveryAddress"] as const;

/** null when the server would accept the details; otherwise its message and the fields it is about. */
export function checkDeliveryDetails(form: FormData): FormFailure | null {
  const values = Object.fromEntries(DELIVERY_FIELDS.map((name) => [name, form.get(name) ?? undefined]));
  const result = checkoutSchema.safeParse(values);
  if (result.success) return null;
  const errors = fieldErrors(result.error);
  return { formError: checkoutSummary(errors), errors };
}
