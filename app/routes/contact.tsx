/**
 * /contact: the pharmacy's contact details and a message form that really delivers (messages are stored
 * for admins to read). Without JavaScript the form is a plain POST answered with a redirect back
 * here and a flash banner; with JavaScript it submits in place, then says so and clears.
 */
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  useActionData,
  useFetcher,
  useRouteLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { WhatsAppIcon } from "~/components/icons";
import { STORE_ADDRESS } from "~/components/site-footer";
import { useHydrated } from "~/lib/use-hydrated";
import { whatsAppLink } from "~/lib/whatsapp-link";
import { sendContactMessage } from "~/features/contact/contact.server";
import { CONTACT_FAILED, CONTACT_SENT, HONEYPOT } from "~/features/contact/messages";
import { AppError } from "~/lib/app-error";
import type { loader as rootLoader } from "~/root";
import { redirectWithToast } from "~/services/toast.server";
import { keepOffline, keepWhenOffline } from "~/components/kept-forms";
import { FORM_KEPT_MESSAGE } from "~/lib/offline-messages";
import { FormField, TextAreaField } from "~/components/form-field";
import { handleForm, pageHeaders, readForm } from "~/services/http.server";
import fields from "virtual:form-constraints/contact";

/** A refusal's Retry-After (rate limits) reaches the browser too. */
export const headers = pageHeaders;

export const meta: MetaFunction = () => [
  { title: "Contact us | MediStore" },
  {
    name: "description",
    content:
      "Call, WhatsApp or e-mail MediStore, or send our pharmacists a message. Based in Abakaliki, Ebonyi State.",
  },
];

/** The form's fields, as its schema has them. */
const FIELDS = Object.keys(fields) as Field[];
/** Well above the largest valid form (5,000 characters of any script, percent-encoded): refuse the rest unread. */
const MAX_BODY_BYTES = 64 * 1024;
/** Present only when the page is hydrated: the answer is then data for the fetcher, not a redirect. */
const ENHANCED = "enhanced";

type Field = "name" | "email" | "message";
export type ContactActionData = {
  ok?: boolean;
  errors?: Partial<Record<Field, string>>;
  values?: Partial<Record<Field, string>>;
  formError?: string;
  /** Set by clientAction when the request failed before any answer (offline, connection lost). */
  networkError?: boolean;
  /** …and the message was kept on the phone, to be sent when it is back online. */
  kept?: boolean;
};

function formValues(form: FormData): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const key of FIELDS) {
    const value = form.get(key);
    // Echoed back into the form on a 400: never more than the field may hold.
    if (typeof value === "string") values[key] = value.slice(0, fields[key].maxLength);
  }
  return values;
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Filled once the form is read: what was typed goes back into it with a refusal.
  const values: Partial<Record<Field, string>> = {};
  return handleForm(
    async () => {
      if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES)
        throw new AppError(413, "Your message is too long. Please shorten it and try again.");
      const form = await readForm(request, CONTACT_FAILED);
      Object.assign(values, formValues(form));
      await sendContactMessage(request, context, form);
      return form.get(ENHANCED) === "1"
        ? data<ContactActionData>({ ok: true })
        : // Post/Redirect/Get: a reload after sending does not send the message twice.
          redirectWithToast("/contact", { type: "success", message: CONTACT_SENT }, context.config);
    },
    { values },
  );
}

/**
 * With JavaScript a message that cannot reach the server is kept on the phone and sent once it is back
 * online (kept-forms.tsx). `networkError` tells the root not to re-read its data after such a submission.
 */
export const clientAction = ({ serverAction, request }: ClientActionFunctionArgs) =>
  keepWhenOffline("contact", request, () => serverAction<typeof action>(), { formError: CONTACT_FAILED });

export default function ContactPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const store = root?.store;
  return (
    <main id="main">
      <section className="hero-band">
        <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
          <h1 className="text-3xl font-extrabold text-gray-900 sm:text-4xl">Contact us</h1>
          <p className="mt-3 max-w-2xl text-gray-700">
            Questions about a medicine, an order or a prescription? Our pharmacists are happy to help. Call,
            chat on WhatsApp, e-mail us, or send a message below.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-4 md:grid-cols-5">
        <section aria-labelledby="details-heading" className="md:col-span-2">
          <h2 id="details-heading" className="text-xl font-bold">
            Reach us directly
          </h2>
          <dl className="mt-4 space-y-4">
            {store?.phone ? (
              <ContactItem label="Phone">
                <a
                  href={`tel:${store.phone.replace(/\s/g, "")}`}
                  className="text-brand-700 underline hover:text-brand-800"
                >
                  {store.phone}
                </a>
              </ContactItem>
            ) : null}
            {store?.whatsapp ? (
              <ContactItem label="WhatsApp">
                <a
                  href={whatsAppLink(store.whatsapp, "Hello MediStore, I have a question.")}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 text-brand-700 underline hover:text-brand-800"
                >
                  <WhatsAppIcon className="h-5 w-5" />
                  Chat with us on WhatsApp
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </ContactItem>
            ) : null}
            {store?.email ? (
              <ContactItem label="E-mail">
                <a
                  href={`mailto:${store.email}`}
                  className="break-all text-brand-700 underline hover:text-brand-800"
                >
                  {store.email}
                </a>
              </ContactItem>
            ) : null}
            <ContactItem label="Address">
              <address className="not-italic">{STORE_ADDRESS}</address>
            </ContactItem>
          </dl>
        </section>

        <section
          aria-labelledby="message-heading"
          className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm md:col-span-3"
        >
          <h2 id="message-heading" className="text-xl font-bold">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-gray-600">All fields are required. We reply by e-mail.</p>
          <ContactForm />
        </section>
      </div>
    </main>
  );
}

function ContactItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm font-semibold text-gray-600">{label}</dt>
      <dd className="mt-1 text-gray-900">{children}</dd>
    </div>
  );
}

function ContactForm() {
  const fetcher = useFetcher<ContactActionData>({ key: "contact" });
  const actionData = useActionData<ContactActionData>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const busy = fetcher.state !== "idle";
  const [keptOffline, setKeptOffline] = useState(false);
  // The kept message on its way (kept-forms.tsx): its answer replaces the "kept" notice.
  useEffect(() => {
    if (busy) setKeptOffline(false);
  }, [busy]);
  // A fetcher answer wins; actionData is the answer to a submission made before JavaScript loaded.
  const result = busy ? undefined : (fetcher.data ?? actionData);
  const errors = result?.errors ?? {};
  // Only a no-JavaScript answer refills the form: with JavaScript the inputs still hold what was typed.
  const values = actionData?.values ?? {};

  useEffect(() => {
    const form = formRef.current;
    if (fetcher.state !== "idle" || !fetcher.data?.ok || !form) return;
    form.reset();
    // reset() restores default values, which may still hold an earlier no-JavaScript attempt.
    for (const name of FIELDS) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = "";
    }
    // On a phone the Send button is a screen below the confirmation: bring the confirmation into view.
    sentRef.current?.scrollIntoView({ block: "center" });
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      data-form="contact"
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        if (navigator.onLine) return setKeptOffline(false);
        // Kept on the phone and sent when it is back online (kept-forms.tsx).
        event.preventDefault();
        void keepOffline("contact", new FormData(event.currentTarget)).then(setKeptOffline);
      }}
    >
      {hydrated ? <input type="hidden" name={ENHANCED} value="1" /> : null}
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div aria-live="polite" aria-atomic="true">
        {result?.ok ? (
          <p
            ref={sentRef}
            role="status"
            className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
          >
            {CONTACT_SENT}
          </p>
        ) : null}
      </div>
      {keptOffline || result?.kept ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
        >
          {FORM_KEPT_MESSAGE}
        </p>
      ) : result?.formError ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {result.formError}
        </p>
      ) : null}

      <FormField
        idPrefix="contact"
        name="name"
        constraint={fields.name}
        label="Name"
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <FormField
        idPrefix="contact"
        name="email"
        constraint={fields.email}
        label="Email"
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
      />
      <TextAreaField
        idPrefix="contact"
        name="message"
        label="Message"
        rows={6}
        constraint={fields.message}
        defaultValue={values.message}
        error={errors.message}
      />
      <button
        type="submit"
        disabled={busy}
        className="self-start rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Sending..." : "Send message"}
      </button>
    </fetcher.Form>
  );
}
