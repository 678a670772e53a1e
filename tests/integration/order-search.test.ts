/** Admin order search: reference, phone, e-mail, name; status, payment, Lagos dates; the CSV export. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NAME_MATCHES_TO_SORT } from "~/models/order-search.server";
import {
  bearer,
  Client,
  DEMO,
  GOOD_DETAILS,
  html,
  placeOrder,
  readCsv,
  seedProducts,
  signUp,
} from "./helpers";

/** The export's rows after its header, each a list of cells. */
async function csvRows(client: Client, query: string): Promise<string[][]> {
  const res = await client.get(`/admin/orders.csv${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="medistore-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  return readCsv(await res.text()).slice(1);
}

describe("admin › orders CSV with filters", () => {
  it("filters by reference, phone, e-mail, name, status, payment and Lagos dates", async () => {
    const admin = await signUp("Pharm. Export Admin", "admin");
    const [product] = await seedProducts([DEMO[1]]);
    const kano = await placeOrder(product.id, {
      details: { ...GOOD_DETAILS, name: "=Aminu Kano", email: "aminu@example.com", phone: "0802 000 1111" },
    });
    const ebonyi = await placeOrder(product.id, {
      details: {
        ...GOOD_DETAILS,
        name: "Chinedu Nwafor",
        email: "chinedu@example.com",
        phone: "0803 000 2222",
      },
    });
    await env.DB.prepare(
      "UPDATE orders SET payment_status = 'paid', delivery_status = 'Shipped' WHERE id = ?",
    )
      .bind(ebonyi.id)
      .run();
    // 23:30 on 1 March in Lagos is 22:30 UTC: it belongs to 1 March, not 2 March.
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(Date.parse("2026-03-01T22:30:00Z"), kano.id)
      .run();

    const all = await csvRows(admin.client, "");
    expect(all).toHaveLength(2);
    expect(all.find((r) => r[0] === kano.orderRef)).toContain(`'=Aminu Kano`);
    expect(all.find((r) => r[0] === ebonyi.orderRef)).toContain("Paracetamol 500mg Tablets x 1");

    const one = async (query: string) => (await csvRows(admin.client, query)).map((r) => r[0]);
    expect(await one(`?q=${kano.orderRef.toLowerCase()}`)).toEqual([kano.orderRef]);
    expect(await one(`?q=${kano.orderRef.slice(3)}`)).toEqual([kano.orderRef]);
    expect(await one("?q=%2B2348030002222")).toEqual([ebonyi.orderRef]);
    expect(await one("?q=08030002222")).toEqual([ebonyi.orderRef]);
    expect(await one("?q=AMINU%40example.com")).toEqual([kano.orderRef]);
    expect(await one("?q=nwaf")).toEqual([ebonyi.orderRef]);
    expect(await one("?q=%25")).toEqual([]);
    expect(await one("?status=Shipped")).toEqual([ebonyi.orderRef]);
    expect(await one("?paymentStatus=unpaid")).toEqual([kano.orderRef]);
    expect(await one("?from=2026-03-01&to=2026-03-01")).toEqual([kano.orderRef]);
    expect(await one("?from=2026-03-02&to=2026-03-02")).toEqual([]);
    // The API and the page take the same filters.
    const api = await new Client().get("/api/orders/all-orders?q=nwaf&status=Shipped", {
      Authorization: `Bearer ${admin.token}`,
    });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { orderRef: string }[]).map((o) => o.orderRef)).toEqual([ebonyi.orderRef]);
    const page = await (await admin.client.get("/admin/orders?paymentStatus=unpaid")).text();
    expect(page).toContain(kano.orderRef);
    expect(page).not.toContain(ebonyi.orderRef);
    expect(page).toContain('href="/admin/orders.csv?paymentStatus=unpaid"');
    // Junk filters are ignored, never an error.
    expect(await one("?status=Lost&paymentStatus=maybe&from=2026-02-31&to=yesterday")).toHaveLength(2);
  });

  it("opens cleanly in a spreadsheet: every cell quoted, formulas defused, phones without an apostrophe", async () => {
    const admin = await signUp("Pharm. Sheet Admin", "admin");
    const [product] = await seedProducts([{ ...DEMO[1], name: 'Paracetamol "Extra"; 500mg, 20s' }]);
    const order = await placeOrder(product.id, {
      details: {
        ...GOOD_DETAILS,
        name: 'Okafor; Ngozi "Ngo", Jr',
        phone: "+234 803 123 4567",
        deliveryAddress: "5 Ogoja Road;\nAbakaliki, Ebonyi",
      },
    });
    await placeOrder(product.id, {
      details: { ...GOOD_DETAILS, name: "@SUM(1+1)*cmd", phone: "08030002222" },
    });
    const res = await admin.client.get("/admin/orders.csv");
    // Read as bytes: text() would drop the byte order mark that tells Excel the file is UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    // A byte order mark, then quoted cells only, each followed by a comma or the end of its line.
    expect(text).toMatch(/^\uFEFF(?:"(?:[^"]|"")*"(?:,|\r\n))+$/);
    const [header, ...rows] = readCsv(text);
    expect(rows.every((row) => row.length === header.length)).toBe(true);
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    const ours = rows.find((row) => cell(row, "Reference") === order.orderRef)!;
    expect(cell(ours, "Name")).toBe('Okafor; Ngozi "Ngo", Jr');
    expect(cell(ours, "Address")).toBe("5 Ogoja Road;\nAbakaliki, Ebonyi");
    expect(cell(ours, "Items")).toBe('Paracetamol "Extra"; 500mg, 20s x 1');
    expect(cell(ours, "Phone")).toBe("0803 123 4567");
    expect(cell(ours, "Status")).toBe("Pending");
    expect(cell(ours, "Payment method")).toBe("Pay on delivery (cash or card on the rider’s POS)");
    expect(cell(ours, "Payment status")).toBe("Not paid");
    const risky = rows.find((row) => cell(row, "Reference") !== order.orderRef)!;
    expect(cell(risky, "Name")).toBe("'@SUM(1+1)*cmd");
    expect(cell(risky, "Phone")).toBe("0803 000 2222");
    expect(text).not.toContain("'0803");
  });

  it("is for admins only", async () => {
    const customer = await signUp("Csv Customer");
    expect((await customer.client.get("/admin/orders.csv")).status).toBe(403);
    expect((await new Client().get("/admin/orders.csv")).status).toBe(302);
  });
});

describe("admin › orders name search (trigram index)", () => {
  it("finds a name by any part of 3+ letters, follows renames, and takes quotes and short terms", async () => {
    const admin = await signUp("Pharm. Search Admin", "admin");
    const [product] = await seedProducts([DEMO[1]]);
    const order = await placeOrder(product.id, { details: { ...GOOD_DETAILS, name: 'Ngozi "Ngo" Eze' } });
    const refs = async (q: string) =>
      (await csvRows(admin.client, `?q=${encodeURIComponent(q)}`)).map((r) => r[0]);
    for (const q of ["ngozi", "GOZI", 'zi "Ngo" E', 'i "N', "Ez", "e"])
      expect(await refs(q)).toEqual([order.orderRef]);
    expect(await refs("Obi")).toEqual([]);
    // Anonymised (a rename): the old name no longer finds it.
    await env.DB.prepare("UPDATE orders SET name = 'Deleted customer' WHERE id = ?").bind(order.id).run();
    expect(await refs("ngozi")).toEqual([]);
    expect(await refs("deleted cust")).toEqual([order.orderRef]);
  });
});

describe("admin › orders search for a name thousands share", () => {
  it("pages newest first whether it sorts a name's matches or walks the dates, on the page and the API", async () => {
    const admin = await signUp("Pharm. Common Name Admin", "admin");
    // Half the orders carry one surname, more than a page sorts; a few carry a rarer one. The dates are
    // shuffled against the order the rows were written in, and come in pairs (the id breaks the tie).
    const total = 2 * NAME_MATCHES_TO_SORT + 200;
    await env.DB.prepare(
      `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1 - 1)
       INSERT INTO orders (id, order_ref, access_token, idempotency_key, name, email, phone, delivery_address,
         total_kobo, created_at)
       SELECT printf('common-%05d', n), printf('MS-C%05d', n), printf('common-token-%05d', n),
         printf('common-key-%05d', n),
         CASE WHEN n % 2 = 0 THEN 'Chiamaka Okafor' WHEN n % 50 = 1 THEN 'Tobi Anyanwu' ELSE 'Chiamaka Bello' END,
         printf('c%d@example.com', n), '+2348030000000', '1 Ogoja Road, Abakaliki', 100000,
         1767225600000 + ((n * 7919) % ?1) / 2 * 60000
       FROM seq`,
    )
      .bind(total)
      .run();
    const expected = async (surname: string, page: number) =>
      (
        await env.DB.prepare(
          `SELECT order_ref FROM orders WHERE name LIKE ? ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET ?`,
        )
          .bind(`%${surname}`, (page - 1) * 50)
          .all<{ order_ref: string }>()
      ).results.map((r) => r.order_ref);
    const onPage = async (query: string) => {
      const page = await html(await admin.client.get(`/admin/orders${query}`));
      return { page, refs: [...page.matchAll(/<summary[^>]*>(MS-C\d{5})<\/summary>/g)].map((m) => m[1]) };
    };

    for (const [q, surname] of [
      ["Okafor", "Okafor"],
      ["anyanwu", "Anyanwu"],
    ]) {
      const first = await onPage(`?q=${q}`);
      expect(first.refs).toEqual(await expected(surname, 1));
      const second = await onPage(`?q=${q}&page=2`);
      expect(second.refs).toEqual(await expected(surname, 2));
      const api = await new Client().get(`/api/orders/all-orders?q=${q}&page=2`, bearer(admin));
      expect(((await api.json()) as { orderRef: string }[]).map((o) => o.orderRef)).toEqual(
        await expected(surname, 2),
      );
    }
    const okafor = await onPage("?q=Okafor&page=2");
    expect(okafor.refs).toHaveLength(50);
    expect(okafor.page).toContain("?q=Okafor&amp;page=3");
    // The rarer name fills no second page.
    expect((await onPage("?q=anyanwu&page=2")).refs).toEqual([]);
  });
});
