/**
 * Forced-lockout defence (OWASP's device cookies): a browser that has signed in to an account before holds
 * a signed device cookie that takes it past the account-wide slow-down, so a guesser elsewhere can never
 * lock the owner out. Clients without it are slowed after a few failures, with a wait that grows.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, html, signUp, type TestUser } from "./helpers";

const WRONG = "not-the-password";
const ip = (address: string) => ({ "CF-Connecting-IP": address });

/** Each guess from an address of its own, as a botnet sends them. */
let nextHost = 0;
const freshAddress = () => {
  nextHost += 1;
  return `192.0.${2 + Math.floor(nextHost / 250)}.${(nextHost % 250) + 1}`;
};

function logIn(client: Client, email: string, password: string, address = freshAddress()) {
  return client.post("/login", { email, password }, ip(address));
}

/** The owner's usual browser: it has signed in before (so it holds the device cookie), then logged out. */
async function ownersBrowser(user: TestUser, address = "198.51.100.7") {
  const browser = new Client();
  const res = await logIn(browser, user.email, user.password, address);
  expect(res.status).toBe(302);
  await browser.post("/logout", {});
  expect(browser.cookies.has("medistore_session")).toBe(false);
  expect(browser.cookies.has("medistore_device")).toBe(true);
  return browser;
}

/** Moves every throttle clock back, as if that much time had passed. */
async function letTimePass(ms: number) {
  await env.DB.prepare("UPDATE auth_throttle SET window_started_at = window_started_at - ?").bind(ms).run();
}

const retryAfter = (res: Response) => Number(res.headers.get("Retry-After"));

describe("forced-lockout defence", () => {
  it("a successful login leaves a signed, HttpOnly, long-lived device cookie", async () => {
    const user = await signUp("Device Dike");
    const browser = new Client();
    const res = await logIn(browser, user.email, user.password);
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("medistore_device="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    // Signed: a forged or altered value is no device at all.
    const forged = new Client();
    // The first character changed: every bit of it counts. (Changing the last one made this test flaky: the
    // signature's last base64 character carries bits that decode to nothing, so "w", "x", "y" and "z" there
    // are the same signature.)
    forged.cookies.set(
      "medistore_device",
      browser.cookies.get("medistore_device")!.replace(/^./, (first) => (first === "A" ? "B" : "A")),
    );
    for (let i = 0; i < 5; i++) await logIn(new Client(), user.email, WRONG);
    expect((await logIn(forged, user.email, user.password)).status).toBe(429);
    expect((await logIn(browser, user.email, user.password)).status).toBe(302);
  });

  it("the browser that registered the account is trusted like one that logged in", async () => {
    const browser = new Client();
    const email = `new-${crypto.randomUUID()}@example.com`;
    const res = await browser.post("/register", {
      name: "Nkechi Obi",
      email,
      password: "a strong passphrase",
    });
    expect(res.status).toBe(302);
    expect(browser.cookies.has("medistore_device")).toBe(true);
    await browser.post("/logout", {});
    for (let i = 0; i < 5; i++) expect((await logIn(new Client(), email, WRONG)).status).toBe(401);
    expect((await logIn(new Client(), email, "a strong passphrase")).status).toBe(429);
    expect((await logIn(browser, email, "a strong passphrase")).status).toBe(302);
  });

  it("an attacker's failures from many addresses never stop the owner's browser, which still gets in", async () => {
    const user = await signUp("Owner Okoro");
    const browser = await ownersBrowser(user);
    const answers: number[] = [];
    const attacker = freshAddress();
    answers.push((await logIn(new Client(), user.email, WRONG, attacker)).status);
    for (let i = 0; i < 11; i++) answers.push((await logIn(new Client(), user.email, WRONG)).status);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual(Array(7).fill(429));

    // The owner's usual browser gets straight in, even from an address the attacker used.
    const owner = await logIn(browser, user.email, user.password, attacker);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/dashboard");
    // A client without the cookie, and the API (which takes no cookies), are still slowed.
    expect((await logIn(new Client(), user.email, user.password)).status).toBe(429);
    const api = await new Client().postJson(
      "/api/auth/login",
      { email: user.email, password: user.password },
      ip(freshAddress()),
    );
    expect(api.status).toBe(429);
    expect(((await api.json()) as { message: string }).message).toMatch(/^Too many failed login attempts\./);
  });

  it("a client without the device cookie is slowed after five failures, and the wait grows 1, 2, 4, 8, 15 minutes", async () => {
    const user = await signUp("Slow Salami");
    for (let i = 0; i < 5; i++) expect((await logIn(new Client(), user.email, WRONG)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      // Even the right password waits: the answer must not tell a guesser whether it was right.
      const blocked = await logIn(new Client(), user.email, user.password);
      expect(blocked.status).toBe(429);
      const wait = retryAfter(blocked);
      waits.push(wait);
      expect(await html(blocked)).toContain(
        `Too many failed login attempts. Please wait ${Math.ceil(wait / 60)} minute`,
      );
      await letTimePass(wait * 1000 + 1000);
      expect((await logIn(new Client(), user.email, WRONG)).status).toBe(401);
    }
    const expected = [60, 120, 240, 480, 900, 900];
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThan(expected[i] - 15);
      expect(wait).toBeLessThanOrEqual(expected[i]);
    });
  });

  it("one address guessing at one account waits out 15 minutes; other people are not slowed by it", async () => {
    const user = await signUp("Pair Peters");
    const guesser = "203.0.113.200";
    for (let i = 0; i < 5; i++)
      expect((await logIn(new Client(), user.email, WRONG, guesser)).status).toBe(401);
    const blocked = await new Client().postJson(
      "/api/auth/login",
      { email: user.email, password: user.password },
      ip(guesser),
    );
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBeGreaterThan(885);
    expect(retryAfter(blocked)).toBeLessThanOrEqual(900);
    // The owner's browser, and (once the account-wide minute has passed) anyone elsewhere, get in.
    const other = await signUp("Pair Peters Two");
    expect((await logIn(new Client(), other.email, other.password, guesser)).status).toBe(302);
    await letTimePass(61_000);
    expect((await logIn(new Client(), user.email, user.password, "198.51.100.99")).status).toBe(302);
    expect((await logIn(new Client(), user.email, user.password, guesser)).status).toBe(429);
  });

  it("the owner's browser counts only its own failures, and is slowed by them alone", async () => {
    const user = await signUp("Typo Tobi");
    const browser = await ownersBrowser(user);
    for (let i = 0; i < 5; i++) expect((await logIn(browser, user.email, WRONG)).status).toBe(401);
    const slowed = await logIn(browser, user.email, user.password);
    expect(slowed.status).toBe(429);
    expect(retryAfter(slowed)).toBeGreaterThan(45);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(60);
    // Its typos did not count against the account: anyone else gets in at once.
    expect((await logIn(new Client(), user.email, user.password)).status).toBe(302);
  });

  it("the owner's successful login clears its own count, never the attacker's", async () => {
    const user = await signUp("Reset Reuben");
    const browser = await ownersBrowser(user);
    for (let i = 0; i < 5; i++) await logIn(new Client(), user.email, WRONG);
    for (let i = 0; i < 4; i++) expect((await logIn(browser, user.email, WRONG)).status).toBe(401);
    expect((await logIn(browser, user.email, user.password)).status).toBe(302);
    await browser.post("/logout", {});
    // The browser's count started again: five more typos are each answered 401, then it is slowed.
    for (let i = 0; i < 5; i++) expect((await logIn(browser, user.email, WRONG)).status).toBe(401);
    expect((await logIn(browser, user.email, user.password)).status).toBe(429);
    // The attacker's account-wide count is untouched by the owner's success.
    expect((await logIn(new Client(), user.email, user.password)).status).toBe(429);

    // Without the device cookie, a success forgives the failures made from that address only.
    const traveller = await signUp("Travel Tari");
    const hotel = "198.51.100.150";
    for (let i = 0; i < 4; i++)
      expect((await logIn(new Client(), traveller.email, WRONG, hotel)).status).toBe(401);
    expect((await logIn(new Client(), traveller.email, traveller.password, hotel)).status).toBe(302);
    for (let i = 0; i < 4; i++)
      expect((await logIn(new Client(), traveller.email, WRONG, hotel)).status).toBe(401);
    expect((await logIn(new Client(), traveller.email, traveller.password, hotel)).status).toBe(302);
  });

  it("one client spraying many accounts is slowed too, with a growing wait", async () => {
    const sprayer = "203.0.113.222";
    for (let i = 0; i < 20; i++) {
      const res = await logIn(new Client(), `victim${i}@example.com`, WRONG, sprayer);
      expect(res.status).toBe(401);
    }
    const user = await signUp("Spray Target");
    const first = await logIn(new Client(), user.email, user.password, sprayer);
    expect(first.status).toBe(429);
    expect(retryAfter(first)).toBeLessThanOrEqual(60);
    await letTimePass(61_000);
    expect((await logIn(new Client(), "victim99@example.com", WRONG, sprayer)).status).toBe(401);
    const second = await logIn(new Client(), user.email, user.password, sprayer);
    expect(second.status).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(60);
    expect(retryAfter(second)).toBeLessThanOrEqual(120);
  });

  it("parallel guesses cannot slip past the limit together", async () => {
    const user = await signUp("Burst Bisi");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        new Client().postJson("/api/auth/login", { email: user.email, password: WRONG }, ip(freshAddress())),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
  });

  it("junk device cookies and junk credentials get clear 4xx answers, never a 500", async () => {
    const user = await signUp("Junk Jide");
    // An unreadable device cookie is no device: the login goes on as from any other browser.
    for (const junk of ["x", "%%%", "e30=", `${"a".repeat(4000)}.sig`, "bnVsbA==.bad", "%E0%A4%A"]) {
      const client = new Client();
      client.cookies.set("medistore_device", junk);
      expect((await logIn(client, user.email, user.password)).status, junk).toBe(302);
    }
    const wrong = new Client();
    wrong.cookies.set("medistore_device", "e30=");
    expect((await logIn(wrong, user.email, WRONG)).status).toBe(401);
    expect((await new Client().post("/login", { email: "nope", password: "" })).status).toBe(400);
    const api = await new Client().postJson("/api/auth/login", { email: user.email, password: 42 });
    expect(api.status).toBe(400);
  });
});
