/**
 * The delivery details form (name, email, phone, address) that places the order. A real form posting to
 * /checkout; with JavaScript it submits in place and opens WhatsApp in a new tab once the order is saved.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { closePendingWindow, openPendingWhatsAppWindow } from "~/lib/whatsapp-window";
import { useHydrated } from "~/lib/use-hydrated";
import type { FormFailure } from "~/lib/app-error";
import { FormField, TextAreaField } from "./form-field";

type CheckoutActionData = FormFailure;

export type DeliveryDefaults = Partial<Record<"name" | "email" | "phone" | "deliveryAddress", string>>;

type Props = {
  checkoutKey: string;
  defaults?: DeliveryDefaults;
  /** Server answer of a no-JavaScript submission (the /checkout page's action data). */
  actionData?: CheckoutActionData;
  onBack?: () => void;
};

const FIELDS = [
  { name: "name", label: "Full name", type: "text", autoComplete: "name", maxLength: 100 },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", maxLength: 20 },
] as const;

export function DeliveryForm({ checkoutKey, defaults, actionData, onBack }: Props) {
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout" });
  const hydrated = useHydrated();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const values = { ...defaults, ...result?.values };
  const errors = result?.errors ?? {};

  useEffect(() => {
    // The answer carries errors, so no order was placed: the blank WhatsApp tab must not linger.
    if (fetcher.state === "idle" && (fetcher.data?.formError || fetcher.data?.errors)) closePendingWindow();
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action="/checkout"
      onSubmit={() => {
        // Still inside the click: the only moment a new tab may be opened without a popup blocker.
        if (hydrated) openPendingWhatsAppWindow();
      }}
      className="flex flex-col gap-3"
      aria-describedby={result?.formError ? "checkout-error" : undefined}
    >
      <input type="hidden" name="idempotencyKey" value={checkoutKey} />
      {result?.formError ? (
        <p id="checkout-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.formError}
        </p>
      ) : null}
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          idPrefix="checkout"
          {...field}
          inputMode={field.type === "tel" ? "tel" : undefined}
          placeholder={field.type === "tel" ? "08031234567" : undefined}
          defaultValue={values[field.name]}
          error={errors[field.name]}
        />
      ))}
      <TextAreaField
        idPrefix="checkout"
        name="deliveryAddress"
        label="Delivery address"
        rows={3}
        maxLength={500}
        autoComplete="street-address"
        defaultValue={values.deliveryAddress}
        error={errors.deliveryAddress}
      />
      <button
        type="submit"
        disabled={busy}
        className="mt-1 rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
      >
        {busy ? "Placing your order..." : "Checkout via WhatsApp"}
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
