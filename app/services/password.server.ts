/**
 * Password hashing per OWASP's Password Storage Cheat Sheet: scrypt with N=2^14, r=8, p=5 (16 MiB), a
 * random 16-byte salt per password. PBKDF2 at OWASP's 600,000 iterations is not possible on Workers
 * (capped at 100,000 in production), scrypt from node:crypto (nodejs_compat) is.
 * Stored as scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without a migration.
 */
import { scrypt as scryptCallback, timingSafeEqual, randomBytes } from "node:crypto";

const N = 2 ** 14;
const R = 8;
const P = 5;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(
      password.normalize("NFKC"),
      salt,
      keyLength,
      { N: n, r, p, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, N, R, P, KEY_LENGTH);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(
    password,
    Buffer.from(salt, "base64"),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on unknown e-mails too, so response time does not reveal which addresses have accounts. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
}
