/**
 * Forms kept offline (checkout, contact). A submission that cannot reach the server is kept on this phone
 * (IndexedDB: it can hold a prescription photo) and sent by whatever page is open once the phone is back
 * online. Sent once: taking it out of storage is one transaction, so two tabs cannot both send it, and a
 * kept checkout keeps its idempotency key, so even a resend after a lost answer finds the order it made.
 *
 * Here: keeping and taking them. Every page watches for something kept (kept-forms-watch.tsx); only then
 * does the sender (kept-forms-sender.tsx) load, and it loads this module.
 *
 * The page keeps and sends them, not a service worker's replay queue (Background Sync): the open page sends
 * the moment the phone says it is back online and shows the answer (the placed order, the message sent),
 * and it works before the service worker controls the page. A worker's replay waits for the browser's own
 * sync schedule (minutes, after a failed try), and its answer reaches no page.
 */
import { KEPT_FORMS_FLAG as FLAG, type KeptName } from "./kept-forms-watch";

type Kept = { entries: [string, FormDataEntryValue][]; multipart: boolean };

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
export async function takeKeptForm(name: KeptName): Promise<Kept | undefined> {
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
