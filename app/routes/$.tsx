/** Any unknown URL: a real 404 in the site's look (rendered by the root error boundary). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** The JSON API answers JSON, even for a call that does not exist. */
function unknownApiCall(request: Request) {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/")) return null;
  return Response.json(
    {
      message: `There is no API call ${request.method} ${pathname.slice(0, 200)}. See the README's JSON API table.`,
    },
    { status: 404 },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = unknownApiCall(request);
  if (api) return api;
  throw data(
    { message: "We could not find that page. It may have moved, or the link may be mistyped." },
    { status: 404 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const api = unknownApiCall(request);
  if (api) return api;
  throw data({ message: "We could not find that page." }, { status: 404 });
}

export default function NotFound() {
  return null;
}
