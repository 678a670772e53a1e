import { Link } from "@remix-run/react";
import { whatsAppLink } from "~/lib/whatsapp-link";
import { DataSaverToggle } from "./data-saver";

/** The pharmacy's registration with the Pharmacists Council of Nigeria (configuration). */
export type PharmacyRegistration = {
  superintendentName: string;
  superintendentPcn: string;
  premisesNumber: string;
};

export type StoreContact = {
  phone: string;
  email: string;
  whatsapp: string;
  pharmacy?: PharmacyRegistration;
};

/** "Superintendent pharmacist: <name> (PCN <number>) · PCN premises licence <number>" */
export function PharmacyLicence({
  pharmacy,
  className,
}: {
  pharmacy: PharmacyRegistration;
  className?: string;
}) {
  return (
    <p className={className} data-testid="pharmacy-licence">
      Superintendent pharmacist: {pharmacy.superintendentName} (PCN {pharmacy.superintendentPcn}) · PCN
      premises licence {pharmacy.premisesNumber}
    </p>
  );
}

const COMPANY_LINKS = [
  ["/about", "About us"],
  ["/shop", "Shop"],
  ["/delivery", "Delivery fees"],
  ["/track", "Track an order"],
  ["/contact", "Contact"],
  ["/privacy", "Privacy"],
] as const;

export const STORE_ADDRESS = "12 Ogoja Road, Abakaliki, Ebonyi State, Nigeria";

export function SiteFooter({ store }: { store: StoreContact }) {
  return (
    <footer className="mt-16 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">MediStore</p>
          <p className="mt-2 text-sm">
            Trusted online pharmacy. Authentic medicines, delivered to your door.
          </p>
          <p className="mt-3 text-sm">{STORE_ADDRESS}</p>
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold text-white">Company</p>
          <ul className="mt-2 space-y-1 text-sm">
            {COMPANY_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="hover:text-white">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-white">Get in touch</p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <a href={`tel:${store.phone.replace(/\s/g, "")}`} className="hover:text-white">
                {store.phone}
              </a>
            </li>
            <li>
              <a
                href={whatsAppLink(store.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-white"
              >
                WhatsApp
              </a>
            </li>
            <li>
              <a href={`mailto:${store.email}`} className="hover:text-white">
                {store.email}
              </a>
            </li>
          </ul>
          {/* Social accounts are not set up yet: placeholders (docs/product-rules.md, Texts and timings). */}
          <ul className="mt-3 flex gap-3 text-sm" aria-label="Social media (coming soon)">
            {["Facebook", "Instagram", "X"].map((name) => (
              <li key={name}>
                <a href="#" aria-disabled="true" className="hover:text-white">
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-gray-800 px-4 py-4 text-center text-xs text-gray-400">
        {store.pharmacy ? <PharmacyLicence pharmacy={store.pharmacy} className="mb-1 break-words" /> : null}
        <p>© {new Date().getFullYear()} MediStore. Medicines are dispensed by licensed pharmacists.</p>
        <DataSaverToggle className="mt-2" />
      </div>
    </footer>
  );
}
