/**
 * /account/privacy ("Privacy & consents"): the consents a customer has given, each with Give or Withdraw,
 * their chat history's deletion, and links to download their data or delete the account. Plain forms
 * (JavaScript off works); each answer is a redirect with a toast.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { eraseConversation } from "~/features/chat/chat.server";
import {
  consentOverview,
  giveConsent,
  parseConsentKind,
  withdrawConsent,
} from "~/features/privacy/consents.server";
import { AppError, type FormFailure } from "~/lib/app-error";
import { CONSENT_LABELS, PRIVACY_NOTICE_VERSION } from "~/lib/privacy-notice";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { handleIntents, pageHeaders, readForm } from "~/services/http.server";
import { requireUser, withReads } from "~/services/session.server";
import { toastCookie } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Privacy & consents | MediStore" }];

export const headers = pageHeaders;

export const CONSENT_GIVEN = "Thank you: your consent is recorded.";
export const CHAT_ERASED = "Your chat history has been deleted.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The consents travel to D1 with the session lookup, in one trip.
  const [user, consents] = await withReads(request, context, requireUser, (me) =>
    consentOverview(context, me),
  );
  return {
    isCustomer: user.role !== "admin",
    consents,
    noticeVersion: PRIVACY_NOTICE_VERSION,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const done = async (form: FormData, message: string) => {
    const back = safeRedirectPath(form.get("redirectTo"), "/account/privacy");
    return redirect(back, {
      headers: { "Set-Cookie": await toastCookie(context.config, { type: "success", message }) },
    });
  };
  return handleIntents(
    () => readForm(request),
    {
      give: {
        run: async (form) => {
          await giveConsent(context, user.id, parseConsentKind(form.get("kind")));
          return done(form, CONSENT_GIVEN);
        },
      },
      withdraw: {
        run: async (form) => {
          const kind = parseConsentKind(form.get("kind"));
          const { deletedPrescriptions } = await withdrawConsent(context, user.id, kind);
          return done(
            form,
            kind === "prescriptions"
              ? `Consent withdrawn. ${deletedPrescriptions} prescription${deletedPrescriptions === 1 ? "" : "s"} deleted; any an order still being handled needs are kept until it is done.`
              : "Consent withdrawn. You can delete your chat history below.",
          );
        },
      },
      "erase-chat": {
        run: async (form) => {
          if (user.role === "admin") throw new AppError(400, "Admins have no chat history of their own.");
          await eraseConversation(context.config, user.id);
          return done(form, CHAT_ERASED);
        },
      },
    },
    { unexpected: "Something went wrong. Please try again." },
  );
}

const BUTTON = "rounded-lg px-3 py-2 text-sm font-semibold";

export default function PrivacyConsentsPage() {
  const { consents, isCustomer, noticeVersion } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Privacy &amp; consents</h1>
      <p className="mt-2 text-gray-700">
        Prescriptions and chats show your health, so we keep them only with your consent. You can withdraw it
        at any time. See the{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          privacy notice
        </Link>{" "}
        (version {noticeVersion}).
      </p>
      <div className="mt-4">
        <FormError message={actionData?.formError} />
      </div>

      <ul className="mt-4 space-y-4">
        {consents
          .filter((c) => isCustomer || c.kind !== "chat")
          .map((c) => (
            <li key={c.kind} className="rounded-xl border border-gray-200 bg-white p-4">
              <h2 className="font-semibold text-gray-900">{CONSENT_LABELS[c.kind]}</h2>
              <p className="mt-1 text-sm text-gray-700">
                {c.active ? (
                  <>
                    Given <LocalTime ms={c.active.givenAt} /> under notice version {c.active.noticeVersion}.
                  </>
                ) : c.history.length > 0 ? (
                  <>
                    Withdrawn <LocalTime ms={c.history.at(-1)!.withdrawnAt ?? 0} />.{" "}
                    {c.kind === "prescriptions"
                      ? "You cannot upload prescriptions until you give it again."
                      : "You cannot start a chat until you give it again."}
                  </>
                ) : (
                  "Not given yet."
                )}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="kind" value={c.kind} />
                  {c.active ? (
                    <button
                      name="intent"
                      value="withdraw"
                      className={`${BUTTON} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
                    >
                      Withdraw consent
                    </button>
                  ) : (
                    <button name="intent" value="give" className={`${BUTTON} bg-brand-700 text-white`}>
                      Give consent
                    </button>
                  )}
                </Form>
                {c.kind === "chat" ? (
                  <Form method="post">
                    <button
                      name="intent"
                      value="erase-chat"
                      className={`${BUTTON} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
                    >
                      Delete my chat history
                    </button>
                  </Form>
                ) : null}
              </div>
              {c.kind === "prescriptions" && c.active ? (
                <p className="mt-2 text-xs text-gray-600">
                  Withdrawing deletes your prescription photos now, except any an order still being handled
                  needs.
                </p>
              ) : null}
            </li>
          ))}
      </ul>

      <section
        aria-labelledby="rights-heading"
        className="mt-6 rounded-xl border border-gray-200 bg-white p-4"
      >
        <h2 id="rights-heading" className="font-semibold text-gray-900">
          Your data
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <a href="/account/data" className={`${BUTTON} bg-brand-700 text-white`} download>
            Download my data
          </a>
          <Link
            to="/account/delete"
            className={`${BUTTON} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
          >
            Delete my account
          </Link>
        </div>
      </section>
    </main>
  );
}
