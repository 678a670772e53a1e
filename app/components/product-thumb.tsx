import { useDataSaver } from "./data-saver";

/**
 * A product's thumbnail (or a grey placeholder when it has none), decorative: the product's name is always
 * written next to it. In data saver mode there is never an image: the placeholder stands in. `size` is the rendered size in CSS pixels; grid cards stretch to the column instead.
 */
export function ProductThumb({
  src,
  size,
  eager = false,
  className,
}: {
  src: string | null;
  size?: number;
  eager?: boolean;
  /** Its size and place; without it the thumbnail has no class, and its parent styles it (.product-card). */
  className?: string;
}) {
  const classes = className === undefined ? undefined : `bg-gray-100 object-cover ${className}`;
  const dataSaver = useDataSaver();
  if (!src || dataSaver) return <div className={classes} aria-hidden />;
  return (
    <img
      src={src}
      alt=""
      width={size ?? 240}
      height={size ?? 240}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={classes}
    />
  );
}
