/**
 * /forgot-password: this deployment sends no e-mail, so a pharmacist confirms who is asking over WhatsApp
 * and sends a one-time reset link (issued from Admin › Users) that works for an hour.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { WhatsAppIcon } from "~/components/icons";
import { RESET_LINK_TTL_MINUTES } from "~/lib/limits";
import { whatsAppLink } from "~/lib/whatsapp-link";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [{ title: "Forgot your password? | MediStore" }];

export const FORGOT_PASSWORD_MESSAGE =
  "Hello MediStore, I forgot my password. The e-mail address on my account is: ";

export default function ForgotPassword() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const link = whatsAppLink(root?.store.whatsapp ?? "", FORGOT_PASSWORD_MESSAGE);
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Forgot your password?</h1>
      <div className="mt-4 space-y-3 text-gray-700">
        <p>We reset passwords over WhatsApp, so nobody else can take over your account:</p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Message us on WhatsApp from the phone number you use with us, with your account&apos;s e-mail.
          </li>
          <li>A pharmacist checks it is you (for example, by asking about a recent order).</li>
          <li>
            They send you a reset link. It works once, for {RESET_LINK_TTL_MINUTES} minutes: open it and
            choose a new password.
          </li>
        </ol>
      </div>
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 inline-flex items-center gap-2 rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white"
      >
        <WhatsAppIcon className="h-5 w-5" /> Ask on WhatsApp
      </a>
      <p className="mt-6 text-sm">
        Remembered it?{" "}
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </main>
  );
}
