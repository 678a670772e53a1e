/**
 * Forms kept offline (checkout, contact). A submission that cannot reach the server is kept on this phone
 * (IndexedDB: it can hold a prescription photo) and sent by whatever page is open once the phone is back
 * online. Sent once: taking it out of storage is one transaction, so two tabs cannot both send it, and a
 * kept checkout keeps its idempotency key, so even a resend after a lost answer finds the order it made.
 *
 * The page keeps and sends them, not a service worker's replay queue (Background Sync): the open page sends
 * the moment the phone says it is back online and shows the answer (the placed order, the message sent),
 * and it works before the service worker controls the page. A worker's replay waits for the browser's own
 * sync schedule (minutes, after a failed try), and its answer reaches no page.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { KEPT_MESSAGE_SENT } from "~/lib/offline-messages";
import { showToast } from "./toaster";

type KeptName = "checkout" | "contact";
const ACTIONS: Record<KeptName, string> = { checkout: "/checkout", contact: "/contact" };
type Kept = { entries: [string, FormDataEntryValue][]; multipart: boolean };

/** Set while something is kept: pages check it without opening the database. */
const FLAG = "medistore-kept-forms";
const DB = "medistore-kept-forms";
const STORE = "forms";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    const result = await work(tx.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

const request = <T,>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

async function keepForm(name: KeptName, kept: Kept) {
  await inStore("readwrite", (store) => request(store.put(kept, name)));
  localStorage.setItem(FLAG, "1");
}

/** The kept form, removed in the same transaction that reads it. */
async function takeKeptForm(name: KeptName): Promise<Kept | undefined> {
  return inStore("readwrite", async (store) => {
    const kept = (await request(store.get(name))) as Kept | undefined;
    if (kept) store.delete(name);
    if ((await request(store.count())) <= (kept ? 1 : 0)) localStorage.removeItem(FLAG);
    return kept;
  });
}

/**
 * Keeps a form the phone knows it cannot send (offline): nothing is submitted, so nothing on the page is
 * re-read (which would fail offline). Answers whether it was kept.
 */
export async function keepOffline(name: KeptName, form: FormData, multipart = false): Promise<boolean> {
  try {
    await keepForm(name, { entries: withFreshKeyOnCopy(name, [...form.entries()]), multipart });
    return true;
  } catch {
    return false;
  }
}

/** A page served from the phone's copy holds an old checkout key: this order gets its own. */
function withFreshKeyOnCopy(name: KeptName, entries: [string, FormDataEntryValue][]) {
  if (name !== "checkout" || !document.documentElement.hasAttribute("data-offline-copy")) return entries;
  return entries.map(([field, value]): [string, FormDataEntryValue] =>
    field === "idempotencyKey" ? [field, crypto.randomUUID()] : [field, value],
  );
}

/**
 * For a route's clientAction: runs the server action; when the request never reached the server, keeps
 * the form and answers `kept` (plus `fallback`, marked as a network failure so nothing is re-read).
 */
export async function keepWhenOffline<T, F extends object>(
  name: KeptName,
  submission: Request,
  serverAction: () => Promise<T>,
  fallback: F,
): Promise<T | (F & { networkError: true; kept?: true })> {
  const form = await submission.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    try {
      const entries = withFreshKeyOnCopy(name, [...form.entries()]);
      const multipart = (submission.headers.get("Content-Type") ?? "").startsWith("multipart/");
      await keepForm(name, { entries, multipart });
      return { ...fallback, networkError: true, kept: true };
    } catch {
      return { ...fallback, networkError: true };
    }
  }
}

/** Mounted once (root.tsx): sends kept forms when the page opens online and when the phone comes back. */
export function KeptFormsSender() {
  const fetchers = { checkout: useFetcher({ key: "checkout" }), contact: useFetcher({ key: "contact" }) };
  const submitters = useRef(fetchers);
  submitters.current = fetchers;

  // Sent from another page than /contact (whose form says so itself): a toast says it went.
  const contactSent = useRef(false);
  const contact = fetchers.contact;
  useEffect(() => {
    if (!contactSent.current || contact.state !== "idle" || !contact.data) return;
    contactSent.current = false;
    const data = contact.data as { ok?: boolean };
    if (data.ok && !document.getElementById("contact-message")) {
      showToast({ type: "success", message: KEPT_MESSAGE_SENT });
    }
  }, [contact.state, contact.data]);

  useEffect(() => {
    let sending = false;
    const send = async () => {
      if (sending || !navigator.onLine || !localStorage.getItem(FLAG)) return;
      sending = true;
      try {
        for (const name of Object.keys(ACTIONS) as KeptName[]) {
          const kept = await takeKeptForm(name);
          if (!kept) continue;
          const formData = new FormData();
          for (const [field, value] of kept.entries) formData.append(field, value);
          submitters.current[name].submit(formData, {
            method: "post",
            action: ACTIONS[name],
            ...(kept.multipart ? { encType: "multipart/form-data" as const } : {}),
          });
          if (name === "contact") contactSent.current = true;
        }
      } catch {
        // Storage unavailable: nothing was kept on this phone.
      } finally {
        sending = false;
      }
    };
    // In a task of its own, not in the one that brings the page to life: the first read of localStorage
    // loads it from disk.
    const first = setTimeout(() => void send(), 0);
    window.addEventListener("online", send);
    return () => {
      clearTimeout(first);
      window.removeEventListener("online", send);
    };
  }, []);
  return null;
}
