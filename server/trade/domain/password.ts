// Password hashing with scrypt (memory-hard, in node:crypto): "scrypt$N$r$p$salt$hash".
import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export function hashPassword(password: string, salt = randomBytes(16)): string {
  const hash = scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64"), hash.toString("base64")].join("$");
}

let dummy: string | undefined;

/**
 * Whether `password` matches the stored hash. Without a stored hash (an unknown account, one without a password) the
 * scrypt work is done all the same, against a throwaway hash, and the answer is no: the time of the answer does not tell
 * an unknown account from a known one.
 */
export function verifyPassword(password: string, stored: string | null | undefined): boolean {
  if (!stored) {
    dummy ??= hashPassword(randomBytes(16).toString("hex"));
    verifyPassword(password, dummy);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = scryptSync(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
