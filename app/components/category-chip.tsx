/** A category as a rounded link, as the shop's category row and an empty search's suggestions show it. */
import { Link } from "@remix-run/react";

export function CategoryChip({
  category,
  current,
}: {
  category: { name: string; url: string };
  current?: boolean;
}) {
  return (
    <Link
      to={category.url}
      aria-current={current ? "page" : undefined}
      className="inline-block rounded-full border border-gray-300 px-2.5 py-1 text-gray-800 hover:border-brand-700 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
    >
      {category.name}
    </Link>
  );
}
