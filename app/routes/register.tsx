/** /register: full name, e-mail, password; a new customer lands on /dashboard, signed in. */
import { orNetworkFailure } from "~/lib/network-failure";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { FormError, FormField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import fields from "virtual:form-constraints/register";
import { register } from "~/features/accounts/accounts.server";
import { REGISTRATION_FAILED } from "~/features/accounts/messages";
import { homeFor } from "~/features/accounts/home";
import { AppError } from "~/lib/app-error";
import { formValues, handleForm, pageHeaders } from "~/services/http.server";
import type { FormFailure } from "~/lib/app-error";
import { getUser } from "~/services/session.server";
import { toastCookie } from "~/services/toast.server";

/** A refusal's Retry-After (rate limits) reaches the browser too. */
export const headers = pageHeaders;

export const meta: MetaFunction = () => [{ title: "Register | MediStore" }];

type ActionData = FormFailure;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user) throw redirect(homeFor(user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const values = formValues(form, ["name", "email"], 254);
  return handleForm(
    async () => {
      if (!form) throw new AppError(400, REGISTRATION_FAILED);
      const { setCookie, deviceCookie } = await register(request, context, {
        ...values,
        password: form.get("password"),
      });
      const headers = new Headers();
      headers.append("Set-Cookie", setCookie);
      headers.append("Set-Cookie", deviceCookie);
      headers.append(
        "Set-Cookie",
        await toastCookie(context.config, { type: "success", message: "Registration successful!" }),
      );
      return redirect("/dashboard", { headers });
    },
    { values, unexpected: REGISTRATION_FAILED },
  );
}

export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  orNetworkFailure(() => serverAction<typeof action>(), { formError: REGISTRATION_FAILED });

export default function RegisterPage() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  const errors = actionData?.errors ?? {};
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Register</h1>
      <p className="mt-1 text-gray-600">
        Create a free account to upload prescriptions, follow your orders and chat with a pharmacist.
      </p>
      <Form method="post" data-form="register" className="mt-6 flex flex-col gap-4">
        <FormError message={actionData?.formError} />
        <FormField
          label="Full name"
          name="name"
          autoComplete="name"
          idPrefix="register"
          defaultValue={actionData?.values?.name}
          error={errors.name}
          constraint={fields.name}
        />
        <FormField
          label="Email"
          name="email"
          autoComplete="email"
          idPrefix="register"
          defaultValue={actionData?.values?.email}
          error={errors.email}
          constraint={fields.email}
        />
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          error={errors.password}
          constraint={fields.password}
        />
        <p className="-mt-2 text-xs text-gray-600">At least {fields.password.minLength} characters.</p>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {submitting ? "Registering..." : "Register"}
        </button>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-brand-700 underline">
          Login
        </Link>
      </p>
    </main>
  );
}
