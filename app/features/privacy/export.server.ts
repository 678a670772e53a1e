/**
 * "Download my data": everything we hold on the signed-in person, as one ZIP built in the Worker:
 * data.json (every record; money in naira as the JSON API gives it, and in kobo; times ISO 8601),
 * README.txt (what each file is), prescriptions/<id>.<ext> and receipts/<order ref>.<ext> (the images, read
 * from R2).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { strToU8, zipSync, type Zippable } from "fflate";
import { fetchWholeHistory } from "~/features/chat/chat.server";
import { displayOrderRef } from "~/features/orders/order-status";
import { koboToNaira } from "~/lib/money";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy-notice";
import type { PublicUser } from "~/lib/user";
import { listOrdersForUser } from "~/models/order.server";
import { accessLogOfUser, contactMessagesOf, listConsents, prescriptionsOf } from "~/models/privacy.server";
import { findUserById, type UserRef } from "~/models/user.server";
import { ownPrescriptionBytes } from "~/features/prescriptions/prescriptions.server";
import { backInStockOf } from "~/models/back-in-stock.server";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The most orders one export holds: far beyond any customer's history. */
const MAX_ORDERS = 10_000;

const README = `MediStore: a copy of your data
================================

data.json
  Everything we hold about you, as JSON:
  - account: your name, e-mail address, role and when you registered (your password is stored only as a
    one-way hash, which is not included).
  - orders: every order you placed while logged in, with its items, total (totalAmount in naira,
    totalKobo in kobo: 100 kobo = 1 naira), delivery details, payment, status timeline and, for a bank
    transfer, the receipt you uploaded (its "file" field names the image in this archive).
  - prescriptions: every prescription you uploaded, when, and each time a pharmacist viewed it. The
    "file" field names the image in this archive.
  - chat: your conversation with our pharmacists and doctors.
  - contactMessages: messages you sent through the contact form while logged in.
  - consents: each consent you gave (prescriptions, chat), the version of the privacy notice it was given
    under, and when you withdrew it.
  - backInStock: the medicines you asked us to tell you about when they are back in stock, and when.
  All times are in UTC (ISO 8601).

prescriptions/
  The prescription images you uploaded, named by their id in data.json.

receipts/
  The bank transfer receipts you uploaded, named by their order's reference.

Questions: see the privacy notice at /privacy.
`;

/**
 * Every record the archive holds, in one trip to D1: each read is picked by the account, which may be SQL
 * that selects it (the session's user), so they all travel beside the session lookup.
 */
export async function exportRecords(context: AppLoadContext, me: UserRef) {
  const { db } = context;
  const [account, orders, prescriptions, views, contactMessages, consents, backInStock] = await Promise.all([
    findUserById(db, me),
    listOrdersForUser(db, me, { limit: MAX_ORDERS }),
    prescriptionsOf(db, me),
    accessLogOfUser(db, me),
    contactMessagesOf(db, me),
    listConsents(db, me),
    backInStockOf(context.read, me),
  ]);
  return { account, orders, prescriptions, views, contactMessages, consents, backInStock };
}

/** The archive's file name and bytes; the party being down is a 503 (an export must be whole). */
export async function exportMyData(
  context: AppLoadContext,
  viewer: PublicUser,
  records: Awaited<ReturnType<typeof exportRecords>>,
  now = Date.now(),
): Promise<{ filename: string; bytes: Uint8Array }> {
  const { account, orders, prescriptions, views, contactMessages, consents, backInStock } = records;
  // Admins have no conversation of their own (theirs are the customers').
  const chat = viewer.role === "admin" ? [] : await fetchWholeHistory(context.config, viewer.id);

  const files: Zippable = {};
  for (const p of prescriptions) {
    const bytes = await ownPrescriptionBytes(context, p);
    if (bytes) files[prescriptionFile(p)] = [bytes, { level: 0 }];
  }
  const receiptFiles = new Map<string, string>();
  for (const o of orders) {
    const object = o.receiptKey ? await context.cloudflare.env.IMAGES.get(o.receiptKey) : null;
    if (!o.receiptKey || !object) continue;
    const file = `receipts/${displayOrderRef(o)}.${extensionOf(o.receiptKey)}`;
    files[file] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
    receiptFiles.set(o.id, file);
  }

  const data = {
    exportedAt: iso(now),
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    account: account && {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      createdAt: iso(account.createdAt),
    },
    orders: orders.map((o) => ({
      _id: o.id,
      orderRef: displayOrderRef(o),
      name: o.name,
      email: o.email,
      phone: o.phone,
      deliveryAddress: o.deliveryAddress,
      totalAmount: koboToNaira(o.totalKobo),
      totalKobo: o.totalKobo,
      deliveryStatus: o.deliveryStatus,
      reviewStatus: o.reviewStatus,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      receipt: receiptFiles.has(o.id)
        ? { uploadedAt: iso(o.receiptUploadedAt), file: receiptFiles.get(o.id) }
        : null,
      createdAt: iso(o.createdAt),
      items: o.items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        price: koboToNaira(i.unitPriceKobo),
        priceKobo: i.unitPriceKobo,
      })),
      timeline: o.events.map((e) => ({
        kind: e.kind,
        from: e.fromStatus,
        to: e.toStatus,
        by: e.changedByName,
        at: iso(e.createdAt),
      })),
    })),
    prescriptions: prescriptions.map((p) => ({
      id: p.id,
      uploadedAt: iso(p.createdAt),
      consentAt: iso(p.consentAt),
      contentType: p.contentType,
      sizeBytes: p.sizeBytes,
      file: prescriptionFile(p),
      viewedBy: views
        .filter((v) => v.prescriptionId === p.id)
        .map((v) => ({ by: v.adminName, at: iso(v.viewedAt) })),
    })),
    chat: chat.map((m) => ({
      seq: m.seq,
      from: m.fromRole === "user" ? "you" : m.fromName,
      text: m.text,
      sentAt: iso(m.createdAt),
      readAt: iso(m.readAt),
    })),
    contactMessages: contactMessages.map((m) => ({
      name: m.name,
      email: m.email,
      message: m.message,
      sentAt: iso(m.createdAt),
    })),
    consents: consents.map((c) => ({
      kind: c.kind,
      noticeVersion: c.noticeVersion,
      givenAt: iso(c.givenAt),
      withdrawnAt: iso(c.withdrawnAt),
    })),
    backInStock: backInStock.map((b) => ({ product: b.name, askedAt: iso(b.askedAt) })),
  };

  files["data.json"] = strToU8(JSON.stringify(data, null, 2));
  files["README.txt"] = strToU8(README);
  const bytes = zipSync(files, { level: 6, mtime: new Date(now) });
  return { filename: `medistore-data-${new Date(now).toISOString().slice(0, 10)}.zip`, bytes };
}

const extensionOf = (key: string) => /\.([a-z0-9]+)$/.exec(key)?.[1] ?? "webp";

function prescriptionFile(p: { id: string; imageKey: string }) {
  return `prescriptions/${p.id}.${extensionOf(p.imageKey)}`;
}

/** The archive as a download nobody caches. */
export function archiveResponse({ filename, bytes }: { filename: string; bytes: Uint8Array }) {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
