/**
 * A local D1 state folder with 100,000 orders for the back office bench, kept between runs. The orders are
 * made in SQL, 10,000 per statement (a recursive CTE), so seeding takes seconds: four years of orders, the
 * newest the busiest; statuses by age (recent ones Pending, Processing or Shipped, older ones Delivered, a
 * few Cancelled); pay on delivery or transfer, paid or not, some with a receipt; 60,000 customers with
 * Nigerian names and phone numbers, so repeat customers share a phone; one to three lines each; a timeline
 * entry for every order that moved on.
 */
import { d1, queryRow } from "./catalogue.mjs";
import { formatCount } from "./stats.mjs";

export const BENCH_ORDERS = 100_000;
const CHUNK = 10_000;
const CUSTOMERS = 60_000;
const YEARS = 4;
/** Every bench order's id starts so (a UUID's shape; the rest is its number). */
const ID_PREFIX = "00000000-0000-4000-b000-";

const FIRST = [
  "Ada",
  "Chinedu",
  "Ngozi",
  "Emeka",
  "Aisha",
  "Musa",
  "Bola",
  "Tunde",
  "Ifeoma",
  "Kelechi",
  "Fatima",
  "Ibrahim",
  "Yetunde",
  "Segun",
  "Amaka",
  "Obinna",
  "Zainab",
  "Usman",
  "Funke",
  "Chiamaka",
  "Aminu",
  "Halima",
  "Olumide",
  "Nneka",
  "Sani",
  "Folake",
  "Uche",
  "Hauwa",
  "Gbenga",
  "Blessing",
  "Abdullahi",
  "Ebere",
  "Kemi",
  "Yusuf",
  "Chioma",
  "Tope",
  "Maryam",
  "Ikenna",
  "Bisi",
  "Nkechi",
];
const LAST = [
  "Okafor",
  "Bello",
  "Adeyemi",
  "Eze",
  "Abubakar",
  "Okonkwo",
  "Ogunleye",
  "Nwosu",
  "Mohammed",
  "Ibrahim",
  "Balogun",
  "Chukwu",
  "Lawal",
  "Obi",
  "Danjuma",
  "Adebayo",
  "Nnaji",
  "Yusuf",
  "Olawale",
  "Ani",
  "Usman",
  "Afolabi",
  "Onyeka",
  "Garba",
  "Ajayi",
  "Umeh",
  "Suleiman",
  "Oyelaran",
  "Ezenwa",
  "Tijani",
];
const STATES = [
  ["Lagos", 350000],
  ["Kano", 450000],
  ["FCT (Abuja)", 350000],
  ["Rivers", 250000],
  ["Oyo", 350000],
  ["Enugu", 200000],
  ["Ebonyi", 100000],
  ["Kaduna", 400000],
  ["Anambra", 250000],
  ["Delta", 300000],
];
const MEDICINES = [
  ["Paracetamol 500mg Tablets", 120000],
  ["Amoxicillin 500mg Capsules", 250000],
  ["Coartem 80/480mg Tablets", 450050],
  ["Vitamin C 1000mg", 300000],
  ["Ibuprofen 400mg Tablets", 150000],
  ["Metformin 500mg Tablets", 280000],
  ["Lonart DS Tablets", 380000],
  ["ORS Sachets (10)", 90000],
];

const json = (/** @type {unknown} */ value) => `'${JSON.stringify(value).replace(/'/g, "''")}'`;

/** The orders numbered [from, to), in one statement. @param {number} from @param {number} to @param {number} now */
function ordersChunk(from, to, now) {
  const span = YEARS * 365 * 24 * 60 * 60 * 1000;
  // n: the order's number (0 oldest); c: its customer; m: its number of lines; s: its state.
  const line = (/** @type {number} */ k) =>
    `(json_extract(${json(MEDICINES)}, '$[' || ((n * ${k + 3} + ${k}) % ${MEDICINES.length}) || '][1]') * (1 + (n + ${k}) % 3))`;
  return `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to - 1}),
v AS (
  SELECT n, (n * 7919) % ${CUSTOMERS} AS c, 1 + n % 3 AS m, (n * 31) % ${STATES.length} AS s,
    CAST(${now} - CAST((${BENCH_ORDERS} - n) AS REAL) * (${BENCH_ORDERS} - n) / ${BENCH_ORDERS} * ${span} / ${BENCH_ORDERS} - (n * 104729) % 3600000 AS INTEGER) AS at
  FROM seq
),
w AS (
  SELECT *, (${now} - at) / 86400000.0 AS age,
    CASE WHEN (n * 17) % 100 < 35 THEN 'bank_transfer' ELSE 'pay_on_delivery' END AS method
  FROM v
),
x AS (
  SELECT *,
    CASE
      WHEN (n * 13) % 100 < 6 THEN 'Cancelled'
      WHEN age < 1 THEN CASE n % 3 WHEN 0 THEN 'Processing' ELSE 'Pending' END
      WHEN age < 3 THEN CASE n % 3 WHEN 0 THEN 'Pending' WHEN 1 THEN 'Processing' ELSE 'Shipped' END
      WHEN age < 8 THEN CASE n % 4 WHEN 0 THEN 'Shipped' ELSE 'Delivered' END
      ELSE 'Delivered'
    END AS status,
    json_extract(${json(FIRST)}, '$[' || (c % ${FIRST.length}) || ']') AS first,
    json_extract(${json(LAST)}, '$[' || ((c / ${FIRST.length}) % ${LAST.length}) || ']') AS last
  FROM w
)
INSERT INTO orders (id, order_ref, access_token, idempotency_key, name, email, phone, delivery_address,
  total_kobo, delivery_status, delivery_state, delivery_fee_kobo, payment_method, payment_status,
  receipt_key, receipt_uploaded_at, created_at)
SELECT
  '${ID_PREFIX}' || printf('%012d', n),
  'MS-' || (
    SELECT group_concat(substr('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', (r / p) % 34 + 1, 1), '')
    FROM (SELECT (n * 1000003 + 7) % 1544804416 AS r),
      (SELECT value AS p FROM json_each('[45435424, 1336336, 39304, 1156, 34, 1]'))
  ),
  'bench' || lower(hex(randomblob(18))),
  'bench-' || n,
  first || ' ' || last,
  lower(first) || '.' || lower(last) || c || '@example.com',
  '+23480' || printf('%08d', (c * 7919 + 12345) % 100000000),
  (1 + c % 90) || ' ' || json_extract(${json(LAST)}, '$[' || (c % ${LAST.length}) || ']') || ' Street, ' || json_extract(${json(STATES)}, '$[' || s || '][0]'),
  ${line(0)} + (m > 1) * ${line(1)} + (m > 2) * ${line(2)} + json_extract(${json(STATES)}, '$[' || s || '][1]'),
  status,
  json_extract(${json(STATES)}, '$[' || s || '][0]'),
  json_extract(${json(STATES)}, '$[' || s || '][1]'),
  method,
  CASE WHEN status = 'Delivered' OR (status != 'Cancelled' AND method = 'bank_transfer' AND n % 5 < 3) THEN 'paid' ELSE 'unpaid' END,
  CASE WHEN method = 'bank_transfer' AND n % 5 < 4 THEN 'receipts/bench/' || n || '.webp' END,
  CASE WHEN method = 'bank_transfer' AND n % 5 < 4 THEN at + 1800000 END,
  at
FROM x`;
}

/** The lines of the orders numbered [from, to) (the same prices the totals were made of). */
function itemsChunk(from, to) {
  return `INSERT INTO order_items (order_id, product_id, name, image_key, unit_price_kobo, quantity)
SELECT o.id, NULL,
  json_extract(${json(MEDICINES)}, '$[' || ((o.n * (k + 3) + k) % ${MEDICINES.length}) || '][0]'), NULL,
  json_extract(${json(MEDICINES)}, '$[' || ((o.n * (k + 3) + k) % ${MEDICINES.length}) || '][1]'),
  1 + (o.n + k) % 3
FROM (SELECT id, CAST(substr(id, ${ID_PREFIX.length + 1}) AS INTEGER) AS n FROM orders
      WHERE id >= '${ID_PREFIX}${String(from).padStart(12, "0")}' AND id < '${ID_PREFIX}${String(to).padStart(12, "0")}') o
JOIN (SELECT 0 AS k UNION ALL SELECT 1 UNION ALL SELECT 2) ON k < 1 + o.n % 3`;
}

/** One timeline entry for each order that left Pending (by the demo pharmacist, an hour in). */
function eventsChunk(from, to) {
  return `INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name, created_at)
SELECT id, 'status', 'Pending', delivery_status, NULL, 'Pharm. Ngozi Okafor', created_at + 3600000
FROM orders
WHERE id >= '${ID_PREFIX}${String(from).padStart(12, "0")}' AND id < '${ID_PREFIX}${String(to).padStart(12, "0")}'
  AND delivery_status != 'Pending'`;
}

/** @param {string} persistTo */
async function countBenchOrders(persistTo) {
  const row = await queryRow(persistTo, `SELECT COUNT(*) AS n FROM orders WHERE id LIKE '${ID_PREFIX}%'`);
  return Number(row?.n ?? 0);
}

/**
 * Makes `persistTo` (a folder with the migrations applied and the demo seed) hold the bench's 100,000
 * orders, reusing them when they are there.
 * @param {{ persistTo: string, log: (message: string) => void }} options
 * @returns {Promise<{ orders: number, reused: boolean, seconds: number,
 *                    sample: { phone: string, fullName: string } }>} sample: a repeat customer's phone and
 *   name, for the searches
 */
export async function prepareOrders({ persistTo, log }) {
  const started = Date.now();
  const have = await countBenchOrders(persistTo);
  const done = async (/** @type {number} */ orders, /** @type {boolean} */ reused) => {
    const seconds = (Date.now() - started) / 1000;
    log(`  ${formatCount(orders)} orders (${reused ? "reused" : "seeded"}, ${seconds.toFixed(0)} s)`);
    const row = await queryRow(
      persistTo,
      `SELECT phone, name FROM orders WHERE id = '${ID_PREFIX}${String(BENCH_ORDERS / 2).padStart(12, "0")}'`,
    );
    if (!row) throw new Error("no bench order to take a phone and a name from");
    return { orders, reused, seconds, sample: { phone: String(row.phone), fullName: String(row.name) } };
  };
  if (have === BENCH_ORDERS) return done(have, true);
  if (have > 0) {
    log(`  ${persistTo} holds ${have} bench orders: starting them over`);
    const gone = `SELECT id FROM orders WHERE id LIKE '${ID_PREFIX}%'`;
    for (const table of ["order_status_events", "order_items"])
      await sql(persistTo, `DELETE FROM ${table} WHERE order_id IN (${gone})`);
    await sql(persistTo, `DELETE FROM orders WHERE id LIKE '${ID_PREFIX}%'`);
  }
  log(`  seeding ${formatCount(BENCH_ORDERS)} orders in ${persistTo} (cached for next runs)`);
  // Fixed "now" per seeding: the dates are spread back from the moment the folder was made.
  const now = Date.now();
  for (let from = 0; from < BENCH_ORDERS; from += CHUNK) {
    const to = Math.min(from + CHUNK, BENCH_ORDERS);
    // One wrangler call per chunk (each call costs seconds of start-up).
    await sql(
      persistTo,
      [ordersChunk(from, to, now), itemsChunk(from, to), eventsChunk(from, to)].join(";\n"),
    );
  }
  await sql(persistTo, "PRAGMA optimize");
  return done(await countBenchOrders(persistTo), false);
}

/** @param {string} persistTo @param {string} statement */
async function sql(persistTo, statement) {
  const { code, output } = await d1(persistTo, ["execute", "DB", "--command", statement]);
  if (code !== 0) throw new Error(`SQL failed:\n${output.slice(-2000)}`);
}
