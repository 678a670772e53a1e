/**
 * Any `/api/…` path no other route claims: a 404 in JSON, whatever the method. A resource route (no page),
 * so even a browser asking for HTML gets the API's answer rather than the site's 404 page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/services/http.server";

function unknownApiCall({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  return jsonError(
    404,
    `There is no API call ${request.method} ${pathname.slice(0, 200)}. The API's calls are listed in docs/api.md.`,
  );
}

export const loader = (args: LoaderFunctionArgs) => unknownApiCall(args);
export const action = (args: ActionFunctionArgs) => unknownApiCall(args);
