/**
 * Any unknown URL: a real 404 in the site's look (rendered by the root error boundary). Unknown `/api/…`
 * calls are answered in JSON by api.$.tsx.
 */
import { data } from "@remix-run/cloudflare";

export async function loader() {
  throw data(
    { message: "We could not find that page. It may have moved, or the link may be mistyped." },
    { status: 404 },
  );
}

export async function action() {
  throw data({ message: "We could not find that page." }, { status: 404 });
}

export default function NotFound() {
  return null;
}
