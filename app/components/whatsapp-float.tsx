import { whatsAppLink } from "~/lib/whatsapp-link";
import { WhatsAppIcon } from "./icons";

/**
 * The floating "Talk to us" link to the pharmacy's WhatsApp. It floats only where the page has a margin
 * wide enough to hold it beside the 72rem content column (from 1280 px: a round button; from 1460 px: with
 * its words), so it never covers a product's price or Add to cart; narrower screens have it in the header
 * (root.tsx).
 */
export function WhatsAppFloat({ number }: { number: string }) {
  return (
    <a
      href={whatsAppLink(number, "Hello MediStore, I have a question.")}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Talk to us on WhatsApp"
      className="fixed bottom-4 right-4 z-20 hidden items-center gap-2 rounded-full bg-green-700 p-3.5 font-semibold text-white shadow-lg hover:bg-green-800 xl:flex min-[1460px]:px-4 min-[1460px]:py-3"
    >
      <WhatsAppIcon className="h-6 w-6 min-[1460px]:h-5 min-[1460px]:w-5" />
      <span className="sr-only min-[1460px]:not-sr-only">Talk to us</span>
    </a>
  );
}
