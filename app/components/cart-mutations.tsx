/**
 * Cart changes made with JavaScript go through one queue and one fetcher, one request at a time: the cart
 * lives in a cookie, so two overlapping requests would each start from the same old cart and the second
 * would undo the first. Pending changes are applied optimistically to the count.
 *
 * A change is never lost: until its answer (and so the new cookie) has arrived, it is kept in this tab's
 * sessionStorage with its id. A reload or a typed URL cancels the request on its way; the next page sends
 * the kept changes again, and so does the page when the phone comes back online. The id makes the server
 * apply each change once (features/cart/change-ids.ts).
 */
import { useFetcher } from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { CHANGE_ID_FIELD } from "~/features/cart/change-ids";
import type { Toast } from "~/lib/toast";
// Only a few lines that fetch the toaster itself on the first toast (toaster.tsx).
import { showToast } from "./toaster";

export type CartActionData = { ok: boolean; toast?: Toast; networkError?: boolean };

type CartMutations = {
  /** Queue a submission of a cart form (add, set, remove, clear). */
  submit: (form: HTMLFormElement, submitter?: HTMLElement | null) => FormData;
  pending: FormData[];
};

const CartMutationContext = createContext<CartMutations | null>(null);

const KEPT_CHANGES = "medistore-cart-changes";
type KeptChange = { id: string; fields: [string, string][] };

function readKept(): KeptChange[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(KEPT_CHANGES) ?? "[]");
    return Array.isArray(kept)
      ? kept.filter((c): c is KeptChange => typeof c?.id === "string" && Array.isArray(c.fields))
      : [];
  } catch {
    return [];
  }
}

function writeKept(kept: KeptChange[]) {
  try {
    if (kept.length) sessionStorage.setItem(KEPT_CHANGES, JSON.stringify(kept));
    else sessionStorage.removeItem(KEPT_CHANGES);
  } catch {
    // Storage refused (private mode, full): the change still goes out, it just cannot be replayed.
  }
}

const changeIdOf = (formData: FormData) => String(formData.get(CHANGE_ID_FIELD) ?? "");

function newChangeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function toFormData(change: KeptChange): FormData {
  const formData = new FormData();
  for (const [name, value] of change.fields) formData.append(name, String(value));
  return formData;
}

export function CartMutationProvider({ children }: { children: ReactNode }) {
  const fetcher = useFetcher<CartActionData>({ key: "cart-mutation" });
  const [queue, setQueue] = useState<FormData[]>([]);
  /** The change on its way, and whether the fetcher has been busy with it yet. */
  const sending = useRef<{ id: string; formData: FormData; started: boolean } | null>(null);
  /** Changes that could not reach the server, kept until the phone is online: the badge still counts them. */
  const [waiting, setWaiting] = useState<FormData[]>([]);
  /** Changes the shopper was already told are kept offline: their failed answer says nothing more. */
  const announced = useRef(new Set<string>());
  /** Ids queued or on their way in this page: a replay must not send them a second time at once. */
  const inPage = useRef(new Set<string>());

  const enqueue = useCallback((formData: FormData) => {
    inPage.current.add(changeIdOf(formData));
    setQueue((q) => [...q, formData]);
  }, []);

  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (sending.current) sending.current.started = true;
      return;
    }
    if (sending.current?.started) {
      const { id, formData } = sending.current;
      sending.current = null;
      inPage.current.delete(id);
      // Answered: the cookie has the change. Never reached the server: kept for the next try.
      const failed = Boolean(fetcher.data?.networkError);
      if (failed) setWaiting((w) => [...w, formData]);
      else writeKept(readKept().filter((c) => c.id !== id));
      // Successes were already announced optimistically, and so were changes made offline; the server
      // speaks up for errors and notices, and a change that failed on a connection that looked fine.
      const toast = fetcher.data?.toast;
      const told = failed && announced.current.has(id);
      if (!failed) announced.current.delete(id);
      if (toast && toast.type !== "success" && !told) {
        showToast(toast);
      }
    }
    if (sending.current || queue.length === 0) return;
    const [next, ...rest] = queue;
    setQueue(rest);
    sending.current = { id: changeIdOf(next), formData: next, started: false };
    fetcher.submit(next, { method: "post", action: "/cart", preventScrollReset: true });
  }, [fetcher, queue]);

  useEffect(() => {
    // Changes a previous page of this tab made whose answers never came: sent again, now and when online.
    // This effect runs once the page has hydrated, so the change never reaches a part still server HTML.
    const replay = () => {
      // Every kept change goes out again (a failure comes back to `waiting`); the shopper was told of it.
      setWaiting([]);
      for (const change of readKept()) {
        if (inPage.current.has(change.id)) continue;
        announced.current.add(change.id);
        enqueue(toFormData(change));
      }
    };
    replay();
    window.addEventListener("online", replay);
    return () => window.removeEventListener("online", replay);
  }, [enqueue]);

  const submit = useCallback(
    (form: HTMLFormElement, submitter?: HTMLElement | null) => {
      const formData = new FormData(form, submitter ?? undefined);
      formData.set("_enhanced", "1");
      formData.set(CHANGE_ID_FIELD, newChangeId());
      const fields: [string, string][] = [];
      formData.forEach((value, name) => {
        if (typeof value === "string") fields.push([name, value]);
      });
      // Kept before it is sent: a reload right after the tap cannot lose it.
      writeKept([...readKept(), { id: changeIdOf(formData), fields }]);
      if (!navigator.onLine) {
        // One message for a change made offline: it is kept (the badge counts it), not "added".
        announced.current.add(changeIdOf(formData));
        void import("~/lib/offline-messages").then(({ CART_CHANGE_KEPT }) =>
          showToast({ type: "info", message: CART_CHANGE_KEPT }),
        );
      }
      enqueue(formData);
      return formData;
    },
    [enqueue],
  );

  const pending = useMemo(
    () => [...waiting, ...(fetcher.formData ? [fetcher.formData] : []), ...queue],
    [waiting, fetcher.formData, queue],
  );
  const value = useMemo(() => ({ submit, pending }), [submit, pending]);
  return <CartMutationContext.Provider value={value}>{children}</CartMutationContext.Provider>;
}

export function useCartMutations() {
  return useContext(CartMutationContext);
}

/**
 * onSubmit for a cart <form method="post" action="/cart">: with JavaScript the change is queued (no page
 * load); without it the browser posts the form and the server redirects back.
 */
export function useCartFormSubmit(after?: (formData: FormData, form: HTMLFormElement) => void) {
  const mutations = useCartMutations();
  return (event: FormEvent<HTMLFormElement>) => {
    if (!mutations) return;
    event.preventDefault();
    const form = event.currentTarget;
    const formData = mutations.submit(form, (event.nativeEvent as SubmitEvent).submitter);
    after?.(formData, form);
  };
}
