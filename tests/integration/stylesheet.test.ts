/**
 * The stylesheet every page carries inline: only utilities an element of the shop uses. Words of our code
 * and comments that Tailwind's scan would take for utilities (app/styles/site.css, `@source not inline`)
 * stay out, and with them the custom properties the transform, filter and transition utilities bring along.
 * The back office's rules come in a sheet of their own that only /admin links (app/styles/back-office.css).
 */
import { describe, expect, it } from "vitest";
import { Client, html, signUp } from "./helpers";

const inlineSheet = (page: string) =>
  /<style[^>]*data-inline-styles[^>]*>(.*?)<\/style>/s.exec(page)?.[1] ?? "";
const BACK_OFFICE_LINK = /<link rel="stylesheet" href="\/assets\/back-office-[\w-]+\.css"\/>/;

describe("the inline stylesheet", () => {
  it("holds no utility that only a word in our code asked for", async () => {
    const page = await html(await new Client().get("/"));
    const css = inlineSheet(page);
    expect(css.length).toBeGreaterThan(10_000);
    for (const rule of [
      ".transform{",
      ".transition{",
      ".filter{",
      ".table{",
      ".inline{",
      ".visible{",
      ".collapse{",
      ".static{",
    ])
      expect(css, rule).not.toContain(rule);
    expect(css).not.toContain("@property --tw-rotate-x");
    // The Admin › Orders row layout is the back office's: no shopper's page carries it.
    expect(css).not.toContain(".order-row");
    expect(page).not.toMatch(BACK_OFFICE_LINK);
  });

  it("is on admin pages too, with the back office's own sheet linked after it", async () => {
    const admin = await signUp("Admin Stylesheet", "admin");
    const page = await html(await admin.client.get("/admin/orders"));
    expect(inlineSheet(page).length).toBeGreaterThan(10_000);
    const link = BACK_OFFICE_LINK.exec(page);
    expect(link).not.toBeNull();
    expect(page.indexOf(link![0])).toBeGreaterThan(page.indexOf("data-inline-styles"));
  });
});
