/**
 * Page forms as the browser gets them: every page of the route manifest, opened by a guest with a cart, a
 * customer and the superintendent, shows each of its forms with the input constraints of the schema the
 * server checks it with (lib/forms.ts, by the form's data-form name), and no other post form writes a
 * limit of its own. Then the one action path: bad input is a 400 with its field errors and what was
 * typed, and every page with several forms answers an intent it does not know with a 400.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { constraintsOf, type FieldConstraint } from "~/lib/form-constraints";
import { FORMS } from "~/lib/forms";
import { UNKNOWN_INTENT } from "~/services/http.server";
import { Client, html, ORIGIN } from "./helpers";
import { callWorker, routeWorld, type RouteWorld } from "./route-fixtures";
import { fillPattern, MANIFEST_ROUTES } from "./route-manifest";

/**
 * Post forms with limits on their inputs that no schema of lib/forms.ts gives, by their action: each with
 * the reason its limits are its own.
 */
const OWN_LIMITS: Record<string, string> = {
  // A typed quantity is not refused but brought within the cart's limits (features/cart/cart.ts).
  "/cart": "quantities",
  // One row of fields per state (fee[Lagos], …), checked by the delivery fee table's own schema.
  "/admin/delivery": "delivery fees",
};

type Field = { tag: string; name: string; attributes: Record<string, string> };
type PostForm = { action: string; name: string | null; fields: Field[] };

/** The post forms of a page, each with its named inputs, text areas and selects. */
async function postForms(response: Response, page: string): Promise<PostForm[]> {
  const forms: PostForm[] = [];
  let current: PostForm | null = null;
  await new HTMLRewriter()
    .on("form", {
      element(element) {
        const method = (element.getAttribute("method") ?? "get").toLowerCase();
        current = null;
        if (method !== "post") return;
        const form: PostForm = {
          action: new URL(element.getAttribute("action") ?? page, `${ORIGIN}${page}`).pathname,
          name: element.getAttribute("data-form"),
          fields: [],
        };
        forms.push(form);
        current = form;
        element.onEndTag(() => {
          current = null;
        });
      },
    })
    .on("input, textarea, select", {
      element(element) {
        const name = element.getAttribute("name");
        if (current && name)
          current.fields.push({
            tag: element.tagName,
            name,
            attributes: Object.fromEntries([...element.attributes] as unknown as [string, string][]),
          });
      },
    })
    .transform(response)
    .arrayBuffer();
  return forms;
}

/** What the browser will hold a field to, read back from its attributes. */
function rendered({ tag, attributes: a }: Field): FieldConstraint {
  const out: FieldConstraint = {};
  if ("required" in a) out.required = true;
  if (tag !== "select") {
    if (a.minlength) out.minLength = Number(a.minlength);
    if (a.maxlength) out.maxLength = Number(a.maxlength);
    if (a.pattern) out.pattern = a.pattern;
    if (a.type === "email") out.type = "email";
    if (a.min) out.min = Number(a.min);
    if (a.max) out.max = Number(a.max);
  }
  return out;
}

/** The schema's constraints of a field as its tag can carry them (a select: only whether it is required). */
function expected(constraint: FieldConstraint, tag: string): FieldConstraint {
  if (tag === "select") return constraint.required ? { required: true } : {};
  const { type, pattern, ...rest } = constraint;
  return tag === "textarea" ? rest : constraint.type || pattern ? { ...rest, type, pattern } : rest;
}

const TYPED = new Set(["hidden", "file", "checkbox", "radio", "submit", "button"]);

// Each test has its own storage: its own world.
let w: RouteWorld;
beforeEach(async () => {
  w = await routeWorld();
});

describe("every page's forms hold their schema's constraints", () => {
  it("as a guest with a cart, a customer and the superintendent, on every page of the manifest", async () => {
    // A reset link of the customer's, for the page that sets a new password.
    const issued = await html(await w.superintendent.client.post("/admin/users", { userId: w.customer.id }));
    const resetPath = /\/reset-password\/[A-Za-z0-9_-]+/.exec(issued)![0];
    const params: Record<string, string> = {
      token: w.order.token,
      id: String(w.product.id),
      orderId: w.order.id,
      "*": "no-such-page",
    };
    const pages = MANIFEST_ROUTES.filter((route) => route.page).map((route) => {
      const slug = route.pattern.startsWith("/categories/")
        ? w.categoryPath.replace("/categories/", "")
        : w.productPath.replace("/products/", "");
      return route.id === "routes/reset-password.$token"
        ? resetPath
        : fillPattern(route, (name) => (name === "slug" ? slug : (params[name] ?? "x")));
    });
    const cookies = {
      guest: w.cartCookie,
      customer: `medistore_session=${w.customer.client.cookies.get("medistore_session")}`,
      superintendent: `medistore_session=${w.superintendent.client.cookies.get("medistore_session")}`,
    };
    const shown = new Set<string>();
    const wrong: string[] = [];
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const page of pages) {
        const response = await callWorker(
          new Request(`${ORIGIN}${page}`, { headers: { Cookie: cookie, Host: new URL(ORIGIN).host } }),
        );
        if (response.status !== 200) {
          await response.body?.cancel();
          continue;
        }
        for (const form of await postForms(response, page)) {
          const fields = form.fields.filter((f) => !TYPED.has(f.attributes.type ?? ""));
          if (!form.name) {
            const limited = fields.filter((f) => Object.keys(rendered(f)).length > 0);
            if (limited.length > 0 && !OWN_LIMITS[form.action])
              wrong.push(
                `${page} as ${who}: a form posting to ${form.action} limits ${limited[0].name} by hand`,
              );
            continue;
          }
          const schema = FORMS[form.name as keyof typeof FORMS] as z.ZodObject | undefined;
          if (!schema) {
            wrong.push(`${page}: form "${form.name}" is not in lib/forms.ts`);
            continue;
          }
          shown.add(form.name);
          const constraints = constraintsOf(schema);
          for (const field of fields) {
            // A row of a table posts name[row]: the schema's field is the name.
            const name = field.name.replace(/\[.*\]$/, "");
            const want = constraints[name];
            // A field the schema does not check (the contact form's honeypot) may have no limits.
            if (!want) {
              if (Object.keys(rendered(field)).length > 0)
                wrong.push(`${page}: ${form.name}.${name} has limits its schema does not give`);
              continue;
            }
            const got = rendered(field);
            if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(expected(want, field.tag))))
              wrong.push(
                `${page}: ${form.name}.${name} is ${JSON.stringify(got)}, its schema says ${JSON.stringify(want)}`,
              );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every form of lib/forms.ts was seen on a page.
    expect(Object.keys(FORMS).filter((form) => !shown.has(form))).toEqual([]);
  }, 120_000);
});

const sorted = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

describe("the one action path", () => {
  it("bad input is a 400 with the field's error and what was typed", async () => {
    const cases: [Client, string, Record<string, string>, string, string][] = [
      [
        new Client(),
        "/contact",
        { name: "Ada Typed", email: "not-an-email", message: "Hello" },
        "Please enter a valid email address.",
        "Ada Typed",
      ],
      [
        new Client(),
        "/register",
        { name: "Bola Typed", email: "bola@", password: "a-strong-passphrase" },
        "Please enter a valid email address.",
        "Bola Typed",
      ],
      [
        new Client(),
        "/track",
        { orderRef: "MS-12", phone: "08031234567" },
        "Please enter your order reference, like MS-7KQ2XD.",
        "08031234567",
      ],
      [
        w.customer.client,
        "/account",
        { intent: "profile", name: "Chika Typed", phone: "12345" },
        "Please enter a Nigerian phone number",
        "Chika Typed",
      ],
      [
        w.superintendent.client,
        "/admin/admins",
        { intent: "create", email: "typed.admin@example.com", name: "Typed Admin", password: "short" },
        "Password must be at least 8 characters.",
        "typed.admin@example.com",
      ],
    ];
    for (const [client, path, fields, error, typed] of cases) {
      const response = await client.post(path, fields);
      expect(response.status, path).toBe(400);
      const page = await html(response);
      expect(page, path).toContain(error);
      expect(page, path).toContain(`value="${typed}"`);
    }
  });

  it("a refused password is never sent back", async () => {
    const response = await w.superintendent.client.post("/admin/admins", {
      intent: "create",
      email: "typed.admin2@example.com",
      name: "   ",
      password: "secret-passphrase-typed",
    });
    expect(response.status).toBe(400);
    expect(await html(response)).not.toContain("secret-passphrase-typed");
  });

  it("every page with several forms answers an unknown intent with a 400 that says so", async () => {
    const pages: [Client, string, number][] = [
      [w.customer.client, "/account", 400],
      [w.customer.client, "/account/privacy", 400],
      [w.superintendent.client, "/admin/admins", 400],
      [w.superintendent.client, "/admin/orders", 400],
      [new Client(), `/order/${w.order.token}`, 400],
    ];
    for (const [client, path, status] of pages) {
      const response = await client.post(path, { intent: "no-such-intent", orderId: w.order.id });
      expect(response.status, path).toBe(status);
      expect(await html(response), path).toContain(UNKNOWN_INTENT);
    }
    // Pages whose forms' intents are read by their use case, which refuses the rest.
    for (const [client, path] of [
      [new Client(), "/cart"],
      [w.customer.client, w.productPath],
    ] as const) {
      const response = await client.post(path, { intent: "no-such-intent", _enhanced: "1" });
      expect(response.status, path).toBe(400);
      await response.body?.cancel();
    }
    const upload = new FormData();
    upload.set("intent", "no-such-intent");
    const dashboard = await w.customer.client.postMultipart("/dashboard", upload);
    expect(dashboard.status).toBe(400);
    expect(await html(dashboard)).toContain(`Upload failed: ${UNKNOWN_INTENT}`);
    // Nothing changed.
    const order = await env.DB.prepare("SELECT delivery_status FROM orders WHERE id = ?")
      .bind(w.order.id)
      .first<{ delivery_status: string }>();
    expect(order!.delivery_status).toBe("Pending");
  });
});
