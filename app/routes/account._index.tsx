/**
 * /account: the customer's profile (name, phone, default delivery address and state, which checkout starts
 * with), a password change that signs out every other device, and "log out of all devices".
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, FormField, INPUT_CLASS, TextAreaField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { NewPasswordFields } from "~/components/new-password-fields";
import { changePassword, logOutEverywhere } from "~/features/accounts/credentials.server";
import { readProfile, saveProfile } from "~/features/accounts/profile.server";
import { CHANNELS_SAVED, messageChoices, saveMessageChoices } from "~/features/messages/manage.server";
import { MESSAGE_CHANNEL } from "~/lib/messages";
import type { FormFailure } from "~/lib/app-error";
import { NIGERIAN_STATES } from "~/lib/nigeria";
import { FORMS } from "~/lib/forms";
import profileFields from "virtual:form-constraints/profile";
import passwordFields from "virtual:form-constraints/change-password";
import { formValues, handleIntents, handlePage, pageHeaders } from "~/services/http.server";
import { clearedSessionCookie, requireUser, withReads } from "~/services/session.server";
import { redirectWithToast, toastCookie } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Your account | MediStore" }];

/** A refused password check's Retry-After (the login throttle) reaches the browser too. */
export const headers = pageHeaders;

export const PROFILE_SAVED = "Your details have been saved.";
export const PASSWORD_CHANGED = "Your password has been changed. Other devices have been logged out.";
export const LOGGED_OUT_EVERYWHERE = "You have been logged out of all devices.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [user, [profile, messages]] = await withReads(request, context, requireUser, (me) =>
    handlePage(() => Promise.all([readProfile(context, me), messageChoices(context, me)])),
  );
  return { email: user.email, profile, messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const saved = (message: string) =>
    redirectWithToast("/account", { type: "success", message }, context.config);
  // A refusal names its form (values.intent), so its errors show under that form only.
  return handleIntents(await request.formData().catch(() => null), {
    profile: {
      form: "profile",
      run: async (form) => {
        await saveProfile(context, user, formValues(form, Object.keys(FORMS.profile.shape), 500));
        return saved(PROFILE_SAVED);
      },
    },
    password: {
      form: "change-password",
      run: async (form) => {
        await changePassword(request, context, user, {
          currentPassword: form.get("currentPassword") ?? undefined,
          newPassword: form.get("newPassword") ?? undefined,
          confirmPassword: form.get("confirmPassword") ?? undefined,
        });
        return saved(PASSWORD_CHANGED);
      },
    },
    messages: {
      run: async (form) => {
        await saveMessageChoices(context, user, form);
        return saved(CHANNELS_SAVED);
      },
    },
    everywhere: {
      run: async () => {
        await logOutEverywhere(request, context, user);
        const headers = new Headers();
        headers.append("Set-Cookie", await clearedSessionCookie(context.config));
        headers.append(
          "Set-Cookie",
          await toastCookie(context.config, { type: "success", message: LOGGED_OUT_EVERYWHERE }),
        );
        return redirect("/login", { headers });
      },
    },
  });
}

const SECTION = "rounded-xl border border-gray-200 bg-white p-4";
const BUTTON = "rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60";

export default function Account() {
  const { email, profile, messages } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const profileResult = result?.values?.intent === "profile" ? result : undefined;
  const passwordResult = result?.values?.intent === "password" ? result : undefined;
  const messagesResult = result?.values?.intent === "messages" ? result : undefined;
  // A form this page does not have (an old tab, a forged post): said on top.
  const otherError =
    result && !profileResult && !passwordResult && !messagesResult ? result.formError : undefined;
  const values = profileResult?.values;

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to="/dashboard" className="text-brand-700 hover:underline">
          ← Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-gray-900">Your account</h1>
      <p className="mt-1 text-sm break-all text-gray-600">Logged in as {email}</p>
      <FormError message={otherError} />

      <section aria-labelledby="profile-heading" className={`mt-6 ${SECTION}`}>
        <h2 id="profile-heading" className="text-lg font-semibold">
          Your details
        </h2>
        <p className="mt-1 text-sm text-gray-600">Checkout starts filled in with these.</p>
        <Form method="post" data-form="profile" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="profile" />
          <FormError message={profileResult?.formError} />
          <FormField
            label="Full name"
            name="name"
            idPrefix="profile"
            autoComplete="name"
            constraint={profileFields.name}
            defaultValue={values?.name ?? profile.name}
            error={profileResult?.errors?.name}
          />
          <FormField
            label="Phone (optional)"
            name="phone"
            type="tel"
            inputMode="tel"
            idPrefix="profile"
            autoComplete="tel"
            constraint={profileFields.phone}
            placeholder="08031234567"
            defaultValue={values?.phone ?? profile.phone ?? ""}
            error={profileResult?.errors?.phone}
          />
          <TextAreaField
            label="Delivery address (optional)"
            name="deliveryAddress"
            idPrefix="profile"
            rows={3}
            constraint={profileFields.deliveryAddress}
            autoComplete="street-address"
            defaultValue={values?.deliveryAddress ?? profile.deliveryAddress ?? ""}
            error={profileResult?.errors?.deliveryAddress}
          />
          <div>
            <label htmlFor="profile-deliveryState" className="block text-sm font-medium text-gray-800">
              State (optional)
            </label>
            <select
              id="profile-deliveryState"
              name="deliveryState"
              required={profileFields.deliveryState.required}
              defaultValue={values?.deliveryState ?? profile.deliveryState ?? ""}
              aria-invalid={profileResult?.errors?.deliveryState ? true : undefined}
              aria-describedby={
                profileResult?.errors?.deliveryState ? "profile-deliveryState-error" : undefined
              }
              className={INPUT_CLASS}
            >
              <option value="">Choose a state</option>
              {NIGERIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
            {profileResult?.errors?.deliveryState ? (
              <p id="profile-deliveryState-error" className="mt-1 text-sm text-red-700">
                {profileResult.errors.deliveryState}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" disabled={busy("profile")} className={BUTTON}>
              {busy("profile") ? "Saving…" : "Save details"}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="messages-heading" className={`mt-6 ${SECTION}`}>
        <h2 id="messages-heading" className="text-lg font-semibold">
          Messages
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          How we tell you about your orders (received, paid, approved, on its way, delivered), a product you
          asked about, or a change of password. SMS and WhatsApp go to the phone of each order, or to the one
          above.
        </p>
        {messages.stopped.length > 0 ? (
          <p className="mt-2 text-sm text-amber-900">
            You asked us to stop messages to {messages.stopped.join(" and ")}. Saving your choice here starts
            them again.
          </p>
        ) : null}
        <Form method="post" className="mt-3 flex flex-col gap-2">
          <input type="hidden" name="intent" value="messages" />
          <FormError message={messagesResult?.formError} />
          <fieldset>
            <legend className="sr-only">Send me messages by</legend>
            {MESSAGE_CHANNEL.entries.map((channel) => (
              <label key={channel.value} className="flex items-center gap-2 py-1">
                <input
                  type="checkbox"
                  name="channel"
                  value={channel.value}
                  defaultChecked={messages.channels.includes(channel.value)}
                  className="h-5 w-5"
                />
                {channel.label}
              </label>
            ))}
          </fieldset>
          <div>
            <button type="submit" disabled={busy("messages")} className={BUTTON}>
              {busy("messages") ? "Saving…" : "Save message choices"}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="password-heading" className={`mt-6 ${SECTION}`}>
        <h2 id="password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Every other device logged in to your account is logged out.
        </p>
        <Form method="post" data-form="change-password" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="username" value={email} autoComplete="username" />
          <FormError message={passwordResult?.formError} />
          <PasswordInput
            id="current-password"
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            constraint={passwordFields.currentPassword}
            error={passwordResult?.errors?.currentPassword}
          />
          <NewPasswordFields errors={passwordResult?.errors} constraints={passwordFields} />
          <div>
            <button type="submit" disabled={busy("password")} className={BUTTON}>
              {busy("password") ? "Changing…" : "Change password"}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="devices-heading" className={`mt-6 ${SECTION}`}>
        <h2 id="devices-heading" className="text-lg font-semibold">
          Devices
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Lost a phone, or logged in on a shared one? This logs your account out everywhere, this device
          included.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="everywhere" />
          <button
            type="submit"
            disabled={busy("everywhere")}
            className="rounded-lg border border-red-300 px-4 py-2.5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
          >
            Log out of all devices
          </button>
        </Form>
      </section>
    </main>
  );
}
