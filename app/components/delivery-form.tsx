/**
 * The delivery details form (name, email, phone, address) that places the order. A real form posting to
 * /checkout; with JavaScript it is first checked in the browser with the server's own schema, then
 * submitted in place, and WhatsApp opens in a new tab once the order is saved. A form the server would
 * refuse opens no tab: the errors show at once instead.
 */
import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { closePendingWindow, openPendingWhatsAppWindow } from "~/lib/whatsapp-window";
import { useHydrated } from "~/lib/use-hydrated";
import type { FormFailure } from "~/lib/app-error";
import type { PrescriptionNeeds } from "~/features/checkout/prescription-needs";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-type";
import {
  deliveryFeeFor,
  deliveryFeeLabel,
  deliveryTime,
  shortDeliveryTime,
} from "~/features/delivery/delivery-view";
import { formatNaira } from "~/lib/money";
import { NIGERIAN_STATES } from "~/lib/nigeria";
import { GUEST_CHANNELS, MESSAGE_CHANNEL } from "~/lib/messages";
import { PAYMENT_METHOD } from "~/lib/vocabularies";
import { FieldError, FormField, INPUT_CLASS, TextAreaField } from "./form-field";
import { FORM_KEPT_MESSAGE } from "~/lib/offline-messages";
import { keepOffline } from "./kept-forms";
import { LocalTime } from "./local-time";
import { PrescriptionNotice } from "./prescription-notice";
import fields from "virtual:form-constraints/checkout";
import { PREPARING_PHOTO, usePhotoShrinker } from "./photo-input";

type CheckoutActionData = FormFailure & { kept?: boolean };

export type DeliveryDefaults = Partial<
  Record<
    | "name"
    | "email"
    | "phone"
    | "deliveryAddress"
    | "deliveryState"
    | "paymentMethod"
    | "updatesBy"
    | "prescriptionId",
    string
  >
>;

/** A state's fee and time, when the page has the table (the checkout page): shown in the state picker. */
export type StateFee = { state: string; feeKobo: number; daysMin: number; daysMax: number };

type Props = {
  checkoutKey: string;
  defaults?: DeliveryDefaults;
  /** Server answer of a no-JavaScript submission (the /checkout page's action data). */
  actionData?: CheckoutActionData;
  onBack?: () => void;
  /** Prescription-only items in the cart: the form then asks for a prescription. */
  rx?: PrescriptionNeeds;
  signedIn?: boolean;
  /** The fee table; without it (the cart drawer) the form fetches it from /checkout's loader. */
  fees?: StateFee[];
  /** Free delivery from this many kobo of goods (null: never). */
  freeThresholdKobo?: number | null;
  subtotalKobo?: number;
};

/** What /checkout's loader answers: the fee table the server charges by. */
export type FeeTable = { fees: StateFee[]; freeThresholdKobo: number | null };

/** The submit button of a form without JavaScript that asks the server for the total (checkout.tsx). */
export const QUOTE_INTENT = "quote";
export const SHOW_TOTAL = "Show my total";
export const CHOOSE_STATE_FOR_TOTAL = "Choose your state to see the delivery fee and your total.";

/**
 * What the order button says, by what happens when it is pressed: the WhatsApp hand-off, or the gateway's
 * page to pay on; `any` is true of every way of paying (a browser without JavaScript that cannot tell which
 * is chosen). The total once the state is known.
 */
export function orderButtonText(way: "whatsapp" | "online" | "any", totalKobo: number | null): string {
  const total = totalKobo === null ? null : formatNaira(totalKobo);
  if (way === "online") return total ? `Pay ${total} now` : "Place order and pay online";
  const words = way === "whatsapp" ? "Checkout via WhatsApp" : "Place order";
  return total ? `${words} · ${total}` : words;
}

/** The ways of paying the shop offers now: online only while the gateway is configured (root data). */
function usePaymentMethods() {
  const root = useRouteLoaderData("root") as { store?: { payOnline?: boolean } } | undefined;
  return PAYMENT_METHOD.entries.filter((method) => root?.store?.payOnline || !method.online);
}

/** Delivery and total for the chosen state, by the same rule the server charges by; null: no state yet. */
export function checkoutTotal(
  state: string | undefined,
  table: FeeTable | undefined,
  subtotalKobo: number | undefined,
): { state: string; feeKobo: number; totalKobo: number; time: string } | null {
  const fee = state ? table?.fees.find((row) => row.state === state) : undefined;
  if (!fee || subtotalKobo === undefined) return null;
  const { feeKobo } = deliveryFeeFor(fee.feeKobo, subtotalKobo, table?.freeThresholdKobo ?? null);
  return {
    state: fee.state,
    feeKobo,
    totalKobo: subtotalKobo + feeKobo,
    time: deliveryTime(fee.daysMin, fee.daysMax),
  };
}

const FIELDS = [
  { name: "name", label: "Full name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "text", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
] as const;

const ERROR_ID = "checkout-error";

type Check = typeof import("./checkout-check");
let check: Check | null = null;
/** The browser-side check (with Zod): fetched when the form first shows, kept for the page's life. */
const loadCheck = () => import("./checkout-check").then((mod) => (check = mod));

export function DeliveryForm({
  checkoutKey,
  defaults,
  actionData,
  onBack,
  rx,
  signedIn = false,
  fees,
  freeThresholdKobo = null,
  subtotalKobo,
}: Props) {
  const needsPrescription = Boolean(rx && rx.items.length > 0);
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout" });
  const hydrated = useHydrated();
  const photo = usePhotoShrinker();
  const feeLoader = useFetcher<FeeTable>();
  useEffect(() => {
    // The drawer has no fee table of its own: the checkout page's loader has it.
    if (!fees && feeLoader.state === "idle" && !feeLoader.data) feeLoader.load("/checkout");
  }, [fees, feeLoader]);
  const table: FeeTable | undefined = fees ? { fees, freeThresholdKobo } : feeLoader.data;
  /** The browser's own refusal: no request was sent, so it wins over an earlier answer. */
  const [refused, setRefused] = useState<FormFailure | null>(null);
  const [keptOffline, setKeptOffline] = useState(false);
  const result = refused ?? fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  // The kept order on its way (kept-forms.tsx): its answer replaces the "kept" notice.
  useEffect(() => {
    if (busy) setKeptOffline(false);
  }, [busy]);
  const values = { ...defaults, ...result?.values };
  const errors = result?.errors ?? {};
  const [chosenState, setChosenState] = useState<string | undefined>(undefined);
  const total = checkoutTotal(chosenState ?? values.deliveryState, table, subtotalKobo);
  const methods = usePaymentMethods();
  const [chosenMethod, setChosenMethod] = useState<string | undefined>(undefined);
  const method = methods.find((m) => m.value === (chosenMethod ?? values.paymentMethod)) ?? methods[0];

  useEffect(() => {
    void loadCheck().catch(() => {
      // Offline or a failed chunk: the server still checks everything.
    });
  }, []);

  useEffect(() => {
    // The answer carries errors, so no order was placed: a WhatsApp tab opened for it must not linger.
    if (fetcher.state === "idle" && (fetcher.data?.formError || fetcher.data?.errors)) closePendingWindow();
  }, [fetcher.state, fetcher.data]);

  /** One message above the form; a field whose error is that same message is only marked. */
  const problem = (name: string) => {
    const error = errors[name];
    if (!error) return {};
    return error === result?.formError ? { invalid: true, describedBy: ERROR_ID } : { error };
  };

  function place(form: HTMLFormElement, mod: Check | null) {
    const formData = new FormData(form);
    const failure = mod?.checkDeliveryDetails(formData) ?? null;
    setRefused(failure);
    if (failure) {
      // Show where to start: the first field at fault (its message is above, or under it).
      const first = Object.keys(failure.errors ?? {})[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!navigator.onLine) {
      // Kept on the phone and placed when it is back online (kept-forms.tsx).
      void keepOffline("checkout", formData, needsPrescription).then(setKeptOffline);
      return;
    }
    setKeptOffline(false);
    // Opened during the click (popup blockers allow nothing later), now that the order can go through; an
    // order paid online goes to the gateway's page instead.
    const method = formData.get("paymentMethod");
    if (!(PAYMENT_METHOD.includes(method) && PAYMENT_METHOD.entry(method).online))
      openPendingWhatsAppWindow();
    fetcher.submit(formData, {
      method: "post",
      action: "/checkout",
      // A prescription photo travels as a file: the server reads multipart forms too.
      ...(needsPrescription ? { encType: "multipart/form-data" as const } : {}),
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const form = event.currentTarget;
    if (check) return place(form, check);
    // The check is still on its way (a very slow network): wait for it; failing that, the server checks.
    loadCheck().then(
      (mod) => place(form, mod),
      () => place(form, null),
    );
  }

  return (
    <fetcher.Form
      method="post"
      action="/checkout"
      data-form="checkout"
      // Only a form with a file input is sent as multipart (without JavaScript too).
      encType={needsPrescription ? "multipart/form-data" : undefined}
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      aria-describedby={result?.formError ? ERROR_ID : undefined}
    >
      <input type="hidden" name="idempotencyKey" value={checkoutKey} />
      {keptOffline || (result && "kept" in result && result.kept) ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {FORM_KEPT_MESSAGE}
        </p>
      ) : result?.formError ? (
        <p id={ERROR_ID} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.formError}
        </p>
      ) : null}
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          idPrefix="checkout"
          {...field}
          constraint={fields[field.name]}
          inputMode={field.type === "tel" ? "tel" : undefined}
          placeholder={field.type === "tel" ? "08031234567" : undefined}
          defaultValue={values[field.name]}
          {...problem(field.name)}
        />
      ))}
      <TextAreaField
        idPrefix="checkout"
        name="deliveryAddress"
        label="Delivery address"
        rows={3}
        constraint={fields.deliveryAddress}
        autoComplete="street-address"
        defaultValue={values.deliveryAddress}
        {...problem("deliveryAddress")}
      />
      <DeliveryChoices
        values={values}
        fees={table?.fees}
        freeThresholdKobo={table?.freeThresholdKobo ?? null}
        subtotalKobo={subtotalKobo}
        methods={methods}
        problem={problem}
        onStateChange={setChosenState}
        onMethodChange={setChosenMethod}
      />
      {/* A customer's messages follow the channels chosen on their account. */}
      {signedIn ? null : <UpdatesByChoice chosen={values.updatesBy} error={problem("updatesBy").error} />}
      {subtotalKobo !== undefined ? (
        <TotalBox subtotalKobo={subtotalKobo} total={total} canAsk={!hydrated} />
      ) : null}
      {needsPrescription && rx ? (
        <PrescriptionFields
          rx={rx}
          signedIn={signedIn}
          chosen={values.prescriptionId}
          onPhotoChange={photo.onChange}
          shrinking={photo.shrinking}
        />
      ) : null}
      <button
        type="submit"
        disabled={busy || photo.shrinking}
        className="mt-1 rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
      >
        {busy ? (
          "Placing your order..."
        ) : (
          <OrderButtonText
            online={method.online}
            anyOnline={methods.some((m) => m.online)}
            totalKobo={total?.totalKobo ?? null}
            followsChoice={hydrated}
          />
        )}
      </button>
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg border border-gray-300 px-4 py-2.5 font-medium text-gray-800"
        >
          Back
        </button>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The prescription a prescription-only order is placed with: a customer picks one of their uploads or
 * attaches a new photo; a guest attaches one (kept private, with the order). The same consent as the
 * dashboard's upload form.
 */
function PrescriptionFields({
  rx,
  signedIn,
  chosen,
  onPhotoChange,
  shrinking,
}: {
  rx: PrescriptionNeeds;
  signedIn: boolean;
  chosen?: string;
  onPhotoChange: (event: ChangeEvent<HTMLInputElement>) => void;
  shrinking: boolean;
}) {
  const canChoose = signedIn && rx.uploads.length > 0;
  const [choice, setChoice] = useState(chosen ?? "");
  const uploading = !canChoose || choice === "new";
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">Your prescription</legend>
      <PrescriptionNotice rx={rx} atCheckout />
      {canChoose ? (
        <ul className="flex flex-col gap-2" aria-label="Your uploaded prescriptions">
          {rx.uploads.map((upload, index) => (
            <li key={upload.id}>
              <label className="flex items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="prescriptionId"
                  value={upload.id}
                  required
                  defaultChecked={chosen === upload.id}
                  onChange={() => setChoice(upload.id)}
                />
                <img
                  src={upload.url}
                  alt=""
                  loading="lazy"
                  className="h-12 w-12 rounded border border-gray-200 bg-gray-100 object-cover"
                />
                <span>
                  Uploaded prescription {index + 1}
                  <LocalTime ms={upload.createdAt} withTime={false} className="block text-xs text-gray-600" />
                </span>
              </label>
            </li>
          ))}
          <li>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="prescriptionId"
                value="new"
                required
                defaultChecked={chosen === "new"}
                onChange={() => setChoice("new")}
              />
              <span>Upload a new one</span>
            </label>
          </li>
        </ul>
      ) : null}
      <div>
        <label htmlFor="checkout-prescription" className="block text-sm font-medium text-gray-800">
          {canChoose ? "New prescription photo" : "Photo of your prescription"}
        </label>
        <input
          id="checkout-prescription"
          name="prescription"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          required={!canChoose}
          disabled={canChoose && choice !== "" && choice !== "new"}
          onChange={onPhotoChange}
          aria-describedby="checkout-prescription-hint"
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
        />
        <p id="checkout-prescription-hint" className="mt-1 text-xs text-gray-600">
          A clear photo of your doctor&apos;s prescription (JPEG, PNG or WebP, up to 5 MB).
        </p>
        {shrinking ? (
          <p role="status" className="mt-1 text-sm text-gray-700">
            {PREPARING_PHOTO}
          </p>
        ) : null}
      </div>
      <label className="flex items-start gap-2 text-sm text-gray-700">
        <input type="checkbox" name="consent" value="yes" required={uploading} className="mt-1" />
        <span>
          I agree that MediStore&apos;s licensed pharmacists may view and keep this prescription to fill my
          orders, as described in the{" "}
          <a href="/privacy" className="text-brand-700 underline">
            privacy notice
          </a>
          .
        </span>
      </label>
    </fieldset>
  );
}

function feeLabel(fee: StateFee, free: boolean) {
  // Whole naira without ".00", so the chosen state reads in full in the picker on a 360 px phone.
  const price = free || fee.feeKobo === 0 ? "free" : formatNaira(fee.feeKobo).replace(/\.00$/, "");
  return `${fee.state}: ${price}, ${shortDeliveryTime(fee.daysMin, fee.daysMax)}`;
}

/** The state delivered to (its fee shown when the page has the table) and how the shopper pays. */
function DeliveryChoices({
  values,
  fees,
  freeThresholdKobo,
  subtotalKobo,
  methods,
  problem,
  onStateChange,
  onMethodChange,
}: {
  values: DeliveryDefaults;
  fees?: StateFee[];
  freeThresholdKobo: number | null;
  subtotalKobo?: number;
  methods: ReturnType<typeof usePaymentMethods>;
  problem: (name: string) => { error?: string; invalid?: boolean; describedBy?: string };
  onStateChange: (state: string) => void;
  onMethodChange: (method: string) => void;
}) {
  const free = freeThresholdKobo !== null && subtotalKobo !== undefined && subtotalKobo >= freeThresholdKobo;
  const byState = new Map(fees?.map((fee) => [fee.state, fee]));
  const stateProblem = problem("deliveryState");
  return (
    <>
      <div>
        <label htmlFor="checkout-deliveryState" className="block text-sm font-medium text-gray-800">
          State
        </label>
        <select
          id="checkout-deliveryState"
          name="deliveryState"
          required={fields.deliveryState.required}
          defaultValue={values.deliveryState ?? ""}
          onChange={(event) => onStateChange(event.currentTarget.value)}
          aria-invalid={stateProblem.error || stateProblem.invalid ? true : undefined}
          aria-describedby={stateProblem.error ? "checkout-deliveryState-error" : stateProblem.describedBy}
          className={INPUT_CLASS}
        >
          <option value="">Choose your state</option>
          {NIGERIAN_STATES.map((state) => {
            const fee = byState.get(state);
            return (
              <option key={state} value={state}>
                {fee ? feeLabel(fee, free) : state}
              </option>
            );
          })}
        </select>
        <FieldError id="checkout-deliveryState-error" message={stateProblem.error} />
        <p className="mt-1 text-xs text-gray-600">
          {free ? "Your order is delivered free. " : null}
          <a href="/delivery" target="_blank" rel="noopener" className="text-brand-700 underline">
            Delivery fees and times
          </a>
        </p>
      </div>
      <fieldset>
        <legend className="block text-sm font-medium text-gray-800">How you will pay</legend>
        <div className="mt-1 flex flex-col gap-1.5 text-sm">
          {methods.map(({ value, label, hint, online }, index) => (
            <label key={value} className="flex items-start gap-2">
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                defaultChecked={values.paymentMethod ? values.paymentMethod === value : index === 0}
                onChange={(event) => onMethodChange(event.currentTarget.value)}
                // The order button's text follows it without JavaScript too (styles/shop.css).
                data-online={online ? "" : undefined}
                className="mt-1"
              />
              <span>
                {label}
                {hint ? <span className="block text-xs text-gray-600">{hint}</span> : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/**
 * The order button's words for the way of paying chosen. With JavaScript they follow the radio; without
 * it the page holds each text and the stylesheet shows the one for the checked radio (styles/shop.css),
 * or, in a browser that cannot tell, the one true for every way.
 */
function OrderButtonText({
  online,
  anyOnline,
  totalKobo,
  followsChoice,
}: {
  online: boolean;
  anyOnline: boolean;
  totalKobo: number | null;
  followsChoice: boolean;
}) {
  // Without the online way every choice ends on WhatsApp.
  if (followsChoice || !anyOnline) return <>{orderButtonText(online ? "online" : "whatsapp", totalKobo)}</>;
  return (
    <>
      {(["whatsapp", "online", "any"] as const).map((way) => (
        <span key={way} data-order-text={way}>
          {orderButtonText(way, totalKobo)}
        </span>
      ))}
    </>
  );
}

/**
 * Subtotal, delivery and total before the order is placed. With JavaScript it follows the state picker;
 * without it the server renders it for the state sent with "Show my total" (or remembered from last time).
 */
function TotalBox({
  subtotalKobo,
  total,
  canAsk,
}: {
  subtotalKobo: number;
  total: ReturnType<typeof checkoutTotal>;
  canAsk: boolean;
}) {
  const row = "flex justify-between gap-2";
  return (
    <div className="rounded-lg bg-gray-50 p-3 text-sm" data-testid="checkout-total">
      <div aria-live="polite">
        <p className={row}>
          <span>Subtotal</span>
          <span>{formatNaira(subtotalKobo)}</span>
        </p>
        {total ? (
          <>
            <p className={row}>
              <span className="min-w-0">Delivery to {total.state}</span>
              <span>{deliveryFeeLabel(total.feeKobo)}</span>
            </p>
            <p className="text-xs text-gray-600">{total.time}</p>
            <p className={`${row} mt-1 border-t border-gray-200 pt-1 text-base font-semibold`}>
              <span>Total</span>
              <span>{formatNaira(total.totalKobo)}</span>
            </p>
          </>
        ) : (
          <p className="mt-1 text-gray-700">{CHOOSE_STATE_FOR_TOTAL}</p>
        )}
      </div>
      {canAsk ? (
        // Without JavaScript the server works the total out: nothing is ordered, everything typed comes back.
        <button
          type="submit"
          name="intent"
          value={QUOTE_INTENT}
          formNoValidate
          formEncType="application/x-www-form-urlencoded"
          className="mt-2 w-full rounded-lg border border-brand-700 px-3 py-2 font-medium text-brand-700"
        >
          {SHOW_TOTAL}
        </button>
      ) : null}
    </div>
  );
}

/** How a guest hears about the order: a message to the phone above, by SMS (the default) or WhatsApp. */
function UpdatesByChoice({ chosen, error }: { chosen?: string; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "checkout-updatesBy-error" : "checkout-updatesBy-hint"}>
      <legend className="block text-sm font-medium text-gray-800">Order updates by</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1.5 text-sm">
        {GUEST_CHANNELS.map((channel, index) => (
          <label key={channel} className="flex items-center gap-2">
            <input
              type="radio"
              name="updatesBy"
              value={channel}
              defaultChecked={GUEST_CHANNELS.some((c) => c === chosen) ? chosen === channel : index === 0}
            />
            {MESSAGE_CHANNEL.label(channel)}
          </label>
        ))}
      </div>
      <p id="checkout-updatesBy-hint" className="mt-1 text-xs text-gray-600">
        Sent to the phone number above.
      </p>
      <FieldError id="checkout-updatesBy-error" message={error} />
    </fieldset>
  );
}
