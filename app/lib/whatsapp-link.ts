/**
 * A chat with the pharmacy on WhatsApp. Apart from the order message (whatsapp.ts) because every page links to
 * it: the browser's code then carries neither that message nor the payment vocabulary it reads.
 */

/** `https://wa.me/<digits>?text=…`; the number is given in international form without "+". */
export function whatsAppLink(sellerNumber: string, text?: string): string {
  const digits = sellerNumber.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}
