/** POST /logout ends the session on the server, clears the cookie and goes home. */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/services/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request, context) } });
}

/** Logging out changes state, so it is a POST; a GET (a typed URL) just goes home. */
export async function loader() {
  return redirect("/");
}
