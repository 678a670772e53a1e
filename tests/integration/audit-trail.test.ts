/**
 * The audit trail (features/audit): every back-office action leaves one entry (who, when, what, on which
 * record) written in the action's own batch, a refused or failed action none; the rows cannot be changed
 * or deleted before their time; /admin/audit filters and pages them on indexes, and its CSV is recorded too.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { parseAuditFilters } from "~/lib/audit";
import { sql } from "drizzle-orm";
import { auditD1Statement, auditQuery } from "~/models/audit.server";
import {
  bearer,
  Client,
  DEMO,
  html,
  imageForm,
  placeOrder,
  PNG_BYTES,
  seedProducts,
  signUp,
  signUpPharmacist,
  signUpSuperintendent,
} from "./helpers";

type Entry = {
  actor_id: string;
  actor_role: string;
  action: string;
  record_type: string;
  record_id: string;
  detail: string;
};

/** The entries written since `afterId`, oldest first. */
async function entriesAfter(afterId: number): Promise<Entry[]> {
  const rows = await env.DB.prepare(
    "SELECT actor_id, actor_role, action, record_type, record_id, detail FROM audit_log WHERE id > ? ORDER BY id",
  )
    .bind(afterId)
    .all<Entry>();
  return rows.results;
}

const lastId = async () =>
  (await env.DB.prepare("SELECT coalesce(max(id), 0) AS id FROM audit_log").first<{ id: number }>())!.id;

function productForm(fields: Record<string, string>, image: Uint8Array | null = PNG_BYTES) {
  const form = image ? imageForm(image, "photo.png") : new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** A minimal RFC 4180 reader: quoted cells with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("every back-office action leaves one entry", () => {
  it("admins, PCN numbers, reset links, products, prescription views and downloads", async () => {
    const boss = await signUpSuperintendent();
    const staff = await signUp("Kemi Staff", "admin");
    const customer = await signUp("Uche Customer");
    const start = await lastId();

    // Admins and their roles.
    expect(
      (
        await boss.client.post("/admin/admins", {
          email: "made.pharm@example.com",
          name: "Pharm. Made",
          password: "a-strong-passphrase",
          pcnNumber: "PS-700001",
        })
      ).status,
    ).toBe(302);
    const made = (await env.DB.prepare("SELECT id FROM users WHERE email = 'made.pharm@example.com'").first<{
      id: string;
    }>())!.id;
    const api = await new Client().postJson(
      "/api/admins",
      { email: "api.staff@example.com", password: "a-strong-passphrase" },
      bearer(staff),
    );
    const apiStaff = ((await api.json()) as { admin: { _id: string } }).admin._id;
    const grant = { intent: "grant-pcn", adminId: staff.id, pcnNumber: "PS-700002" };
    expect((await boss.client.post("/admin/admins", grant)).status).toBe(302);
    expect(
      (await boss.client.post("/admin/admins", { intent: "remove-pcn", adminId: staff.id })).status,
    ).toBe(302);
    expect((await boss.client.post("/admin/admins", { intent: "remove-admin", adminId: made })).status).toBe(
      302,
    );
    // Reset links.
    expect((await staff.client.post("/admin/users", { userId: customer.id })).status).toBe(200);
    expect((await boss.client.post("/admin/users", { userId: apiStaff })).status).toBe(200);

    // Products: page and API, added, changed, deleted.
    const added = await staff.client.postMultipart(
      "/admin/products",
      productForm({ name: "Lonart DS Tablets", category: "Anti-Malaria", price: "3000" }),
    );
    expect(added.status).toBe(302);
    const byPage = (await env.DB.prepare("SELECT id FROM products WHERE name = 'Lonart DS Tablets'").first<{
      id: number;
    }>())!.id;
    const viaApi = await new Client().postMultipart(
      "/api/products",
      productForm({ name: "Emzor Paracetamol", category: "Analgesics", price: "500" }),
      bearer(staff),
    );
    const byApi = ((await viaApi.json()) as { product: { _id: number } }).product._id;
    const edited = await staff.client.postMultipart(
      `/admin/products/${byPage}`,
      productForm({ name: "Lonart DS Tablets", category: "Anti-Malaria", price: "3200" }, null),
    );
    expect(edited.status).toBe(302);
    const patched = await new Client().fetch(`/api/products/${byApi}`, {
      method: "PATCH",
      body: JSON.stringify({ stock: 12 }),
      headers: { "Content-Type": "application/json", ...bearer(staff) },
    });
    expect(patched.status).toBe(200);
    expect((await staff.client.post(`/admin/products/${byPage}/delete`, {})).status).toBe(302);
    const deleted = await new Client().fetch(`/api/products/${byApi}`, {
      method: "DELETE",
      headers: bearer(staff),
    });
    expect(deleted.status).toBe(200);

    // A prescription viewed, and the two downloads.
    const upload = await customer.client.postMultipart(
      "/dashboard",
      imageForm(PNG_BYTES, "rx.png", { consent: "yes", intent: "upload-prescription" }),
    );
    expect(upload.status).toBe(302);
    const rx = (await env.DB.prepare("SELECT id FROM prescriptions WHERE user_id = ?")
      .bind(customer.id)
      .first<{
        id: string;
      }>())!.id;
    expect((await staff.client.get(`/prescriptions/${rx}/image`)).status).toBe(200);
    expect((await staff.client.get("/admin/orders.csv?status=Pending")).status).toBe(200);
    expect((await boss.client.get("/admin/audit.csv?action=product_deleted")).status).toBe(200);

    const bossRole = { actor_id: boss.id, actor_role: "superintendent" };
    const staffRole = { actor_id: staff.id, actor_role: "staff" };
    expect(await entriesAfter(start)).toEqual([
      {
        ...bossRole,
        action: "admin_created",
        record_type: "account",
        record_id: made,
        detail: "made.pharm@example.com, pharmacist with PCN PS-700001",
      },
      {
        ...staffRole,
        action: "admin_created",
        record_type: "account",
        record_id: apiStaff,
        detail: "api.staff@example.com, staff",
      },
      {
        ...bossRole,
        action: "pcn_granted",
        record_type: "account",
        record_id: staff.id,
        detail: "PCN PS-700002",
      },
      // The grant applied at once: the staff admin was a pharmacist until the next line.
      { ...bossRole, action: "pcn_removed", record_type: "account", record_id: staff.id, detail: "" },
      { ...bossRole, action: "admin_removed", record_type: "account", record_id: made, detail: "" },
      {
        ...staffRole,
        action: "reset_link_issued",
        record_type: "account",
        record_id: customer.id,
        detail: "customer account",
      },
      {
        ...bossRole,
        action: "reset_link_issued",
        record_type: "account",
        record_id: apiStaff,
        detail: "admin account",
      },
      {
        ...staffRole,
        action: "product_created",
        record_type: "product",
        record_id: String(byPage),
        detail: "Lonart DS Tablets, ₦3,000.00",
      },
      {
        ...staffRole,
        action: "product_created",
        record_type: "product",
        record_id: String(byApi),
        detail: "Emzor Paracetamol, ₦500.00",
      },
      {
        ...staffRole,
        action: "product_updated",
        record_type: "product",
        record_id: String(byPage),
        detail: "price ₦3,000.00 → ₦3,200.00",
      },
      {
        ...staffRole,
        action: "product_updated",
        record_type: "product",
        record_id: String(byApi),
        detail: "stock none → 12",
      },
      {
        ...staffRole,
        action: "product_deleted",
        record_type: "product",
        record_id: String(byPage),
        detail: "Lonart DS Tablets",
      },
      {
        ...staffRole,
        action: "product_deleted",
        record_type: "product",
        record_id: String(byApi),
        detail: "Emzor Paracetamol",
      },
      {
        ...staffRole,
        action: "prescription_viewed",
        record_type: "prescription",
        record_id: rx,
        detail: "prescription page",
      },
      {
        ...staffRole,
        action: "export_downloaded",
        record_type: "export",
        record_id: "orders.csv",
        detail: "status=Pending",
      },
      {
        ...bossRole,
        action: "export_downloaded",
        record_type: "export",
        record_id: "audit.csv",
        detail: "action=product_deleted",
      },
    ]);
  });

  it("a refused or failed action records nothing", async () => {
    const boss = await signUpSuperintendent();
    const pharmacist = await signUpPharmacist("Pharm. Bola", "PS-700010");
    const staff = await signUp("Kemi Staff", "admin");
    const start = await lastId();
    const refused = [
      // Taken PCN number (the batch fails on the unique index, its entry with it).
      await boss.client.post("/admin/admins", {
        intent: "grant-pcn",
        adminId: staff.id,
        pcnNumber: "PS-700010",
      }),
      // Not the superintendent.
      await staff.client.post("/admin/admins", {
        intent: "grant-pcn",
        adminId: pharmacist.id,
        pcnNumber: "PS-1",
      }),
      await staff.client.post("/admin/admins", {
        email: "x@example.com",
        name: "X",
        password: "a-strong-passphrase",
        pcnNumber: "PS-700011",
      }),
      await staff.client.post("/admin/users", { userId: pharmacist.id }),
      // Nobody to act on.
      await boss.client.post("/admin/admins", { intent: "remove-admin", adminId: "no-such-account" }),
      await boss.client.post("/admin/users", { userId: "no-such-account" }),
      await staff.client.post("/admin/products/999999/delete", {}),
      await new Client().fetch("/api/products/999999", { method: "DELETE", headers: bearer(staff) }),
      await staff.client.get("/admin/audit.csv"),
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 403, 403, 403, 404, 404, 302, 404, 403]);
    expect(await entriesAfter(start)).toEqual([]);
  });
});

describe("order changes in the back office", () => {
  it("a review decision, a status change and a payment change each leave one entry; a refused one none", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const order = await placeOrder(product.id);
    // As if the order held a prescription-only medicine (the review's own rules are tested elsewhere).
    await env.DB.prepare("UPDATE orders SET review_status = 'pending' WHERE id = ?").bind(order.id).run();
    const pharmacist = await signUpPharmacist("Pharm. Bola", "PS-700020");
    const staff = await signUp("Kemi Staff", "admin");
    const start = await lastId();

    const reviewed = await new Client().postJson(
      `/api/orders/${order.id}/review`,
      { decision: "approved", note: "Dose checked" },
      bearer(pharmacist),
    );
    expect(reviewed.status).toBe(200);
    expect(
      (await staff.client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Processing" })).status,
    ).toBe(302);
    const paid = await new Client().fetch(`/api/orders/${order.id}`, {
      method: "PUT",
      headers: { ...bearer(staff), "Content-Type": "application/json" },
      body: JSON.stringify({ paymentStatus: "paid" }),
    });
    expect(paid.status).toBe(200);
    // Asking for what the order already is changes nothing and records nothing.
    expect(
      (await staff.client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Processing" })).status,
    ).toBe(302);
    expect(
      (
        await staff.client.post("/admin/orders", {
          orderId: order.id,
          deliveryStatus: "Cancelled",
          confirmed: "yes",
        })
      ).status,
    ).toBe(302);
    // A refused change (a cancelled order's status and payment stay as they are) records nothing.
    const refused = await new Client().fetch(`/api/orders/${order.id}`, {
      method: "PUT",
      headers: { ...bearer(staff), "Content-Type": "application/json" },
      body: JSON.stringify({ deliveryStatus: "Pending", paymentStatus: "unpaid" }),
    });
    expect(refused.status).toBe(409);

    const record = { record_type: "order", record_id: order.id };
    expect(await entriesAfter(start)).toEqual([
      {
        actor_id: pharmacist.id,
        actor_role: "pharmacist",
        action: "review_decided",
        ...record,
        detail: "approved: Dose checked",
      },
      {
        actor_id: staff.id,
        actor_role: "staff",
        action: "order_status_changed",
        ...record,
        detail: "Pending → Processing",
      },
      {
        actor_id: staff.id,
        actor_role: "staff",
        action: "order_payment_changed",
        ...record,
        detail: "unpaid → paid",
      },
      {
        actor_id: staff.id,
        actor_role: "staff",
        action: "order_status_changed",
        ...record,
        detail: "Processing → Cancelled",
      },
    ]);
  });
});

describe("an entry joins any batch", () => {
  it("as a statement of a plain D1 batch, written only when its condition holds at its place", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const db = createDb(env.DB);
    const entry = (onlyIf: ReturnType<typeof sql>) =>
      auditD1Statement(db, {
        actor: { id: "d1-batch-admin", name: "Pharm. Batch", role: "pharmacist" },
        action: "order_status_changed",
        record: { type: "product", id: String(product.id) },
        detail: "Pending → Processing",
        keepForMs: 400 * 24 * 60 * 60 * 1000,
        onlyIf,
      });
    const exists = sql`EXISTS (SELECT 1 FROM products WHERE id = ${product.id} AND stock IS NULL)`;
    await env.DB.batch([
      entry(exists),
      env.DB.prepare("UPDATE products SET stock = 3 WHERE id = ?").bind(product.id),
      // Its condition no longer holds at its place in the batch: nothing is written.
      entry(exists),
    ]);
    const rows = await env.DB.prepare(
      "SELECT actor_role, action, record_id, detail FROM audit_log WHERE actor_id = 'd1-batch-admin'",
    ).all();
    expect(rows.results).toEqual([
      {
        actor_role: "pharmacist",
        action: "order_status_changed",
        record_id: String(product.id),
        detail: "Pending → Processing",
      },
    ]);
  });
});

describe("the trail is append-only", () => {
  it("no row changes, none goes before its time, none is written to go early", async () => {
    const boss = await signUpSuperintendent();
    await boss.client.get("/admin/orders.csv");
    const id = await lastId();
    await expect(
      env.DB.prepare("UPDATE audit_log SET actor_name = 'Someone else' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/audit_log_append_only/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE id = ?").bind(id).run()).rejects.toThrow(
      /audit_log_append_only/,
    );
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/audit_log_append_only/);
    const now = Date.now();
    await expect(
      env.DB.prepare(
        `INSERT INTO audit_log (actor_id, actor_name, actor_role, action, record_type, record_id, created_at, keep_until)
         VALUES ('x', 'X', 'staff', 'product_deleted', 'product', '1', ?, ?)`,
      )
        .bind(now, now + 1000)
        .run(),
    ).rejects.toThrow(/audit_log_kept_a_year/);
    const row = await env.DB.prepare(
      "SELECT actor_id, keep_until - created_at AS kept FROM audit_log WHERE id = ?",
    )
      .bind(id)
      .first<{ actor_id: string; kept: number }>();
    // Kept for the order-record period (ORDER_RECORD_YEARS, a year being 365.25 days).
    expect(row).toEqual({
      actor_id: boss.id,
      kept: Math.round(Number(env.ORDER_RECORD_YEARS) * 365.25 * 24 * 60 * 60 * 1000),
    });
  });
});

describe("/admin/audit", () => {
  /** 60 entries: two admins, two actions, a day apart around 1–3 March 2026 (Lagos). */
  async function seedEntries() {
    const at = (day: number, hour: number) => Date.UTC(2026, 2, day, hour - 1);
    const year = 400 * 24 * 60 * 60 * 1000;
    const statements = Array.from({ length: 60 }, (_, n) =>
      env.DB.prepare(
        `INSERT INTO audit_log (actor_id, actor_name, actor_role, action, record_type, record_id, detail, created_at, keep_until)
         VALUES (?, ?, 'staff', ?, ?, ?, ?, ?, ?)`,
      ).bind(
        n % 2 ? "actor-b" : "actor-a",
        n % 2 ? "Bola Staff" : "Ada Staff",
        n % 3 ? "product_updated" : "export_downloaded",
        n % 3 ? "product" : "export",
        n % 3 ? `p-${n}` : "orders.csv",
        `entry ${n}`,
        at(1 + (n % 3), 10) + n,
        at(1 + (n % 3), 10) + n + year,
      ),
    );
    await env.DB.batch(statements);
  }

  const details = (page: string) => [...page.matchAll(/>entry (\d+)</g)].map((m) => Number(m[1]));

  it("filters by admin, action, record and Lagos dates, 50 a page, newest first", async () => {
    const boss = await signUpSuperintendent();
    await seedEntries();
    const get = async (query: string) => html(await boss.client.get(`/admin/audit${query}`));

    const first = await get("?actor=actor-a&actor=ignored");
    expect(details(first)).toEqual(
      Array.from({ length: 30 }, (_, i) => i * 2).sort((a, b) => (b % 3) - (a % 3) || b - a),
    );
    const all = await get("?from=2026-03-01&to=2026-03-03");
    expect(details(all)).toHaveLength(50);
    expect(all).toContain("Older →");
    const second = await get("?from=2026-03-01&to=2026-03-03&page=2");
    expect(details(second)).toHaveLength(10);
    expect(new Set([...details(all), ...details(second)]).size).toBe(60);
    expect(details(await get("?action=export_downloaded&to=2026-03-01"))).toEqual(
      Array.from({ length: 60 }, (_, n) => n)
        .filter((n) => n % 3 === 0)
        .reverse(),
    );
    expect(details(await get("?recordId=p-7"))).toEqual([7]);
    expect(details(await get("?recordType=product&from=2026-03-03"))).toEqual(
      Array.from({ length: 60 }, (_, n) => n)
        .filter((n) => n % 3 === 2)
        .reverse(),
    );
    // Junk filters are dropped, never an error.
    expect(
      details(await get("?action=drop%20table&from=2026-02-31&to=2026-03-03&recordId=%00")),
    ).toHaveLength(50);
  });

  it("each filter reads an index, never the whole table", async () => {
    const db = createDb(env.DB);
    for (const query of [
      "",
      "actor=a",
      "action=admin_created",
      "recordId=x",
      "recordType=order",
      "from=2026-01-01&to=2026-01-31",
      "actor=a&action=admin_created&from=2026-01-01",
    ]) {
      const { sql, params } = auditQuery(db, parseAuditFilters(new URLSearchParams(query)), {
        limit: 51,
      }).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const steps = plan.results.map((r) => r.detail).join(" | ");
      expect(steps, query).toMatch(/USING INDEX audit_log_/);
      expect(steps, query).not.toMatch(/SCAN audit_log(?! USING)/);
      expect(steps, query).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("the CSV: every entry of the filters, cells quoted as spreadsheets read them, formulas neutralised", async () => {
    const boss = await signUpSuperintendent();
    // A name that a spreadsheet would run as a formula, with a comma and quotes for the quoting.
    const formula = '=HYPERLINK("http://evil.example","Pharm")';
    await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(formula, boss.id).run();
    const { id: target, email: targetEmail } = await signUp("Target Admin", "admin");
    expect(
      (
        await boss.client.post("/admin/admins", {
          intent: "grant-pcn",
          adminId: target,
          pcnNumber: "PS-700020",
        })
      ).status,
    ).toBe(302);
    const res = await boss.client.get(`/admin/audit.csv?actor=${boss.id}`);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="medistore-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([
      "When (Lagos)",
      "Admin",
      "Admin id",
      "Role",
      "Action",
      "Record",
      "Record id",
      "Detail",
      "Record now",
    ]);
    // The download itself is the newest entry, so it is in the file it makes.
    expect(rows.slice(1).map((r) => r.slice(4))).toEqual([
      ["Export downloaded", "Export", "audit.csv", `actor=${boss.id}`, ""],
      ["PCN number given", "Account", target, "PCN PS-700020", `Target Admin (${targetEmail})`],
    ]);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(9);
      expect(row[1]).not.toMatch(/^[=+\-@]/);
      expect(row[1]).toContain(formula.slice(1));
      expect(row[3]).toBe("Superintendent pharmacist");
    }
  });
});
