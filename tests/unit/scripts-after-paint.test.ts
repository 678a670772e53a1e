import { describe, expect, it } from "vitest";
import { WAITING_PRELOAD_REL, WAITING_SCRIPT_TYPE } from "../../app/lib/scripts-after-paint";
import { scriptsAfterPaint, withScriptsAfterPaint } from "../../workers/scripts-after-paint";

// Remix's tags as React writes them, beside look-alikes that must stay: escaped text, a script's own text,
// another tag whose name starts with "script", another link.
const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/><script nonce="n">' +
  'var s="<script type=\\"module\\">";document.querySelectorAll(\'script[type="module"]\')</script></head>' +
  '<body><p>a &lt;link rel="modulepreload"&gt; in text</p><scripts-list type="module"></scripts-list>' +
  '<link rel="stylesheet" href="/x.css"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<script nonce="n" type="module" async="">import "/assets/a.js";</script>₦1,200 <script</body></html>';

const EXPECTED = PAGE.replace(/<link rel="modulepreload"/g, `<link rel="${WAITING_PRELOAD_REL}"`).replace(
  '<script nonce="n" type="module"',
  `<script nonce="n" type="${WAITING_SCRIPT_TYPE}"`,
);

describe("scripts after paint", () => {
  it("renames Remix's modulepreload links and module script, and keeps every other byte", async () => {
    expect(EXPECTED).not.toBe(PAGE);
    expect(await scriptsAfterPaint(new TextEncoder().encode(PAGE)).text()).toBe(EXPECTED);
  });

  it("renames a page's tags whatever its status, and leaves anything but HTML alone", async () => {
    const json = new Response('{"a":"<link rel=\\"modulepreload\\""}', {
      headers: { "Content-Type": "application/json" },
    });
    expect(await withScriptsAfterPaint(json)).toBe(json);
    const html = await withScriptsAfterPaint(
      new Response(PAGE, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } }),
    );
    expect(html.status).toBe(404);
    expect(html.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await html.text()).toBe(EXPECTED);
  });
});
