/**
 * The contact form through the built Worker on the real migrations (the form really stores the message, it
 * is not a mock), and the static pages answering with their headings.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, countRows, html } from "./helpers";

async function storedMessages() {
  const { results } = await env.DB.prepare(
    "SELECT name, email, message FROM contact_messages ORDER BY id",
  ).all<{
    name: string;
    email: string;
    message: string;
  }>();
  return results;
}

const GOOD = {
  name: "  Ngozi Eze ",
  email: "Ngozi@Example.COM",
  message: "Do you deliver to Enugu on Saturdays?",
};

describe("POST /contact", () => {
  it("stores a valid message and redirects back with the success text (no JavaScript)", async () => {
    const client = new Client();
    const res = await client.post("/contact", GOOD);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("Location") ?? "", "http://x").pathname).toBe("/contact");
    expect(await storedMessages()).toEqual([
      { name: "Ngozi Eze", email: "ngozi@example.com", message: "Do you deliver to Enugu on Saturdays?" },
    ]);

    // Post/Redirect/Get: the page the browser lands on says the message was sent, once.
    const page = await client.get("/contact");
    expect(page.status).toBe(200);
    expect(await html(page)).toContain("Message sent successfully!");
    expect(await html(await client.get("/contact"))).not.toContain("Message sent successfully!");
  });

  it("answers an enhanced (JavaScript) submission in place instead of redirecting", async () => {
    const res = await new Client().post("/contact", { ...GOOD, enhanced: "1" });
    expect(res.status).toBe(200);
    expect(await html(res)).toContain("Message sent successfully!");
    expect(await countRows("contact_messages")).toBe(1);
  });

  it("refuses missing fields with 400 and a message per field, keeping what was typed", async () => {
    const res = await new Client().post("/contact", { name: "Ngozi Eze", email: "", message: "   " });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Email is required.");
    expect(page).toContain("Please write a message.");
    expect(page).not.toContain("Please enter your name.");
    expect(page).toMatch(/name="name"[^>]*value="Ngozi Eze"/);
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses a form with no fields at all", async () => {
    const res = await new Client().post("/contact", {});
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Please enter your name.");
    expect(page).toContain("Email is required.");
    expect(page).toContain("Please write a message.");
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses an invalid e-mail address", async () => {
    const res = await new Client().post("/contact", { ...GOOD, email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Please enter a valid email address.");
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses a message one character over the limit", async () => {
    const res = await new Client().post("/contact", { ...GOOD, message: "a".repeat(5001) });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Please keep your message under 5,000 characters.");
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("accepts a message exactly at the limit", async () => {
    const res = await new Client().post("/contact", { ...GOOD, message: "a".repeat(5000) });
    expect(res.status).toBe(302);
    expect((await storedMessages())[0]?.message).toHaveLength(5000);
  });

  it("refuses a huge body without reading it", async () => {
    const res = await new Client().post("/contact", { ...GOOD, message: "a".repeat(100_000) });
    expect(res.status).toBe(413);
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses a cross-site POST", async () => {
    const res = await new Client().post("/contact", GOOD, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("looks successful to a bot that fills the hidden field, but stores nothing", async () => {
    const res = await new Client().post("/contact", { ...GOOD, website: "https://spam.example" });
    expect(res.status).toBe(302);
    expect(await countRows("contact_messages")).toBe(0);
  });
});

describe("static pages", () => {
  it.each([
    [
      "/about",
      [
        "Trusted medicines, delivered to every Nigerian home",
        "How it started",
        "20k+",
        "4.9",
        "50+",
        "Abakaliki, Ebonyi State",
        "Meet the team",
      ],
    ],
    [
      "/how",
      [
        "How to install MediStore",
        "Android phones (Chrome)",
        "iPhone and iPad (Safari)",
        "Add to Home Screen",
        "What works offline",
      ],
    ],
    [
      "/privacy",
      [
        "Privacy notice",
        "Nigeria Data Protection Act 2023",
        "How long we keep it",
        "Nigeria Data Protection Commission",
        "support@medistore.ng",
      ],
    ],
    [
      "/contact",
      ["Contact us", "Send us a message", "support@medistore.ng", "Abakaliki, Ebonyi State", "Send message"],
    ],
  ])("GET %s answers 200 with its content", async (path, texts) => {
    const res = await new Client().get(path);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    for (const text of texts) expect(page).toContain(text);
  });
});
