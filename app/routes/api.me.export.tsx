/** GET /api/me/export: the caller's data as a ZIP (data.json, README.txt, prescription images); Bearer token. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { archiveResponse, exportMyData, exportRecords } from "~/features/privacy/export.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { requireApiUser, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    // The records travel to D1 with the session lookup (one trip); the images and the archive, the heavy
    // part, wait for the limit.
    const [user, records] = await withReads(request, context, requireApiUser, (me) =>
      exportRecords(context, me),
    );
    // Building an archive is the heaviest read there is: it shares the uploads' modest limit.
    await enforceRateLimit(request, context, "upload", user.id);
    return archiveResponse(await exportMyData(context, user, records));
  });
}

export const action = () => methodNotAllowed(["GET"]);
