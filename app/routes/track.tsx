/** /track: find an order with its reference and the phone number it was placed with (for guests who lost the link). */
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormError, FormField } from "~/components/form-field";
import { trackOrder } from "~/features/orders/track.server";
import type { FormFailure } from "~/lib/app-error";
import { formValues, handleForm, pageHeaders } from "~/services/http.server";
import fields from "virtual:form-constraints/track";

export const meta: MetaFunction = () => [{ title: "Track your order | MediStore" }];

/** A slowed lookup's Retry-After reaches the browser too. */
export const headers = pageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const values = formValues(form, ["orderRef", "phone"], 40);
  return handleForm(
    async () => {
      const { path, deviceCookie } = await trackOrder(request, context, values);
      return redirect(path, { headers: { "Set-Cookie": deviceCookie } });
    },
    { values },
  );
}

export default function Track() {
  const result = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Track your order</h1>
      <p className="mt-2 text-gray-700">
        Lost the link to your order? Enter its reference (it starts with MS-, in your WhatsApp message) and
        the phone number you gave at checkout.
      </p>
      <Form method="post" data-form="track" className="mt-6 flex flex-col gap-3">
        <FormError message={result?.formError} />
        <FormField
          label="Order reference"
          name="orderRef"
          idPrefix="track"
          placeholder="MS-7KQ2XD"
          autoComplete="off"
          constraint={fields.orderRef}
          defaultValue={result?.values?.orderRef}
          invalid={Boolean(result?.errors?.orderRef)}
        />
        <FormField
          label="Phone number"
          name="phone"
          type="tel"
          inputMode="tel"
          idPrefix="track"
          autoComplete="tel"
          constraint={fields.phone}
          placeholder="08031234567"
          defaultValue={result?.values?.phone}
          invalid={Boolean(result?.errors?.phone)}
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Finding…" : "Find my order"}
        </button>
      </Form>
    </main>
  );
}
