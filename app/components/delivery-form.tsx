/**
 * The delivery details form (name, email, phone, address) that places the order. A real form posting to
 * /checkout; with JavaScript it is first checked in the browser with the server's own schema, then
 * submitted in place, and WhatsApp opens in a new tab once the order is saved. A form the server would
 * refuse opens no tab: the errors show at once instead.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
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

const ERROR_ID = "checkout-error";

type Check = typeof import("./checkout-check");
let check: Check | null = null;
/** The browser-side check (with Zod): fetched when the form first shows, kept for the page's life. */
const loadCheck = () => import("./checkout-check").then((mod) => (check = mod));

export function DeliveryForm({ checkoutKey, defaults, actionData, onBack }: Props) {
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout" });
  const hydrated = useHydrated();
  /** The browser's own refusal: no request was sent, so it wins over an earlier answer. */
  const [refused, setRefused] = useState<FormFailure | null>(null);
  const result = refused ?? fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const values = { ...defaults, ...result?.values };
  const errors = result?.errors ?? {};

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
    // Opened during the click (popup blockers allow nothing later), now that the order can go through.
    openPendingWhatsAppWindow();
    fetcher.submit(formData, { method: "post", action: "/checkout" });
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
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      aria-describedby={result?.formError ? ERROR_ID : undefined}
    >
      <input type="hidden" name="idempotencyKey" value={checkoutKey} />
      {result?.formError ? (
        <p id={ERROR_ID} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
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
          {...problem(field.name)}
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
        {...problem("deliveryAddress")}
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
