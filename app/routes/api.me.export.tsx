/** GET /api/me/export: the caller's data as a ZIP (data.json, README.txt, prescription images); Bearer token. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { archiveResponse, exportMyData } from "~/features/privacy/export.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { requireApiUser } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    // Building an archive is the heaviest read there is: it shares the uploads' modest limit.
    await enforceRateLimit(request, context, "upload", user.id);
    return archiveResponse(await exportMyData(context, user));
  });
}

export const action = () => methodNotAllowed(["GET"]);
