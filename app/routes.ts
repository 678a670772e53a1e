import { flatRoutes } from "@remix-run/fs-routes";
import { layout, type RouteConfig } from "@remix-run/route-config";
import { inlineStylesheetRoutes } from "./lib/route-policy";

/**
 * The pages shoppers land on and the edge cache keeps, plus the 404 (lib/route-policy.ts): every utility
 * they use is in the small stylesheet inline in every page (styles/catalogue.css, which scans these files).
 */
const CATALOGUE_PAGES = new Set(inlineStylesheetRoutes());
/** The back office links its own whole sheet (routes/admin.tsx). */
const BACK_OFFICE = "routes/admin.tsx";

/**
 * The routes of app/routes (file names as URLs). Every page but the catalogue's and the back office sits in
 * a pathless layout that links the shop's whole stylesheet (layouts/shop-stylesheet.tsx): a new page is
 * styled whole without anyone having to remember it, and only a page given `inlineStylesheet` must make do
 * with the inline sheet.
 */
export default flatRoutes().then((routes) => {
  const own = routes.filter((route) => CATALOGUE_PAGES.has(route.file) || route.file === BACK_OFFICE);
  const rest = routes.filter((route) => !own.includes(route));
  return [...own, layout("layouts/shop-stylesheet.tsx", rest)];
}) satisfies RouteConfig;
