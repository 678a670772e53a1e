/**
 * Sends the forms kept offline (kept-forms.tsx keeps them) once the phone is online. Loaded by
 * kept-forms-watch.tsx only when the flag says something is kept, which a first visit never has.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { KEPT_MESSAGE_SENT } from "~/lib/offline-messages";
import { KEPT_FORMS_FLAG, type KeptName } from "./kept-forms-watch";
import { showToast } from "./toaster";

const ACTIONS: Record<KeptName, string> = { checkout: "/checkout", contact: "/contact" };

const store = () => import("./kept-forms");

/** Sends kept forms when it mounts online and when the phone comes back. */
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
      if (sending || !navigator.onLine || !localStorage.getItem(KEPT_FORMS_FLAG)) return;
      sending = true;
      try {
        for (const name of Object.keys(ACTIONS) as KeptName[]) {
          const kept = await (await store()).takeKeptForm(name);
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
