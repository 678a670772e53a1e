import { flatRoutes } from "@remix-run/fs-routes";
import { layout, type RouteConfig } from "@remix-run/route-config";
import { CATALOGUE_PAGES } from "./catalogue-pages";

/** The back office links its own whole sheet (routes/admin.tsx). */
const BACK_OFFICE = "routes/admin.tsx";

/**
 * The routes of app/routes (file names as URLs). Every page but the catalogue's (CATALOGUE_PAGES) and the back office sits in a pathless layout that
 * links the shop's whole stylesheet (layouts/shop-stylesheet.tsx): a new page is styled whole without
 * anyone having to remember it, and only a page added to CATALOGUE_PAGES must make do with the inline sheet.
 */
export default flatRoutes().then((routes) => {
  const own = routes.filter((route) => CATALOGUE_PAGES.has(route.file) || route.file === BACK_OFFICE);
  const rest = routes.filter((route) => !own.includes(route));
  return [...own, layout("layouts/shop-stylesheet.tsx", rest)];
}) satisfies RouteConfig;
