/**
 * POST /data-saver: the shopper's data saver toggle (mode=on|off), a plain form that works without
 * JavaScript. Sets the preference cookie and goes back to the page the form was on (same origin only).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { dataSaverSetCookie } from "~/services/data-saver-cookie.server";
import { handleApi, methodNotAllowed, readForm } from "~/services/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const form = await readForm(request);
    const mode = form.get("mode");
    if (mode !== "on" && mode !== "off") throw new AppError(400, "Choose data saver on or off.");
    return redirect(safeRedirectPath(form.get("redirectTo")), {
      status: 303,
      headers: { "Set-Cookie": dataSaverSetCookie(mode, context.config), "Cache-Control": "no-store" },
    });
  });
}

/** The toggle changes state, so it is a POST; a typed URL just goes home. */
export async function loader() {
  return redirect("/");
}
