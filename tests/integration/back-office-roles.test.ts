/**
 * The back office's roles (app/lib/admin-roles.ts), for each of superintendent pharmacist, pharmacist,
 * staff, customer and guest, through the built Worker: who adds admins and who makes pharmacists, who
 * removes them, who issues reset links for whom, who reads the audit trail and who reviews prescriptions.
 * The role is read from the account on every request, so a change applies to sessions already open.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NOT_ALLOWED } from "~/lib/admin-roles";
import {
  bearer,
  Client,
  DEMO,
  html,
  placeOrder,
  seedProducts,
  signUp,
  signUpPharmacist,
  signUpSuperintendent,
  SUPERINTENDENT_PCN,
  type TestUser,
} from "./helpers";

const WHO = ["superintendent", "pharmacist", "staff", "customer", "guest"] as const;
type Who = (typeof WHO)[number];

type Cast = Record<Exclude<Who, "guest">, TestUser>;

let pcnCounter = 100;
const freshPcn = () => `PS-${String(++pcnCounter).padStart(6, "0")}`;

/** One of each signed-in role. */
async function cast(): Promise<Cast> {
  return {
    superintendent: await signUpSuperintendent(),
    pharmacist: await signUpPharmacist("Pharm. Bola Ade", freshPcn()),
    staff: await signUp("Kemi Staff", "admin"),
    customer: await signUp("Uche Customer"),
  };
}

/** The client (cookie session) a role uses; a guest's has no session. */
const pageClient = (people: Cast, who: Who) => (who === "guest" ? new Client() : people[who].client);
/** The Authorization header a role sends to the API; a guest sends none. */
const apiHeaders = (people: Cast, who: Who) => (who === "guest" ? {} : bearer(people[who]));

const userRow = (email: string) =>
  env.DB.prepare("SELECT id, role, pcn_number FROM users WHERE email = ?")
    .bind(email.toLowerCase())
    .first<{ id: string; role: string; pcn_number: string | null }>();

let emailCounter = 0;
const newEmail = (who: string) => `new-${who}-${++emailCounter}@example.com`;

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("adding admins: anyone in the back office adds staff; only the superintendent makes pharmacists", () => {
  it("POST /api/admins", async () => {
    const people = await cast();
    const staffAdmin: Record<Who, number> = {
      superintendent: 201,
      pharmacist: 201,
      staff: 201,
      customer: 403,
      guest: 401,
    };
    const withPcn: Record<Who, number> = {
      superintendent: 201,
      pharmacist: 403,
      staff: 403,
      customer: 403,
      guest: 401,
    };
    for (const who of WHO) {
      const staffEmail = newEmail(who);
      const res = await new Client().postJson(
        "/api/admins",
        { email: staffEmail, password: "a-strong-passphrase", name: "New Staff" },
        apiHeaders(people, who),
      );
      expect(res.status, `${who} adds staff`).toBe(staffAdmin[who]);
      expect(Boolean(await userRow(staffEmail)), who).toBe(staffAdmin[who] === 201);

      const pharmEmail = newEmail(who);
      const pcn = freshPcn();
      const pharm = await new Client().postJson(
        "/api/admins",
        { email: pharmEmail, password: "a-strong-passphrase", name: "Pharm. New", pcnNumber: pcn },
        apiHeaders(people, who),
      );
      expect(pharm.status, `${who} adds a pharmacist`).toBe(withPcn[who]);
      if (who === "pharmacist" || who === "staff") {
        expect(await message(pharm)).toBe(`pcnNumber: ${NOT_ALLOWED.setPcnNumber}`);
      }
      expect(await userRow(pharmEmail)).toEqual(
        withPcn[who] === 201 ? expect.objectContaining({ role: "admin", pcn_number: pcn }) : null,
      );
    }
  });

  it("the Admins page: a PCN number from anyone but the superintendent is refused with the reason, typed values kept", async () => {
    const people = await cast();
    for (const who of ["pharmacist", "staff"] as const) {
      const email = newEmail(who);
      const res = await people[who].client.post("/admin/admins", {
        email,
        name: "Pharm. Would Be",
        password: "a-strong-passphrase",
        pcnNumber: freshPcn(),
      });
      expect(res.status, who).toBe(403);
      const page = await html(res);
      expect(page).toContain(`Error creating admin: ${NOT_ALLOWED.setPcnNumber}`.replace(/'/g, "&#x27;"));
      expect(page).toContain(`value="${email}"`);
      expect(await userRow(email)).toBeNull();
      // The same form without a PCN number adds a staff admin.
      const staff = await people[who].client.post("/admin/admins", {
        email,
        name: "Plain Staff",
        password: "a-strong-passphrase",
      });
      expect(staff.status, who).toBe(302);
      expect(await userRow(email)).toMatchObject({ role: "admin", pcn_number: null });
    }
    const pcn = freshPcn();
    const email = newEmail("super");
    const made = await people.superintendent.client.post("/admin/admins", {
      email,
      name: "Pharm. Made",
      password: "a-strong-passphrase",
      pcnNumber: pcn.toLowerCase(),
    });
    expect(made.status).toBe(302);
    expect(await userRow(email)).toMatchObject({ role: "admin", pcn_number: pcn });
  });

  it("the page offers role controls to the superintendent only", async () => {
    const people = await cast();
    const superPage = await html(await people.superintendent.client.get("/admin/admins"));
    expect(superPage).toContain("Make pharmacist");
    expect(superPage).toContain("Remove PCN number");
    expect(superPage).toContain("Remove admin access");
    expect(superPage).toContain("Superintendent pharmacist");
    for (const who of ["pharmacist", "staff"] as const) {
      const page = await html(await people[who].client.get("/admin/admins"));
      expect(page, who).not.toContain("Make pharmacist");
      expect(page, who).not.toContain("Remove admin access");
      expect(page, who).toContain("Only the superintendent pharmacist");
    }
  });
});

describe("making, unmaking and removing admins: the superintendent's alone", () => {
  const post = (client: Client, intent: string, adminId: string, pcnNumber = "") =>
    client.post("/admin/admins", { intent, adminId, pcnNumber });

  it("others are refused and nothing changes", async () => {
    const people = await cast();
    const target = await signUp("Target Staff", "admin");
    for (const who of ["pharmacist", "staff", "customer", "guest"] as const) {
      const client = pageClient(people, who);
      for (const [intent, pcn] of [
        ["grant-pcn", freshPcn()],
        ["remove-pcn", ""],
        ["remove-admin", ""],
      ]) {
        const res = await post(client, intent, target.id, pcn);
        expect(res.status, `${who} ${intent}`).toBe(who === "guest" ? 302 : 403);
        if (who === "pharmacist" || who === "staff") {
          const page = await html(res);
          expect(page).toContain(
            (intent === "remove-admin" ? NOT_ALLOWED.removeAdmin : NOT_ALLOWED.setPcnNumber).replace(
              /'/g,
              "&#x27;",
            ),
          );
        }
      }
    }
    expect(await userRow(target.email)).toMatchObject({ role: "admin", pcn_number: null });
  });

  it("the superintendent's changes apply to the admin's open sessions at once", async () => {
    const people = await cast();
    const [product] = await seedProducts([DEMO[0]]);
    const order = await placeOrder(product.id);
    const target = await signUp("Soon Pharmacist", "admin");
    const review = () =>
      new Client().postJson(
        `/api/orders/${order.id}/review`,
        { decision: "approved", note: "" },
        bearer(target),
      );
    // Staff: not a pharmacist.
    expect((await review()).status).toBe(403);

    const pcn = freshPcn();
    const granted = await post(
      people.superintendent.client,
      "grant-pcn",
      target.id,
      ` ${pcn.toLowerCase()} `,
    );
    expect(granted.status).toBe(302);
    expect(await userRow(target.email)).toMatchObject({ pcn_number: pcn });
    // A pharmacist now, in the same session: past the role check (an order without prescription items).
    expect((await review()).status).toBe(409);

    const removed = await post(people.superintendent.client, "remove-pcn", target.id);
    expect(removed.status).toBe(302);
    expect(await userRow(target.email)).toMatchObject({ pcn_number: null });
    expect((await review()).status).toBe(403);

    const gone = await post(people.superintendent.client, "remove-admin", target.id);
    expect(gone.status).toBe(302);
    expect(await userRow(target.email)).toMatchObject({ role: "user", pcn_number: null });
    // Signed out everywhere: the token is dead, the page session too.
    expect((await review()).status).toBe(401);
    expect((await target.client.get("/admin")).status).toBe(302);
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?")
      .bind(target.id)
      .first<{ n: number }>();
    expect(sessions!.n).toBe(0);
  });

  it("an admin demoted while signed in loses the back office at once: its pages and API read nothing for them", async () => {
    // Back-office reads start beside the session lookup; the role the lookup reads still decides.
    const staff = await signUp("Demoted Staff", "admin");
    const customer = await signUp("Listed Customer");
    const before = await staff.client.get(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain(customer.email);
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(staff.id).run();
    const page = await staff.client.get(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(customer.email);
    const api = await new Client().get("/api/users", bearer(staff));
    expect(api.status).toBe(403);
    expect(await api.text()).not.toContain(customer.email);
    // Deleted outright: the session goes with the account.
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(staff.id).run();
    expect((await new Client().get("/api/users", bearer(staff))).status).toBe(401);
  });

  it("a PCN number belongs to one account: the form says so, and the database refuses a second holder", async () => {
    const people = await cast();
    const target = await signUp("Another Staff", "admin");
    const pharmacistPcn = (await userRow(people.pharmacist.email))!.pcn_number!;
    for (const taken of [pharmacistPcn, pharmacistPcn.toLowerCase(), SUPERINTENDENT_PCN]) {
      const res = await post(people.superintendent.client, "grant-pcn", target.id, taken);
      expect(res.status, taken).toBe(409);
      expect(await html(res)).toContain("That PCN number already belongs to another admin.");
    }
    const api = await new Client().postJson(
      "/api/admins",
      { email: newEmail("dup"), password: "a-strong-passphrase", pcnNumber: pharmacistPcn },
      bearer(people.superintendent),
    );
    expect(api.status).toBe(409);
    expect(await userRow(target.email)).toMatchObject({ pcn_number: null });
    await expect(
      env.DB.prepare("UPDATE users SET pcn_number = ? WHERE id = ?").bind(pharmacistPcn, target.id).run(),
    ).rejects.toThrow(/UNIQUE constraint failed: users\.pcn_number/);
  });

  it("the superintendent cannot unmake or remove themselves, nor touch a customer's account", async () => {
    const people = await cast();
    for (const [intent, pcn] of [
      ["remove-pcn", ""],
      ["grant-pcn", freshPcn()],
      ["remove-admin", ""],
    ]) {
      const self = await post(people.superintendent.client, intent, people.superintendent.id, pcn);
      expect(self.status, intent).toBe(404);
      const customer = await post(people.superintendent.client, intent, people.customer.id, pcn);
      expect(customer.status, intent).toBe(404);
    }
    expect(await userRow(people.superintendent.email)).toMatchObject({
      role: "admin",
      pcn_number: SUPERINTENDENT_PCN,
    });
    expect(await userRow(people.customer.email)).toMatchObject({ role: "user", pcn_number: null });
  });
});

describe("reset links: customers' from any admin, admins' from the superintendent only", () => {
  it("Admin › Users", async () => {
    const people = await cast();
    const someAdmin = await signUp("Reset Target Admin", "admin");
    const someCustomer = await signUp("Reset Target Customer");
    const forCustomer: Record<Who, number> = {
      superintendent: 200,
      pharmacist: 200,
      staff: 200,
      customer: 403,
      guest: 302,
    };
    const forAdmin: Record<Who, number> = { ...forCustomer, pharmacist: 403, staff: 403 };
    const links = async (userId: string) =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM password_resets WHERE user_id = ?")
        .bind(userId)
        .first<{ n: number }>())!.n;
    for (const who of WHO) {
      const client = pageClient(people, who);
      const customer = await client.post("/admin/users", { userId: someCustomer.id });
      expect(customer.status, `${who} → customer`).toBe(forCustomer[who]);
      const admin = await client.post("/admin/users", { userId: someAdmin.id });
      expect(admin.status, `${who} → admin`).toBe(forAdmin[who]);
      if (forAdmin[who] === 403 && forCustomer[who] === 200) {
        expect(await html(admin)).toContain(NOT_ALLOWED.resetAdminLink.replace(/'/g, "&#x27;"));
      }
    }
    expect(await links(someCustomer.id)).toBe(1);
    expect(await links(someAdmin.id)).toBe(1);
    // The list offers the button only where it works.
    const staffList = await html(await people.staff.client.get("/admin/users?q=Reset"));
    expect(staffList).toContain(`Issue a password reset link for ${someCustomer.email}`);
    expect(staffList).not.toContain(`Issue a password reset link for ${someAdmin.email}`);
    const superList = await html(await people.superintendent.client.get("/admin/users?q=Reset"));
    expect(superList).toContain(`Issue a password reset link for ${someAdmin.email}`);
  });
});

describe("the audit trail is the superintendent's; reviews stay with PCN holders", () => {
  it("/admin/audit, its CSV and its tab", async () => {
    const people = await cast();
    const expected: Record<Who, number> = {
      superintendent: 200,
      pharmacist: 403,
      staff: 403,
      customer: 403,
      guest: 302,
    };
    for (const who of WHO) {
      for (const path of ["/admin/audit", "/admin/audit.csv"]) {
        const res = await pageClient(people, who).get(path);
        expect(res.status, `${who} ${path}`).toBe(expected[who]);
        if (who === "pharmacist" || who === "staff") expect(await html(res)).toContain(NOT_ALLOWED.viewAudit);
      }
    }
    expect(await html(await people.superintendent.client.get("/admin"))).toContain('href="/admin/audit"');
    for (const who of ["pharmacist", "staff"] as const)
      expect(await html(await people[who].client.get("/admin"))).not.toContain('href="/admin/audit"');
  });

  it("POST /api/orders/{id}/review", async () => {
    const people = await cast();
    const [product] = await seedProducts([DEMO[0]]);
    const order = await placeOrder(product.id);
    // An order without prescription items: a PCN holder gets past the role check to the 409.
    const expected: Record<Who, number> = {
      superintendent: 409,
      pharmacist: 409,
      staff: 403,
      customer: 403,
      guest: 401,
    };
    for (const who of WHO) {
      const res = await new Client().postJson(
        `/api/orders/${order.id}/review`,
        { decision: "approved", note: "" },
        apiHeaders(people, who),
      );
      expect(res.status, who).toBe(expected[who]);
    }
  });

  it("who is superintendent follows the configured PCN number, not the account", async () => {
    const people = await cast();
    // The superintendent's number moves to another admin (as `npm run admin:create -- --pcn` would do).
    await env.DB.prepare("UPDATE users SET pcn_number = NULL WHERE id = ?")
      .bind(people.superintendent.id)
      .run();
    await env.DB.prepare("UPDATE users SET pcn_number = ? WHERE id = ?")
      .bind(SUPERINTENDENT_PCN, people.staff.id)
      .run();
    expect((await people.superintendent.client.get("/admin/audit")).status).toBe(403);
    expect((await people.staff.client.get("/admin/audit")).status).toBe(200);
  });
});
