/**
 * The schemas of an order's own forms: finding it again (/track) and a pharmacist's review. Apart from
 * lib/validation.ts, whose schemas the checkout's browser-side check ships.
 */
import { z } from "zod";
import { REVIEW_NOTE_MAX } from "./limits";
import { INVALID_PHONE, PHONE_MAX_LENGTH, toNigerianPhone } from "./validation";
import { orList, REVIEW_DECISION } from "./vocabularies";

export const ORDER_REF_FORMAT = "Please enter your order reference, like MS-7KQ2XD.";

/** /track: an order's reference (the "MS-" may be left out, any case) and the phone it was placed with. */
export const trackSchema = z.object({
  orderRef: z
    .string({ error: ORDER_REF_FORMAT })
    .trim()
    .max(12, ORDER_REF_FORMAT)
    .toUpperCase()
    .transform((value) => (value.startsWith("MS-") ? value : `MS-${value}`))
    .pipe(z.string().regex(/^MS-[A-Z0-9]{6}$/, ORDER_REF_FORMAT)),
  phone: z
    .string({ error: INVALID_PHONE })
    .trim()
    .max(PHONE_MAX_LENGTH, INVALID_PHONE)
    .transform(toNigerianPhone),
});

export const REJECTION_NOTE_REQUIRED = "Please say why the prescription is rejected (the customer reads it).";

/** A pharmacist's decision on a prescription order (the page's form and the API). */
export const reviewSchema = z
  .object(
    {
      decision: z.enum(REVIEW_DECISION.values, {
        error: `decision must be ${orList(REVIEW_DECISION.values.map((value) => `"${value}"`))}`,
      }),
      note: z
        .string({ error: "note must be text" })
        .trim()
        .max(REVIEW_NOTE_MAX, `The note can be at most ${REVIEW_NOTE_MAX} characters.`)
        .optional()
        .transform((note) => note ?? ""),
    },
    { error: "Send {decision, note}." },
  )
  .refine((review) => review.decision === "approved" || review.note !== "", {
    path: ["note"],
    message: REJECTION_NOTE_REQUIRED,
  });
