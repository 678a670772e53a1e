/**
 * Delivery fees by state: the server computes what delivery costs, as it does prices (docs/product-rules.md,
 * Delivery). An order at or over the free-delivery threshold (when one is set) is delivered free.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { isNigerianState, NIGERIAN_STATES } from "~/lib/nigeria";
import type { PublicUser } from "~/lib/user";
import {
  FREE_DELIVERY_THRESHOLD_KEY,
  getDeliveryFee,
  getSetting,
  listDeliveryFees,
  saveDeliveryFees,
} from "~/models/delivery.server";
import { parseOrThrow } from "~/services/http.server";
import { deliveryFeeFor } from "./delivery-view";

export const UNKNOWN_STATE = "Please choose the state we deliver to from the list.";

export type DeliveryQuote = {
  state: string;
  feeKobo: number;
  daysMin: number;
  daysMax: number;
  /** True when the threshold made it free (the state's own fee is not zero). */
  freeByThreshold: boolean;
};

async function freeThresholdKobo(context: Pick<AppLoadContext, "db">): Promise<number | null> {
  const raw = await getSetting(context.db, FREE_DELIVERY_THRESHOLD_KEY);
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * What delivering `subtotalKobo` of goods to `state` costs; 400 for a state we do not know. The subtotal may
 * still be on its way (priced from the catalogue): the fee's reads start at once, beside the pricing's.
 */
export async function quoteDelivery(
  context: Pick<AppLoadContext, "db">,
  state: unknown,
  subtotalKobo: number | Promise<number>,
): Promise<DeliveryQuote> {
  if (!isNigerianState(state)) throw new AppError(400, UNKNOWN_STATE, { deliveryState: UNKNOWN_STATE });
  const [fee, threshold] = await Promise.all([getDeliveryFee(context.db, state), freeThresholdKobo(context)]);
  if (!fee) throw new AppError(400, UNKNOWN_STATE, { deliveryState: UNKNOWN_STATE });
  return {
    state,
    daysMin: fee.daysMin,
    daysMax: fee.daysMax,
    ...deliveryFeeFor(fee.feeKobo, await subtotalKobo, threshold),
  };
}

/** Every state's fee and time, and the threshold: the checkout's state picker and Admin › Delivery. */
export async function deliveryTable(context: Pick<AppLoadContext, "db">) {
  const [fees, threshold] = await Promise.all([listDeliveryFees(context.db), freeThresholdKobo(context)]);
  return { fees, freeThresholdKobo: threshold };
}

const MAX_FEE_NAIRA = 100_000;

/** A naira amount typed in a form ("2,500", "₦2500.00") as kobo, within 0..max. */
const nairaAmount = (label: string, max: number) =>
  z.string({ error: `${label}: enter an amount in naira.` }).transform((raw, ctx) => {
    const cleaned = raw.replace(/[₦,\s]/g, "");
    const naira = Number(cleaned);
    if (!/^\d+(\.\d{1,2})?$/.test(cleaned) || naira > max) {
      ctx.addIssue({
        code: "custom",
        message: `${label}: enter an amount in naira from 0 to ${max.toLocaleString("en-NG")}.`,
      });
      return z.NEVER;
    }
    return Math.round(naira * 100);
  });

const days = (label: string) =>
  z
    .string({ error: `${label}: enter a number of working days.` })
    .trim()
    .regex(/^\d{1,2}$/, `${label}: enter a number of working days from 0 to 30.`)
    .transform(Number)
    .refine((n) => n <= 30, `${label}: enter a number of working days from 0 to 30.`);

/** Admin › Delivery's form: fee[<state>], daysMin[<state>], daysMax[<state>] for every state, and the threshold. */
export async function updateDeliveryFees(context: AppLoadContext, _admin: PublicUser, form: FormData) {
  const fees = NIGERIAN_STATES.map((state) => {
    const parsed = parseOrThrow(
      z
        .object({ feeKobo: nairaAmount(state, MAX_FEE_NAIRA), daysMin: days(state), daysMax: days(state) })
        .refine(
          (d) => d.daysMax >= d.daysMin,
          `${state}: the longest time cannot be shorter than the shortest.`,
        ),
      {
        feeKobo: form.get(`fee[${state}]`) ?? undefined,
        daysMin: form.get(`daysMin[${state}]`) ?? undefined,
        daysMax: form.get(`daysMax[${state}]`) ?? undefined,
      },
    );
    return { state, ...parsed };
  });
  const rawThreshold = String(form.get("freeThreshold") ?? "").trim();
  const threshold = rawThreshold
    ? parseOrThrow(nairaAmount("Free delivery from", 10_000_000), rawThreshold)
    : null;
  await saveDeliveryFees(context.db, fees, threshold === 0 ? null : threshold);
}
