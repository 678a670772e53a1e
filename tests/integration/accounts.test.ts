import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, html, ORIGIN, signUp } from "./helpers";

const PASSWORD = "a-strong-passphrase";

function sessionCookie(res: Response) {
  return res.headers.getSetCookie().find((c) => c.startsWith("medistore_session="));
}

describe("register", () => {
  it("creates the account, signs in with a fresh server-side session and lands on /dashboard", async () => {
    const client = new Client();
    const res = await client.post("/register", {
      name: "Ngozi Okafor",
      email: "Ngozi@Example.com",
      password: PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const user = await env.DB.prepare("SELECT email, role, password_hash FROM users").first<
      Record<string, string>
    >();
    expect(user).toMatchObject({ email: "ngozi@example.com", role: "user" });
    expect(user!.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(user!.password_hash).not.toContain(PASSWORD);

    // The session row keeps a hash, never the token itself.
    const token = decodeURIComponent(client.cookies.get("medistore_session")!);
    const session = await env.DB.prepare("SELECT id_hash FROM sessions").first<{ id_hash: string }>();
    expect(session!.id_hash).not.toContain(token.split(".")[0]);

    const dashboard = await html(await client.get("/dashboard"));
    expect(dashboard).toContain("Hello, Ngozi Okafor");
    expect(dashboard).toContain("Registration successful!");
  });

  it("refuses a taken e-mail (any case), a short or long password, a bad e-mail, a missing name", async () => {
    await new Client().post("/register", { name: "A", email: "taken@example.com", password: PASSWORD });
    const cases: [Record<string, string>, number, string][] = [
      [
        { name: "B", email: "TAKEN@example.com", password: PASSWORD },
        409,
        "An account with this email already exists.",
      ],
      [
        { name: "B", email: "b@example.com", password: "short" },
        400,
        "Password must be at least 8 characters.",
      ],
      [
        { name: "B", email: "b@example.com", password: "x".repeat(129) },
        400,
        "Password must be at most 128 characters.",
      ],
      [{ name: "B", email: "b@", password: PASSWORD }, 400, "Please enter a valid email address."],
      [{ name: " ", email: "b@example.com", password: PASSWORD }, 400, "Please enter your full name."],
    ];
    for (const [fields, status, message] of cases) {
      const res = await new Client().post("/register", fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(await html(res)).toContain(message);
    }
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
    expect(count!.n).toBe(1);
  });
});

describe("login and logout", () => {
  it("a wrong password gets the server's message; the right one a new session and the dashboard", async () => {
    const user = await signUp("Tunde Bakare");
    const wrong = await new Client().post("/login", { email: user.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(await html(wrong)).toContain("Invalid email or password.");
    const unknown = await new Client().post("/login", { email: "nobody@example.com", password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(await html(unknown)).toContain("Invalid email or password.");

    const before = user.client.cookies.get("medistore_session");
    const ok = await user.client.post("/login", { email: user.email.toUpperCase(), password: PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard");
    expect(user.client.cookies.get("medistore_session")).not.toBe(before);
    expect(await html(await user.client.get("/dashboard"))).toContain("Login successful!");
  });

  it("admins land on /admin; a safe redirectTo brings a user back; an unsafe one is ignored", async () => {
    const admin = await signUp("Ada Admin", "admin");
    const res = await new Client().post("/login", { email: admin.email, password: PASSWORD });
    expect(res.headers.get("Location")).toBe("/admin");
    const user = await signUp("Bola Back");
    const back = await new Client().post("/login", {
      email: user.email,
      password: PASSWORD,
      redirectTo: "/orders",
    });
    expect(back.headers.get("Location")).toBe("/orders");
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const r = await new Client().post("/login", {
        email: user.email,
        password: PASSWORD,
        redirectTo: evil,
      });
      expect(r.headers.get("Location"), evil).toBe("/dashboard");
    }
  });

  it("logout ends the session on the server: the old cookie no longer works", async () => {
    const user = await signUp("Kemi Logout");
    const stolen = new Client();
    stolen.cookies.set("medistore_session", user.client.cookies.get("medistore_session")!);
    expect((await stolen.get("/dashboard")).status).toBe(200);

    const res = await user.client.post("/logout", {});
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(sessionCookie(res)).toMatch(/Max-Age=0/);
    expect((await stolen.get("/dashboard")).status).toBe(302);
    expect(
      (
        await new Client().get("/api/orders/x@example.com", {
          Authorization: "Bearer nonsense-token-000000000",
        })
      ).status,
    ).toBe(401);
  });

  it("an expired session is no session", async () => {
    const user = await signUp("Expired Eze");
    await env.DB.prepare("UPDATE sessions SET expires_at = ?")
      .bind(Date.now() - 1000)
      .run();
    const res = await user.client.get("/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("throttles password guessing per account with a clear 429, and lets the owner back in after the window", async () => {
    const user = await signUp("Guess Target");
    for (let i = 0; i < 5; i++) {
      const res = await new Client().post("/login", { email: user.email, password: `wrong-${i}-password` });
      expect(res.status).toBe(401);
    }
    const blocked = await new Client().post("/login", { email: user.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(await html(blocked)).toMatch(
      /Too many failed login attempts\. Please wait 1[45] minutes and try again\./,
    );
    const api = await new Client().postJson("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(api.status).toBe(429);

    // The window passes: the real owner gets in, and the count starts again.
    await env.DB.prepare("UPDATE auth_throttle SET window_started_at = ?")
      .bind(Date.now() - 16 * 60 * 1000)
      .run();
    const ok = await new Client().post("/login", { email: user.email, password: PASSWORD });
    expect(ok.status).toBe(302);
  });

  it("throttles one client guessing across many accounts", async () => {
    const ip = { "CF-Connecting-IP": "203.0.113.9" };
    for (let i = 0; i < 20; i++) {
      await new Client().post("/login", { email: `victim${i}@example.com`, password: "whatever-guess" }, ip);
    }
    const user = await signUp("Other Person");
    const blocked = await new Client().post("/login", { email: user.email, password: PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    // Someone else, from another address, is not affected.
    const elsewhere = await new Client().post(
      "/login",
      { email: user.email, password: PASSWORD },
      { "CF-Connecting-IP": "198.51.100.1" },
    );
    expect(elsewhere.status).toBe(302);
  });

  it("refuses a login posted from another site", async () => {
    const user = await signUp("Cross Site");
    const res = await new Client().post(
      "/login",
      { email: user.email, password: PASSWORD },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("junk form input gets a 400, never a 500", async () => {
    for (const path of ["/login", "/register"]) {
      const client = new Client();
      expect((await client.post(path, {})).status, path).toBe(400);
      const garbage = await client.fetch(path, {
        method: "POST",
        body: "%%%",
        headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=nope" },
      });
      expect(garbage.status, path).toBe(400);
    }
  });
});

describe("JSON API: auth", () => {
  it("register and login answer {token, _id, name, email, role}; the token works as a Bearer", async () => {
    const client = new Client();
    const reg = await client.postJson("/api/auth/register", {
      name: "Api User",
      email: "api@example.com",
      password: PASSWORD,
    });
    expect(reg.status).toBe(201);
    const body = (await reg.json()) as Record<string, string>;
    expect(body).toEqual({
      token: expect.any(String),
      _id: expect.any(String),
      name: "Api User",
      email: "api@example.com",
      role: "user",
    });
    expect(JSON.stringify(body)).not.toContain("password");

    const login = await client.postJson("/api/auth/login", { email: "api@example.com", password: PASSWORD });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const orders = await client.get("/api/orders/api@example.com", { Authorization: `Bearer ${token}` });
    expect(orders.status).toBe(200);
    expect(await orders.json()).toEqual({ orders: [] });
  });

  it("errors carry a message and an honest status", async () => {
    const client = new Client();
    await client.postJson("/api/auth/register", {
      name: "Dup",
      email: "dup@example.com",
      password: PASSWORD,
    });
    const cases: [string, unknown, number, string][] = [
      [
        "/api/auth/register",
        { name: "Dup", email: "DUP@example.com", password: PASSWORD },
        409,
        "already exists",
      ],
      ["/api/auth/register", { name: "X", email: "x@example.com", password: "short" }, 400, "at least 8"],
      ["/api/auth/register", { name: "X", email: 42, password: PASSWORD }, 400, "email"],
      [
        "/api/auth/login",
        { email: "dup@example.com", password: "wrong-password" },
        401,
        "Invalid email or password.",
      ],
      ["/api/auth/login", { email: "dup@example.com" }, 400, "password is required"],
      ["/api/auth/login", "not json", 400, "not valid JSON"],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await client.postJson(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
  });
});
