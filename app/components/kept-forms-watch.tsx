/**
 * What every page carries for the forms kept offline (kept-forms.tsx): a look at the flag when the page
 * opens and whenever the phone comes back online. Only when something is kept does the sender load
 * (kept-forms-sender.tsx), so a first visit, which never has anything kept, does not fetch it.
 */
import { lazy, Suspense, useEffect, useState } from "react";

/** Set while something is kept: pages check it without opening the database. */
export const KEPT_FORMS_FLAG = "medistore-kept-forms";

export type KeptName = "checkout" | "contact";

// A sender that cannot load (the connection dropped again) sends nothing on this page; the next one tries.
const KeptFormsSender = lazy(() =>
  import("./kept-forms-sender").then(
    (module) => ({ default: module.KeptFormsSender }),
    () => ({ default: () => null }),
  ),
);

/** Mounted once (root.tsx). */
export function KeptForms() {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (kept) return;
    const look = () => {
      try {
        if (localStorage.getItem(KEPT_FORMS_FLAG)) setKept(true);
      } catch {
        // Storage unavailable: nothing was kept on this phone.
      }
    };
    // In a task of its own, not in the one that brings the page to life: the first read of localStorage
    // loads it from disk.
    const first = setTimeout(look, 0);
    window.addEventListener("online", look);
    return () => {
      clearTimeout(first);
      window.removeEventListener("online", look);
    };
  }, [kept]);
  return kept ? (
    <Suspense fallback={null}>
      <KeptFormsSender />
    </Suspense>
  ) : null;
}
