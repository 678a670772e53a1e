/**
 * The layout of every shop page outside the catalogue (app/routes.ts): it adds nothing to the page but the
 * shop's whole stylesheet (styles/shop.css), whose utilities the small sheet inline in every page leaves out
 * (styles/catalogue.css). A real stylesheet link, so it applies without JavaScript too; on a move here in
 * the browser, Remix loads it before it shows the page, and the service worker keeps it for offline use.
 */
import type { LinksFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import shopStyles from "~/styles/shop.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: shopStyles }];

export default function ShopStylesheet() {
  return <Outlet />;
}
