/** The home page: hero, the shop grid, why trust us, how to consult. */
import { Link } from "@remix-run/react";
import type { ComponentProps } from "react";
import { AddToCartForm } from "./product-card";
import { ClassBadge } from "./product-badges";
import { useDataSaver } from "./data-saver";
import { consultHref } from "./site-header";
import { ShopGrid } from "./shop-grid";
import { TypingEffect } from "./typing-effect";
import { WhatsAppFloat } from "./whatsapp-float";
import { WhatsAppIcon } from "./icons";
import { whatsAppLink } from "~/lib/whatsapp-link";
import { formatNaira } from "~/lib/money";
import type { PublicUser } from "~/lib/user";
import { productPath, type ProductCardData } from "~/features/catalogue/product-view";

type HomeProps = {
  hero: ProductCardData[];
  grid: Omit<ComponentProps<typeof ShopGrid>, "formAction" | "path">;
  user: Pick<PublicUser, "name" | "role"> | null;
  /** The pharmacy's WhatsApp number. */
  whatsapp?: string;
};

const PHRASES = ["Quality healthcare", "Affordable prescriptions", "Doorstep delivery"] as const;

const TRUST_POINTS = [
  {
    title: "Certified pharmacists",
    text: "Every order is checked by a licensed pharmacist before it leaves us.",
  },
  { title: "Authentic medicines", text: "Sourced only from regulator-approved suppliers and manufacturers." },
  {
    title: "Fast delivery nationwide",
    text: "Often the same day in Abakaliki, and quick delivery across Nigeria.",
  },
  { title: "Affordable healthcare", text: "Fair prices with periodic discounts on everyday essentials." },
];

export function HomePage({ hero, grid, user, whatsapp }: HomeProps) {
  const dataSaver = useDataSaver();
  // Signed in, "Consult" opens the chat itself; a guest is first invited to make a free account.
  const consult = user ? consultHref(user) : "/register";
  return (
    <main id="main">
      <section id="home" className="hero-band">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 md:items-center md:py-16">
          <div>
            <h1 className="text-3xl font-extrabold leading-tight text-gray-900 sm:text-4xl">
              Fast, secure delivery of trusted medicines
            </h1>
            <p className="mt-3 min-h-[2.25rem] text-2xl font-semibold text-brand-700">
              {/* Data saver: the phrases stand still (no timers, nothing to repaint). */}
              {dataSaver ? PHRASES[0] : <TypingEffect phrases={PHRASES} />}
            </p>
            <p className="mt-3 text-gray-700">
              Order genuine medicines online, check out on WhatsApp in a minute, and get them at your door.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a
                href="#shop"
                className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
              >
                Shop Medicines
              </a>
              <Link
                to={consult}
                className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
              >
                Consult a Pharmacist
              </Link>
            </div>
          </div>
          {hero.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3" aria-label="Popular medicines">
              {hero.map((product, i) => (
                <li
                  key={product.id}
                  id={`hero-product-${product.id}`}
                  className="relative rounded-xl border border-gray-200 bg-white p-3 shadow-sm"
                >
                  {product.imageUrl && !dataSaver ? (
                    <img
                      src={product.imageUrl}
                      alt=""
                      width={240}
                      height={240}
                      loading={i < 2 ? "eager" : "lazy"}
                      fetchPriority={i === 0 ? "high" : undefined}
                      className="aspect-square w-full rounded-lg bg-gray-100 object-cover"
                    />
                  ) : null}
                  <p className="mt-2 text-sm font-semibold leading-snug">
                    {/* Its link covers the card (.card-link, styles/site.css): the picture opens it too. */}
                    <Link
                      to={productPath(product)}
                      className="card-link hover:text-brand-700 hover:underline"
                    >
                      {product.name}
                    </Link>
                  </p>
                  <ClassBadge medicineClass={product.medicineClass} className="mt-1" />
                  <p className="text-sm font-bold">{formatNaira(product.priceKobo)}</p>
                  <AddToCartForm
                    product={product}
                    anchor={`hero-product-${product.id}`}
                    className="relative mt-2"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>

      <ShopGrid {...grid} formAction="/shop" path="/" />

      <section aria-labelledby="trust-heading" className="bg-white py-12">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="trust-heading" className="text-2xl font-bold">
            Why trust MediStore?
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TRUST_POINTS.map((point) => (
              <li key={point.title} className="rounded-xl border border-gray-200 p-4">
                <h3 className="font-semibold text-brand-700">{point.title}</h3>
                <p className="mt-1 text-sm text-gray-700">{point.text}</p>
              </li>
            ))}
          </ul>
          <a
            href="#shop"
            className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white"
          >
            Start Shopping Now
          </a>
        </div>
      </section>

      <section id="chat" aria-labelledby="chat-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="chat-heading" className="text-2xl font-bold">
          Consult a pharmacist or doctor
        </h2>
        <p className="mt-2 max-w-2xl text-gray-700">
          Registered customers chat in real time with our pharmacists and doctors from their dashboard, and
          can upload a prescription for us to fill. Or message us on WhatsApp now.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {user ? (
            <Link
              to={consultHref(user)}
              className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white"
            >
              {user.role === "admin" ? "Open the chat panel" : "Chat with a pharmacist"}
            </Link>
          ) : (
            <>
              <Link to="/register" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white">
                Create a free account
              </Link>
              <Link
                to="/login"
                className="rounded-lg border border-gray-300 px-5 py-3 font-semibold text-gray-800"
              >
                Login
              </Link>
            </>
          )}
          {whatsapp ? (
            <a
              href={whatsAppLink(whatsapp, "Hello MediStore, I have a question.")}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg bg-green-700 px-5 py-3 font-semibold text-white hover:bg-green-800"
            >
              <WhatsAppIcon className="h-5 w-5" />
              Talk to us on WhatsApp
            </a>
          ) : null}
        </div>
      </section>
      {whatsapp && !dataSaver ? <WhatsAppFloat number={whatsapp} /> : null}
    </main>
  );
}
