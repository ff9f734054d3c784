import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { MAX_HASHES_AT_ONCE, MAX_HASHES_WAITING } from "~/shared/limits";

// scrypt with N=2^15, r=8: 32 MiB of memory per hash, so guessing is expensive on any hardware.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * N * R * 2;

/** Thrown when the hashing queue is full; a sign-in answers 503 with `SIGN_IN_BUSY`. */
export class PasswordHashingBusy extends Error {
  override name = "PasswordHashingBusy";
  constructor() {
    super("Too many password hashes are waiting.");
  }
}
export const SIGN_IN_BUSY = "The sign-in is busy. Please try again in a moment.";

let running = 0;
const waiting: (() => void)[] = [];
/** What hashing did so far, for tests: hashes started and the most that ever ran at once. */
export const hashingCounts = { started: 0, peak: 0 };

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_HASHES_AT_ONCE) {
    if (waiting.length >= MAX_HASHES_WAITING) throw new PasswordHashingBusy();
    // A finishing hash hands its place straight to the first in the queue.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  hashingCounts.started++;
  hashingCounts.peak = Math.max(hashingCounts.peak, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return limited(() => deriveNow(password, salt, n, r, p));
}

function deriveNow(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** "scrypt$N$r$p$salt$hash" (base64url), with a random 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  return decoy;
}
