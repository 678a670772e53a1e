/** /login: e-mail and password; admins land on /admin, everyone else on /dashboard (or back where they were). */
import { orNetworkFailure } from "~/lib/network-failure";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useNavigation,
  useSearchParams,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useEffect } from "react";
import { FormError, FormField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { showToast } from "~/components/toaster";
import { logInWithForm } from "~/features/accounts/login.server";
import { homeFor } from "~/features/accounts/home";
import { AppError } from "~/lib/app-error";
import fields from "virtual:form-constraints/login";
import { formValues, handleForm, pageHeaders } from "~/services/http.server";
import type { FormFailure } from "~/lib/app-error";
import { getUser } from "~/services/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { toastCookie } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Login | MediStore" }];

export const LOGIN_FAILED = "Login failed";
export const LOGIN_NETWORK_ERROR = "Something went wrong, please try again.";

type ActionData = FormFailure & { networkError?: boolean };

function redirectTarget(value: unknown): string | null {
  const path = safeRedirectPath(value, "");
  return path && !path.startsWith("/login") && !path.startsWith("/register") ? path : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user)
    throw redirect(homeFor(user, redirectTarget(new URL(request.url).searchParams.get("redirectTo"))));
  return null;
}

/** A slowed login's Retry-After reaches the browser too. */
export const headers = pageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const values = formValues(form, ["email"], 254);
  return handleForm(
    async () => {
      if (!form) throw new AppError(400, "We could not read that form. Please try again.");
      const { user, deviceCookie, setCookie } = await logInWithForm(request, context);
      const headers = new Headers();
      headers.append("Set-Cookie", setCookie);
      // This browser now counts as the account's own: a guesser elsewhere cannot lock it out.
      headers.append("Set-Cookie", deviceCookie);
      headers.append(
        "Set-Cookie",
        await toastCookie(context.config, { type: "success", message: "Login successful!" }),
      );
      return redirect(homeFor(user, redirectTarget(form.get("redirectTo"))), { headers });
    },
    { values, unexpected: LOGIN_FAILED },
  );
}

/** A lost connection becomes an error toast instead of an error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  orNetworkFailure(() => serverAction<typeof action>(), {});

export default function LoginPage() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");

  useEffect(() => {
    if (actionData?.networkError) showToast({ type: "error", message: LOGIN_NETWORK_ERROR });
  }, [actionData]);

  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Login</h1>
      <p className="mt-1 text-gray-600">
        Welcome back. Log in to follow your orders and chat with a pharmacist.
      </p>
      <Form method="post" data-form="login" className="mt-6 flex flex-col gap-4" noValidate={false}>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormError message={actionData?.formError} />
        <FormField
          label="Email"
          name="email"
          autoComplete="email"
          idPrefix="login"
          defaultValue={actionData?.values?.email}
          constraint={fields.email}
        />
        <PasswordInput id="login-password" autoComplete="current-password" constraint={fields.password} />
        <Link
          to="/forgot-password"
          className="-mt-1 self-start text-sm font-medium text-brand-700 hover:underline"
        >
          Forgot your password?
        </Link>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {submitting ? "Logging in..." : "Login"}
        </button>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        New to MediStore?{" "}
        <Link to="/register" className="font-medium text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </main>
  );
}
