/**
 * Cart changes made with JavaScript go through one queue and one fetcher, one request at a time: the cart
 * lives in a cookie, so two overlapping requests would each start from the same old cart and the second
 * would undo the first. Pending changes are applied optimistically to the count.
 */
import { useFetcher } from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import type { Toast } from "~/lib/toast";

export type CartActionData = { ok: boolean; toast?: Toast };

type CartMutations = {
  /** Queue a submission of a cart form (add, set, remove, clear). */
  submit: (form: HTMLFormElement, submitter?: HTMLElement | null) => FormData;
  pending: FormData[];
};

const CartMutationContext = createContext<CartMutations | null>(null);

export function CartMutationProvider({ children }: { children: ReactNode }) {
  const fetcher = useFetcher<CartActionData>({ key: "cart-mutation" });
  const [queue, setQueue] = useState<FormData[]>([]);

  useEffect(() => {
    if (fetcher.state !== "idle" || queue.length === 0) return;
    const [next, ...rest] = queue;
    setQueue(rest);
    fetcher.submit(next, { method: "post", action: "/cart", preventScrollReset: true });
  }, [fetcher, queue]);

  useEffect(() => {
    // Successes were already announced optimistically; the server speaks up for errors and notices.
    if (fetcher.state === "idle" && fetcher.data?.toast && fetcher.data.toast.type !== "success") {
      // The toaster's code is not part of the first load; this only runs after a cart change anyway.
      const toast = fetcher.data.toast;
      void import("./toaster").then(({ showToast }) => showToast(toast));
    }
  }, [fetcher.state, fetcher.data]);

  const submit = useCallback((form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const formData = new FormData(form, submitter ?? undefined);
    formData.set("_enhanced", "1");
    setQueue((q) => [...q, formData]);
    return formData;
  }, []);

  const pending = useMemo(
    () => (fetcher.formData ? [fetcher.formData, ...queue] : queue),
    [fetcher.formData, queue],
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
