/**
 * /privacy: the privacy notice under the Nigeria Data Protection Act 2023 (NDPA). Plain words, one page.
 * Every sentence says what the code does. The retention periods come from the same configuration the
 * retention job enforces (config.retention, wrangler.toml); the cookies come from the registry the code
 * sets them from (lib/cookies.ts).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { cookieDuration, cookieLifetime, COOKIES, REGISTERED_COOKIES } from "~/lib/cookies";
import { formatDays, PRIVACY_NOTICE_VERSION } from "~/lib/privacy-notice";
import { MESSAGE_KEEP_DAYS } from "~/lib/messages";
import type { ReactNode } from "react";
import { STORE_ADDRESS } from "~/components/site-footer";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: "Privacy notice | MediStore" },
  {
    name: "description",
    content:
      "How MediStore collects, uses, keeps and protects your personal and health data under the Nigeria Data Protection Act 2023, and how to use your rights.",
  },
];

const LAST_UPDATED = "24 November 2026";

type Retention = {
  prescriptionDays: number;
  chatDays: number;
  contactDays: number;
  orderRecordYears: number;
};

/** Every period comes from the configuration the retention job enforces (loader). */
function retentionRows(r: Retention): { what: string; howLong: string; why: string }[] {
  const years = `${r.orderRecordYears} year${r.orderRecordYears === 1 ? "" : "s"}`;
  return [
    {
      what: "Orders (name, phone, e-mail, delivery address, items, amounts)",
      howLong: `${years} after the order; then your name, phone, e-mail and address are removed and only the items, amounts, dates and status remain`,
      why: "Tax records and pharmacy sales records the law requires us to keep",
    },
    {
      what: "Bank transfer receipts (a photo you upload to show you paid)",
      howLong: `As long as the order's record: ${years} after the order, then deleted (at once if you delete your account)`,
      why: "Evidence of payment, part of the order's tax and sales records",
    },
    {
      what: "Prescription images",
      howLong: `${formatDays(r.prescriptionDays)} after upload, then deleted (an image an order still being handled needs is kept until that order is delivered or cancelled)`,
      why: "Pharmacist review and evidence of what was dispensed against a prescription",
    },
    {
      what: "Record of who viewed each prescription image",
      howLong: "As long as the image",
      why: "So you can see which of our staff looked at it, and when",
    },
    {
      what: "Chat messages with our pharmacists and doctors",
      howLong: `${formatDays(r.chatDays)} after each message was sent, then deleted`,
      why: "Continuity of your care and answering follow-up questions",
    },
    {
      what: "Account (name, e-mail, password hash) and your consent records",
      howLong: "Until you delete your account",
      why: "So you can log in and see your orders; order records are then kept as above, without your details",
    },
    {
      what: "Messages we send you about your orders (SMS, WhatsApp, e-mail: the address, the text, whether it arrived)",
      howLong: `${formatDays(MESSAGE_KEEP_DAYS)} after sending, then deleted (at once if you delete your account)`,
      why: "Knowing what we told you, and sending again what did not arrive",
    },
    {
      what: "Addresses that asked us to stop sending messages",
      howLong: "For as long as we send messages, so that we never message them again",
      why: "Honouring your request to stop",
    },
    {
      what: "Messages sent through the contact form",
      howLong: `${formatDays(r.contactDays)}, then deleted`,
      why: "Answering you and any follow-up",
    },
    {
      what: "Login sessions",
      howLong: `Until you log out, or ${cookieDuration(COOKIES.session)} after you last used the site`,
      why: "Keeping you logged in",
    },
    {
      what: "Failed login attempts (the e-mail address tried and the network address)",
      howLong: "1 day after the last failed attempt",
      why: "Slowing down people guessing passwords",
    },
    {
      what: "Cart cookie",
      howLong: `${cookieDuration(COOKIES.cart)} after your last change`,
      why: "Keeping your cart between visits",
    },
    {
      what: "Technical logs (IP address, browser, page requested)",
      howLong: "Up to 7 days, at our hosting provider",
      why: "Keeping the service secure and fixing errors",
    },
  ];
}

export async function loader({ context }: LoaderFunctionArgs) {
  return { retention: context.config.retention, noticeVersion: PRIVACY_NOTICE_VERSION };
}

export default function PrivacyPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { retention, noticeVersion } = useLoaderData<typeof loader>();
  const email = root?.store.email;
  const emailLink = email ? (
    <a
      href={`mailto:${email}?subject=Privacy%20request`}
      className="font-semibold text-brand-700 underline hover:text-brand-800"
    >
      {email}
    </a>
  ) : (
    <Link to="/contact" className="font-semibold text-brand-700 underline hover:text-brand-800">
      our contact page
    </Link>
  );

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-gray-900 sm:text-4xl">Privacy notice</h1>
      <p className="mt-2 text-sm text-gray-600">
        Last updated: {LAST_UPDATED} · Notice version {noticeVersion}
      </p>
      <p className="mt-4 text-gray-700">
        This notice explains what personal data MediStore collects when you use our online pharmacy, why, how
        long we keep it, who can see it and what your rights are under the Nigeria Data Protection Act 2023
        (NDPA). We keep it short and plain; if anything is unclear, write to us at {emailLink}.
      </p>

      <nav aria-labelledby="toc-heading" className="mt-6 rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wide text-gray-600">
          On this page
        </h2>
        <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline hover:text-brand-800">
                {title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="who">
        <p>
          MediStore is the data controller for the personal data described here: we decide why and how it is
          used.
        </p>
        <address className="not-italic">
          MediStore, {STORE_ADDRESS}
          <br />
          E-mail: {emailLink}
        </address>
        <p>Our data protection officer can be reached at the same e-mail address.</p>
      </Section>

      <Section id="collect">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Order details</strong>: your name, phone number, e-mail address, delivery address, the
            items you order and the amounts; if you pay by bank transfer, the photo of the transfer receipt
            you upload. Receipts are kept in private storage: only you (through your order&apos;s private link
            or your account) and our staff can see them.
          </li>
          <li>
            <strong>Account data</strong>: your name, e-mail address and password. We never store the password
            itself, only a one-way scrambled version (a hash) that cannot be turned back into it.
          </li>
          <li>
            <strong>Prescription images</strong> you upload, and <strong>chat messages</strong> with our
            pharmacists and doctors. These show your health and are <em>sensitive personal data</em> under the
            NDPA: we only process them with your explicit consent (see below).
          </li>
          <li>
            <strong>Contact messages</strong>: the name, e-mail address and message you send through our
            contact form.
          </li>
          <li>
            <strong>Technical data</strong>: your IP address, browser type and the pages requested, recorded
            for a short time by our hosting provider to keep the service secure.
          </li>
        </ul>
        <p>
          We do not use advertising, tracking or analytics cookies, we do not build marketing profiles, and we
          never sell your data.
        </p>
      </Section>

      <Section id="why">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>To fulfil your order</strong> (prepare, deliver and answer questions about it): necessary
            for our contract with you.
          </li>
          <li>
            <strong>For pharmacist review</strong> of prescriptions and health questions, so you get the right
            medicine safely: your explicit consent, and the provision of health care by licensed
            professionals.
          </li>
          <li>
            <strong>To meet legal duties</strong>, such as keeping tax records and pharmacy dispensing
            records, and answering lawful requests from regulators: legal obligation.
          </li>
          <li>
            <strong>To keep the service secure</strong> and prevent fraud and abuse, and to answer your
            messages: our legitimate interests, which we balance against your rights.
          </li>
        </ul>
        <p>No decision that affects you is made by a computer alone.</p>
      </Section>

      <Section id="health">
        <p>
          When you upload a prescription (ticking the consent box) or agree before your first chat, you
          consent to our pharmacists and doctors using that information to advise you and to dispense your
          medicines. We record each consent with the time and the version of this notice (currently{" "}
          {noticeVersion}).
        </p>
        <p>
          You can withdraw either consent at any time under <strong>Privacy &amp; consents</strong> on your
          dashboard. Withdrawing prescription consent deletes your prescription images at once, except one an
          order still being handled needs, and you cannot upload another until you give consent again.
          Withdrawing chat consent stops new chats until you give it again, and you can delete your chat
          history there too. Withdrawing does not undo what was done before.
        </p>
        <p>
          <strong>Who sees your prescriptions and chats:</strong> only you and our pharmacists, doctors and
          administrators. Prescription images are kept in private storage and are shown only after checking
          that the person asking is you or one of them. Every time one of our staff opens one of your
          prescription images, we record who and when, and you see that record beside the prescription on your
          dashboard.
        </p>
      </Section>

      <Section id="share">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Cloudflare</strong>, our hosting provider, runs our website, database and file storage on
            our behalf (a data processor bound by contract to protect your data and use it only on our
            instructions). Its servers may be outside Nigeria; we rely on the safeguards the NDPA requires for
            such transfers.
          </li>
          <li>
            <strong>WhatsApp</strong> (Meta), only when you choose to send your order to us on WhatsApp: the
            message you send, with your order details, then travels through WhatsApp under its own privacy
            policy.
          </li>
          <li>
            <strong>The person delivering your order</strong> receives your name, phone number and delivery
            address, and nothing more.
          </li>
          <li>
            <strong>Authorities</strong>, such as tax authorities or pharmacy regulators, when the law
            requires it.
          </li>
        </ul>
      </Section>

      <Section id="keep">
        {/* A table on wider screens; on a phone each row becomes a small card with its own labels. */}
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">How long we keep each kind of data</caption>
          <thead className="hidden sm:table-header-group">
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Data
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Kept for
              </th>
              <th scope="col" className="py-2 font-semibold">
                Why
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
            {retentionRows(retention).map((row) => (
              <tr
                key={row.what}
                className="block rounded-lg border border-gray-200 bg-white p-3 align-top sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:bg-transparent sm:p-0"
              >
                <th
                  scope="row"
                  className="block font-semibold text-gray-900 sm:table-cell sm:py-2 sm:pr-3 sm:font-medium"
                >
                  {row.what}
                </th>
                <td className="mt-1 block sm:table-cell sm:py-2 sm:pr-3">
                  <span className="font-semibold sm:hidden">Kept for: </span>
                  {row.howLong}
                </td>
                <td className="mt-1 block sm:table-cell sm:py-2">
                  <span className="font-semibold sm:hidden">Why: </span>
                  {row.why}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          A job runs every night and deletes what has passed its period (or, for orders, removes who placed
          them). It records only how many items it removed, never whose.
        </p>
      </Section>

      <Section id="cookies">
        <p>
          Every cookie is set by MediStore itself, for this site only; none comes from anyone else. We use
          only cookies the site needs to work, and one that remembers a choice you make yourself, so we do not
          ask for cookie consent. There are no tracking, advertising or analytics cookies.
        </p>
        <ul className="space-y-2">
          {REGISTERED_COOKIES.map((cookie) => (
            <li key={cookie.name} className="rounded-lg border border-gray-200 bg-white p-3">
              <span className="font-semibold">{cookie.name}</span>: {cookie.purpose}{" "}
              <span className="text-gray-600">
                {cookie.essential ? "Needed for the site to work" : "Your choice, never needed"}. Set by:{" "}
                {cookie.setBy}. Lasts: {cookieLifetime(cookie)}.
              </span>
            </li>
          ))}
        </ul>
        <p>
          If you add MediStore to your home screen, your phone also keeps copies of our styles, scripts, icons
          and product pictures so the site loads faster. These contain no personal data.
        </p>
      </Section>

      <Section id="security">
        <p>
          All traffic is encrypted (HTTPS). Passwords are stored only as hashes, prescriptions in private
          storage, and staff access is limited to those who need it. If a breach puts your data at risk, we
          will tell the Nigeria Data Protection Commission within 72 hours and tell you without delay when it
          is likely to put your rights at high risk.
        </p>
      </Section>

      <Section id="rights">
        <p>Under the NDPA you have the right to:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>be told how your data is used (this notice);</li>
          <li>
            <strong>access</strong> your data and get a copy of it;
          </li>
          <li>
            have inaccurate data <strong>corrected</strong>;
          </li>
          <li>
            have your data <strong>deleted</strong> when we no longer need it or have no legal reason to keep
            it;
          </li>
          <li>
            <strong>object</strong> to, or ask us to restrict, how we use it;
          </li>
          <li>
            <strong>withdraw your consent</strong> at any time, for prescriptions and chats;
          </li>
          <li>
            receive the data you gave us in a common, machine-readable format and have it sent to another
            provider (<strong>portability</strong>);
          </li>
          <li>
            <strong>complain</strong> to the Nigeria Data Protection Commission (NDPC) at{" "}
            <a
              href="https://ndpc.gov.ng"
              rel="noopener noreferrer"
              className="text-brand-700 underline hover:text-brand-800"
            >
              ndpc.gov.ng
            </a>
            . We would like the chance to put things right first, so please write to us too.
          </li>
        </ul>
      </Section>

      <Section id="request">
        <p>
          <strong>A copy of your data:</strong> log in and choose <strong>Download my data</strong> on your
          dashboard. You get one ZIP file with your account, orders and their status history, prescriptions
          and their images, who viewed them, your chat, the contact messages you sent while logged in, and
          your consents. Apps using our API can fetch the same file from <code>GET /api/me/export</code>.
        </p>
        <p>
          <strong>Deleting your account:</strong> choose <strong>Delete my account</strong> on your dashboard
          and enter your password. We delete at once your account, every login session, your prescriptions and
          their images, your chat history, the contact messages you sent while logged in and your consent
          records. Your orders stay as pharmacy sales records for {retention.orderRecordYears} years from each
          order, but your name, e-mail address, phone number and delivery address are removed from them at
          once. Apps can do the same with <code>DELETE /api/me</code>.
        </p>
        <p>
          For anything else (correcting data, objecting, an order placed without an account), e-mail{" "}
          {emailLink} with the subject “Privacy request”. We may ask you to confirm your identity before
          acting, so that nobody else can get or delete your data. We answer within 30 days, free of charge.
        </p>
      </Section>

      <Section id="children">
        <p>
          MediStore is for adults aged 18 and over. A parent or guardian may order medicines for a child; we
          do not knowingly collect data from children directly.
        </p>
      </Section>

      <Section id="changes">
        <p>
          When we change how we use your data we update this page and its date; important changes are also
          shown on the site before they take effect.
        </p>
      </Section>
    </main>
  );
}

const SECTIONS = [
  ["who", "Who we are"],
  ["collect", "What we collect"],
  ["why", "Why we use it, and our legal bases"],
  ["health", "Prescriptions and health data"],
  ["share", "Who else receives your data"],
  ["keep", "How long we keep it"],
  ["cookies", "Cookies"],
  ["security", "How we protect it"],
  ["rights", "Your rights"],
  ["request", "How to get a copy or delete your data"],
  ["children", "Children"],
  ["changes", "Changes to this notice"],
] as const;

type SectionId = (typeof SECTIONS)[number][0];
const TITLES = Object.fromEntries(SECTIONS) as Record<SectionId, string>;

/** One numbered part of the notice; its title comes from SECTIONS so the contents list cannot drift. */
function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = TITLES[id];
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mt-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-gray-700">{children}</div>
    </section>
  );
}
