import { whatsAppLink } from "~/lib/whatsapp";
import { WhatsAppIcon } from "./icons";

/** The floating "Talk to us" link to the pharmacy's WhatsApp. */
export function WhatsAppFloat({ number }: { number: string }) {
  return (
    <a
      href={whatsAppLink(number, "Hello MediStore, I have a question.")}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed bottom-4 right-4 z-20 flex items-center gap-2 rounded-full bg-green-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-green-800"
    >
      <WhatsAppIcon className="h-5 w-5" />
      Talk to us
    </a>
  );
}
