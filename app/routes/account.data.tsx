/** GET /account/data: the signed-in person's data as a ZIP download (the dashboard's "Download my data"). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { archiveResponse, exportMyData, exportRecords } from "~/features/privacy/export.server";
import { AppError } from "~/lib/app-error";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { requireUser, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The records travel to D1 with the session lookup (one trip); the images and the archive wait for the limit.
  const [user, records] = await withReads(request, context, requireUser, (me) => exportRecords(context, me));
  try {
    await enforceRateLimit(request, context, "upload", user.id);
    return archiveResponse(await exportMyData(context, user, records));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A download link has no page to show a form error on: the reason, as text, with its status.
    return new Response(error.message, {
      status: error.status,
      headers: { ...error.headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
