import { Form } from "@remix-run/react";

/** Logout is a POST (it changes state): the session ends on the server, then home. */
export function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className="rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800">
        Logout
      </button>
    </Form>
  );
}
