/**
 * The stylesheet every page carries inline: only utilities an element uses. Words of our code and comments
 * that Tailwind's scan would take for utilities (app/tailwind.css, `@source not inline`) stay out, and with
 * them the custom properties the transform, filter and transition utilities bring along.
 */
import { describe, expect, it } from "vitest";
import { Client, html } from "./helpers";

describe("the inline stylesheet", () => {
  it("holds no utility that only a word in our code asked for", async () => {
    const page = await html(await new Client().get("/"));
    const css = /<style[^>]*data-inline-styles[^>]*>(.*?)<\/style>/s.exec(page)?.[1] ?? "";
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
    // The Admin › Orders row layout rides in the same sheet (not as utilities on every cell).
    expect(css).toContain(".order-row");
  });
});
