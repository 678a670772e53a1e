/** /about: the static marketing page: mission, story, figures, quality, headquarters, team, calls to action. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { PharmacyLicence, STORE_ADDRESS } from "~/components/site-footer";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: "About us | MediStore" },
  {
    name: "description",
    content:
      "MediStore is an online pharmacy from Abakaliki, Ebonyi State: authentic medicines from approved suppliers, checked by licensed pharmacists and delivered across Nigeria.",
  },
];

// The site's static claims (docs/product-rules.md, Texts and timings).
const STATS = [
  { value: "20k+", label: "orders delivered" },
  { value: "4.9", label: "average customer rating" },
  { value: "50+", label: "pharmacists in our network" },
];

const QUALITY_POINTS = [
  {
    title: "Approved suppliers only",
    text: "We buy from manufacturers and distributors approved by Nigeria's regulators, never from open markets.",
  },
  {
    title: "A pharmacist checks every order",
    text: "A licensed pharmacist reviews each order, and every prescription-only medicine against a valid prescription.",
  },
  {
    title: "Stored and packed with care",
    text: "Medicines are kept at the right temperature, sealed in tamper-evident packs and checked for expiry dates.",
  },
  {
    title: "Your health data stays private",
    text: "Prescriptions and chats are seen only by you and our pharmacists. See our privacy notice for the details.",
  },
];

// Placeholder names: replace with the real team (and their consent to be listed) before launch. The
// superintendent pharmacist's name comes from configuration (the pharmacy's PCN registration).
const TEAM = [
  {
    name: "Chiamaka Okafor",
    role: "Superintendent Pharmacist",
    text: "Leads dispensing and prescription review.",
  },
  { name: "Emeka Nwosu", role: "Head of Operations", text: "Runs sourcing, storage and delivery." },
  { name: "Aisha Bello", role: "Customer Care Lead", text: "Makes sure every question gets an answer." },
  { name: "Tunde Adeyemi", role: "Consulting Doctor", text: "Answers health questions in the chat." },
];

function initials(name: string): string {
  return name
    .replace(/^Pharm\.\s*/, "")
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export default function AboutPage() {
  const pharmacy = useRouteLoaderData<typeof rootLoader>("root")?.store.pharmacy;
  return (
    <main id="main">
      <section className="hero-band">
        <div className="mx-auto max-w-6xl px-4 py-10 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">About MediStore</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold leading-tight text-gray-900 sm:text-4xl">
            Trusted medicines, delivered to every Nigerian home
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-gray-700">
            Our mission is simple: make genuine medicines and good pharmaceutical advice easy to reach, at a
            fair price, wherever you live.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/#shop"
              className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Shop medicines
            </Link>
            <Link
              to="/register"
              className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              Consult a pharmacist
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="mx-auto max-w-6xl px-4 py-6">
        <h2 id="stats-heading" className="sr-only">
          MediStore in numbers
        </h2>
        <dl className="grid grid-cols-3 gap-3 sm:gap-4">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col rounded-xl border border-gray-200 bg-white px-2 py-4 text-center shadow-sm sm:p-5"
            >
              <dt className="text-xs text-gray-600 sm:text-sm">{stat.label}</dt>
              <dd className="order-first text-2xl font-extrabold text-brand-700 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <section aria-labelledby="story-heading">
          <h2 id="story-heading" className="text-2xl font-bold">
            How it started
          </h2>
          <p className="mt-3 text-gray-700">
            MediStore began in Abakaliki with a small team of pharmacists who were tired of seeing patients
            travel far, queue for hours or settle for doubtful products in open markets. We asked a simple
            question: what if a trusted pharmacy were only a message away?
          </p>
          <p className="mt-3 text-gray-700">
            We started by taking orders on WhatsApp and delivering them ourselves across Ebonyi State. Today
            our online store serves customers all over Nigeria, and the same pharmacists still stand behind
            every order.
          </p>
        </section>
        <section aria-labelledby="hq-heading">
          <h2 id="hq-heading" className="text-2xl font-bold">
            Our headquarters
          </h2>
          <p className="mt-3 text-gray-700">
            We are proudly based in Abakaliki, Ebonyi State. Orders are checked, packed and dispatched from
            here.
          </p>
          <address className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-4 not-italic text-gray-900">
            <span className="block font-semibold text-brand-800">MediStore</span>
            {STORE_ADDRESS}
          </address>
          {pharmacy ? <PharmacyLicence pharmacy={pharmacy} className="mt-3 text-sm text-gray-700" /> : null}
          <Link
            to="/contact"
            className="mt-3 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Contact us
          </Link>
        </section>
      </div>

      <section aria-labelledby="quality-heading" className="bg-white py-12">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="quality-heading" className="text-2xl font-bold">
            Quality and safety
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {QUALITY_POINTS.map((point) => (
              <li key={point.title} className="rounded-xl border border-gray-200 p-5">
                <h3 className="font-semibold text-brand-700">{point.title}</h3>
                <p className="mt-1 text-sm text-gray-700">{point.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-gray-700">
            Read how we protect your information in our{" "}
            <Link to="/privacy" className="font-semibold text-brand-700 underline hover:text-brand-800">
              privacy notice
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="team-heading" className="text-2xl font-bold">
          Meet the team
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member, index) =>
            index === 0 && pharmacy ? { ...member, name: pharmacy.superintendentName } : member,
          ).map((member) => (
            <li
              key={member.name}
              className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4"
            >
              <span
                aria-hidden="true"
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
              >
                {initials(member.name)}
              </span>
              <div>
                <h3 className="font-semibold">{member.name}</h3>
                <p className="text-sm font-medium text-brand-700">{member.role}</p>
                <p className="mt-1 text-sm text-gray-700">{member.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4">
        <div className="rounded-2xl bg-brand-700 px-6 py-10 text-center text-white">
          <h2 id="cta-heading" className="text-2xl font-bold">
            Ready when you are
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-50">
            Order your medicines in minutes, or ask one of our pharmacists first. It is free to create an
            account.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              to="/#shop"
              className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Shop now
            </Link>
            <Link
              to="/register"
              className="rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Consult a pharmacist
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
