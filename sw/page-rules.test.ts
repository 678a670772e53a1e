import { describe, expect, it } from "vitest";
import {
  SIGNED_IN_HEADER,
  clearsKeptPages,
  isKeepableResponse,
  isKeptPage,
  markOfflineCopy,
  savedAtLabel,
} from "./page-rules";

const at = (path: string) => new URL(path, "https://medistore.test");
const html = (init: ResponseInit & { headers?: Record<string, string> } = {}) => {
  const response = new Response("<html></html>", {
    status: 200,
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });
  // Node's Response is "default"; a browser's same-origin answer is "basic".
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
};

describe("pages kept for offline reading", () => {
  it.each([
    "/",
    "/shop",
    "/shop?q=para&page=2",
    "/products/paracetamol-500mg",
    "/categories/pain-relief",
    "/cart",
  ])("keeps %s", (path) => expect(isKeptPage(at(path))).toBe(true));

  it.each([
    "/order/abc",
    "/orders",
    "/account",
    "/account/data",
    "/admin",
    "/admin/orders",
    "/api/products",
    "/checkout",
    "/dashboard",
    "/login",
    "/products/x/extra",
    "/products/x.data",
    "/cart.data",
    "/_root.data",
    "/prescriptions/1/image",
  ])("never keeps %s", (path) => expect(isKeptPage(at(path))).toBe(false));

  it("keeps a guest's page, never one rendered for an account, a redirect or an error", () => {
    expect(isKeepableResponse(html())).toBe(true);
    expect(isKeepableResponse(html({ headers: { [SIGNED_IN_HEADER]: "1" } }))).toBe(false);
    expect(isKeepableResponse(html({ status: 404 }))).toBe(false);
    expect(isKeepableResponse(html({ headers: { "Content-Type": "application/json" } }))).toBe(false);
  });

  it("drops every kept page when someone signs in or out, or deletes their account", () => {
    for (const path of ["/logout", "/login", "/register", "/logout.data", "/account/delete"]) {
      expect(clearsKeptPages("POST", at(path))).toBe(true);
    }
    expect(clearsKeptPages("GET", at("/logout"))).toBe(false);
    expect(clearsKeptPages("POST", at("/cart"))).toBe(false);
  });
});

describe("the offline copy's mark", () => {
  it("marks the document and says when it was saved, in Nigerian time", () => {
    const label = savedAtLabel("2026-11-24T04:55:00.000Z");
    expect(label).toMatch(/24 Nov 2026.*05:55/);
    expect(markOfflineCopy('<!DOCTYPE html><html lang="en-NG"><head>', label)).toBe(
      `<!DOCTYPE html><html data-offline-copy="" style="--offline-saved-at: 'on ${label}'" lang="en-NG"><head>`,
    );
  });

  it("cannot be broken out of by the date", () => {
    expect(markOfflineCopy("<html>", `x' onload='alert(1)"`)).toBe(
      `<html data-offline-copy="" style="--offline-saved-at: 'on x onloadalert1'">`,
    );
    expect(savedAtLabel(null)).toBeNull();
    expect(savedAtLabel("not a date")).toBeNull();
    expect(markOfflineCopy("<html>", null)).toBe('<html data-offline-copy="">');
  });
});
