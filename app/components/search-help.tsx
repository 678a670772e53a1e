/**
 * What a search page says when the answer is not plain: "Did you mean …" when every product shown was
 * found through a corrected word, and, when nothing matches, the categories and a pharmacist to ask (the
 * chat for a signed-in customer, WhatsApp for a guest): never a dead end.
 */
import { Link, useRouteLoaderData } from "@remix-run/react";
import { CategoryChip } from "./category-chip";
import { WhatsAppIcon } from "./icons";
import { consultHref } from "./site-header";
import { whatsAppLink } from "~/lib/whatsapp-link";
import type { PublicUser } from "~/lib/user";

/** `path?q=search`: where a search of `search` on this listing leads. */
export function searchHref(path: string, search: string): string {
  return `${path}?${new URLSearchParams({ q: search })}`;
}

export function DidYouMean({
  search,
  correctedTo,
  path,
}: {
  search: string;
  correctedTo: string;
  path: string;
}) {
  return (
    <span data-testid="did-you-mean">
      Did you mean{" "}
      <Link to={searchHref(path, correctedTo)} className="font-semibold text-brand-700 underline">
        {correctedTo}
      </Link>
      ? Nothing matches “{search}”, so these are for “{correctedTo}”.
    </span>
  );
}

type RootData = { user?: Pick<PublicUser, "name" | "role"> | null; store?: { whatsapp?: string } };

export function NothingFound({
  search,
  categories,
  allMedicinesPath,
}: {
  search: string;
  categories: { name: string; url: string }[];
  /** In a category: where the same search looks through every medicine. */
  allMedicinesPath?: string;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const user = root?.user ?? null;
  const whatsapp = root?.store?.whatsapp;
  return (
    <div className="mt-4 rounded-xl border border-gray-200 bg-white p-4" data-testid="nothing-found">
      <h2 className="font-semibold text-gray-900">We could not find “{search}”</h2>
      <p className="mt-1 text-sm text-gray-700">
        Check the spelling, try the medicine’s generic name (on the pack, under the brand), or ask a
        pharmacist: we may have it under another name.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {allMedicinesPath ? (
          <Link
            to={searchHref(allMedicinesPath, search)}
            className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-800"
          >
            Search all medicines
          </Link>
        ) : null}
        {user ? (
          <Link
            to={consultHref(user)}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
          >
            Ask a pharmacist in the chat
          </Link>
        ) : whatsapp ? (
          <a
            href={whatsAppLink(whatsapp, `Hello MediStore, do you have ${search}?`)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white"
          >
            <WhatsAppIcon className="h-5 w-5" />
            Ask a pharmacist on WhatsApp
          </a>
        ) : null}
      </div>
      {categories.length > 0 ? (
        <nav aria-label="Browse by category" className="mt-4">
          <h3 className="text-sm font-semibold text-gray-900">Or browse a category</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5 text-xs sm:gap-2 sm:text-sm">
            {categories.map((category) => (
              <li key={category.url}>
                <CategoryChip category={category} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
