/** Account basics: the profile that prefills checkout, password change, logging out everywhere, reset links. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bearer, Client, html, seedProducts, signUp } from "./helpers";

const NEW_PASSWORD = "a-brand-new-passphrase";

async function canLogIn(email: string, password: string) {
  const res = await new Client().postJson("/api/auth/login", { email, password });
  return res.status === 200;
}

describe("profile", () => {
  it("saves name, phone, address and state, and checkout starts with them", async () => {
    const user = await signUp("Chiamaka Eze");
    const saved = await user.client.post("/account", {
      intent: "profile",
      name: "  Chiamaka N. Eze ",
      phone: "0803 123 4567",
      deliveryAddress: "12 Ogui Road, Enugu",
      deliveryState: "Enugu",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/account");
    const row = await env.DB.prepare(
      "SELECT name, phone, delivery_address, delivery_state FROM users WHERE id = ?",
    )
      .bind(user.id)
      .first();
    expect(row).toEqual({
      name: "Chiamaka N. Eze",
      phone: "+2348031234567",
      delivery_address: "12 Ogui Road, Enugu",
      delivery_state: "Enugu",
    });
    const page = await html(await user.client.get("/account"));
    expect(page).toContain("Your details have been saved.");
    const [product] = await seedProducts([
      { name: "Profile Test Tablets", category: "Pain Relief", priceKobo: 50_000 },
    ]);
    await user.client.post("/cart", { intent: "add", productId: String(product.id), redirectTo: "/" });
    const checkout = await html(await user.client.get("/checkout"));
    expect(checkout).toContain('value="+2348031234567"');
    expect(checkout).toContain("12 Ogui Road, Enugu");
  });

  it("refuses a bad phone, an unknown state and a blank name with the reason, keeping what was typed", async () => {
    const user = await signUp("Musa Bello");
    const cases: [Record<string, string>, string][] = [
      [{ name: "Musa Bello", phone: "12345" }, "Please enter a Nigerian phone number"],
      [{ name: "Musa Bello", deliveryState: "Atlantis" }, "Please choose a state from the list."],
      [{ name: "   " }, "Please enter your full name."],
    ];
    for (const [fields, message] of cases) {
      const res = await user.client.post("/account", {
        intent: "profile",
        deliveryAddress: "Kofar Mata",
        ...fields,
      });
      expect(res.status).toBe(400);
      const page = await html(res);
      expect(page).toContain(message);
      expect(page).toContain("Kofar Mata");
    }
  });

  it("is for signed-in customers only", async () => {
    const res = await new Client().get("/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("password change", () => {
  it("needs the current password, then ends every other session and keeps this one", async () => {
    const user = await signUp("Ifeoma Obi");
    const otherDevice = new Client();
    await otherDevice.post("/login", { email: user.email, password: user.password });
    expect((await otherDevice.get("/dashboard")).status).toBe(200);

    const wrong = await user.client.post("/account", {
      intent: "password",
      currentPassword: "not-my-password",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("Your current password is not right.");

    const mismatch = await user.client.post("/account", {
      intent: "password",
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: "something-else-entirely",
    });
    expect(mismatch.status).toBe(400);
    expect(await html(mismatch)).toContain("The two new passwords are not the same.");

    const short = await user.client.post("/account", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await html(short)).toContain("Password must be at least 8 characters.");

    const changed = await user.client.post("/account", {
      intent: "password",
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(302);
    expect((await user.client.get("/dashboard")).status).toBe(200);
    expect((await otherDevice.get("/dashboard")).status).toBe(302);
    expect((await new Client().get("/api/orders/my-orders", bearer(user))).status).toBe(401);
    expect(await canLogIn(user.email, user.password)).toBe(false);
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
  });
});

describe("log out of all devices", () => {
  it("ends every session of the account, this one included", async () => {
    const user = await signUp("Tunde Bakare");
    const other = new Client();
    await other.post("/login", { email: user.email, password: user.password });
    const res = await user.client.post("/account", { intent: "everywhere" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect((await user.client.get("/dashboard")).status).toBe(302);
    expect((await other.get("/dashboard")).status).toBe(302);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

function resetPath(page: string): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(page);
  if (!match) throw new Error("no reset link on the page");
  return match[0];
}

describe("password reset links", () => {
  it("an admin issues one; it works once, ends the sessions, and then is dead", async () => {
    const admin = await signUp("Pharm. Grace Udo", "admin");
    const customer = await signUp("Halima Sani");
    const issued = await admin.client.post("/admin/users", { userId: customer.id });
    expect(issued.status).toBe(200);
    const path = resetPath(await html(issued));

    const form = await new Client().get(path);
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await html(form)).toContain(customer.email);

    const mismatch = await new Client().post(path, {
      newPassword: NEW_PASSWORD,
      confirmPassword: "nope-nope-nope",
    });
    expect(mismatch.status).toBe(400);

    const done = await new Client().post(path, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect((await customer.client.get("/dashboard")).status).toBe(302);
    expect(await canLogIn(customer.email, NEW_PASSWORD)).toBe(true);

    const again = await new Client().post(path, {
      newPassword: "yet-another-passphrase",
      confirmPassword: "yet-another-passphrase",
    });
    expect(again.status).toBe(410);
    expect(await html(again)).toContain("This reset link has expired or was already used.");
    expect((await new Client().get(path)).status).toBe(410);
    expect(await canLogIn(customer.email, NEW_PASSWORD)).toBe(true);
  });

  it("works from the browser's own form on the page, which sends `Origin: null` (the page sends no referrer)", async () => {
    const admin = await signUp("Pharm. Nkechi Eze", "admin");
    const customer = await signUp("Musa Bello");
    const path = resetPath(await html(await admin.client.post("/admin/users", { userId: customer.id })));
    const fields = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    // Another site's page (or one that proves nothing) sending `Origin: null` is still refused.
    for (const site of ["cross-site", "same-site", "none", null]) {
      const foreign = await new Client().post(path, fields, {
        Origin: "null",
        ...(site ? { "Sec-Fetch-Site": site } : {}),
      });
      expect(foreign.status, `Sec-Fetch-Site: ${site}`).toBe(403);
      expect(await foreign.text()).toBe("Cross-site requests are not allowed.");
    }
    expect(await canLogIn(customer.email, customer.password)).toBe(true);

    const done = await new Client().post(path, fields, { Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await canLogIn(customer.email, NEW_PASSWORD)).toBe(true);
  });

  it("is dead after its hour, and a newer link retires the older one", async () => {
    const admin = await signUp("Pharm. Uche Nnaji", "admin");
    const customer = await signUp("Bola Ade");
    const first = resetPath(await html(await admin.client.post("/admin/users", { userId: customer.id })));
    const second = resetPath(await html(await admin.client.post("/admin/users", { userId: customer.id })));
    expect((await new Client().get(first)).status).toBe(410);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, customer.id)
      .run();
    const late = await new Client().post(second, {
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(late.status).toBe(410);
    expect(await canLogIn(customer.email, customer.password)).toBe(true);
  });

  it("two tabs spending one link together: one password wins, the other is refused", async () => {
    const admin = await signUp("Pharm. Kemi Ojo", "admin");
    const customer = await signUp("Efe Okoro");
    const path = resetPath(await html(await admin.client.post("/admin/users", { userId: customer.id })));
    const [a, b] = await Promise.all(
      ["first-tab-passphrase", "second-tab-passphrase"].map((p) =>
        new Client().post(path, { newPassword: p, confirmPassword: p }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([302, 410]);
    const winner = a.status === 302 ? "first-tab-passphrase" : "second-tab-passphrase";
    expect(await canLogIn(customer.email, winner)).toBe(true);
  });

  it("only admins issue links; a malformed or unknown token is a 410 page, never a 500", async () => {
    const customer = await signUp("Sola Ajayi");
    const refused = await customer.client.post("/admin/users", { userId: customer.id });
    expect(refused.status).toBe(403);
    for (const token of ["x", "A".repeat(43), "%00%0d%0a" + "a".repeat(40)]) {
      expect((await new Client().get(`/reset-password/${token}`)).status).toBe(410);
    }
    const admin = await signUp("Pharm. Ada Obi", "admin");
    const unknown = await admin.client.post("/admin/users", { userId: "no-such-user" });
    expect(unknown.status).toBe(404);
  });

  it("the forgot-password page explains the WhatsApp route and links to it", async () => {
    const page = await html(await new Client().get("/forgot-password"));
    expect(page).toContain("Forgot your password?");
    expect(page).toMatch(
      /href="https:\/\/wa\.me\/\d+\?text=Hello%20MediStore%2C%20I%20forgot%20my%20password/,
    );
    expect(await html(await new Client().get("/login"))).toContain('href="/forgot-password"');
  });
});

describe("admin › users at scale", () => {
  it("searches by name or e-mail on the server, a page at a time, wildcards taken literally", async () => {
    const admin = await signUp("Pharm. Search Admin", "admin");
    await signUp("Zainab Percent");
    const byName = await html(await admin.client.get("/admin/users?q=zainab"));
    expect(byName).toContain("Zainab Percent");
    expect(byName.match(/Issue a password reset link for/g)).toHaveLength(1);
    const wildcard = await html(await admin.client.get("/admin/users?q=%25"));
    expect(wildcard).toContain("No account matches");

    await env.DB.batch(
      Array.from({ length: 55 }, (_, i) =>
        env.DB.prepare("INSERT INTO users (id, name, email, password_hash) VALUES (?, ?, ?, 'x')").bind(
          `paged-${i}`,
          `Paged Customer ${i}`,
          `paged${i}@example.com`,
        ),
      ),
    );
    const first = await html(await admin.client.get("/admin/users?q=paged"));
    expect(first.match(/Issue a password reset link for/g)).toHaveLength(50);
    expect(first).toContain('href="/admin/users?q=paged&amp;page=2"');
    const second = await html(await admin.client.get("/admin/users?q=paged&page=2"));
    expect(second.match(/Issue a password reset link for/g)).toHaveLength(5);
    expect(second).not.toContain("page=3");
  });
});

describe("admin › the chat panel's customer picker", () => {
  it("lists the newest customers, searches the rest on the server and names conversations by id", async () => {
    const admin = await signUp("Pharm. Picker Admin", "admin");
    const old = await signUp("Obiageli Oldest");
    await env.DB.batch(
      Array.from({ length: 25 }, (_, i) =>
        env.DB.prepare("INSERT INTO users (id, name, email, password_hash) VALUES (?, ?, ?, 'x')").bind(
          `picker-${i}`,
          `Newer Customer ${i}`,
          `newer${i}@example.com`,
        ),
      ),
    );
    const layout = await html(await admin.client.get("/admin"));
    expect(layout).not.toContain("Obiageli Oldest");

    const found = await admin.client.get("/admin/chat-customers?q=obiageli");
    expect(found.status).toBe(200);
    expect(found.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await found.json()).toEqual({
      customers: [{ id: old.id, name: "Obiageli Oldest", email: old.email }],
    });

    const many = (await (await admin.client.get("/admin/chat-customers?q=newer")).json()) as {
      customers: unknown[];
    };
    expect(many.customers).toHaveLength(20);

    const byIds = (await (
      await admin.client.get(`/admin/chat-customers?ids=${old.id},${admin.id},nobody`)
    ).json()) as { customers: { id: string }[] };
    expect(byIds.customers.map((c) => c.id)).toEqual([old.id]);

    expect((await old.client.get("/admin/chat-customers?q=a")).status).toBe(403);
    expect((await new Client().get("/admin/chat-customers?q=a")).status).toBe(302);
  });
});
