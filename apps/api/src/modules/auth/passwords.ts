import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with m = 19 MiB, t = 2, p = 1 (OWASP's first recommendation; docs/security.md "Secrets
 * at rest"). `Algorithm` is a const enum in the binding's types, which erasable TypeScript
 * cannot reference, hence the literal (2 = Argon2id).
 */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

/**
 * The longest secret that is hashed. The contract caps passwords at 64 characters; the sign-in
 * form is not validated by a schema, so anything longer is refused without hashing it.
 */
export const MAX_SECRET_LENGTH = 256;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** Whether `plain` matches `stored`. A malformed stored hash is a mismatch, never an exception. */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  if (plain.length > MAX_SECRET_LENGTH) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Computes the dummy hash ahead of the first sign-in with an unknown id, which would otherwise be
 * slower than every later one (a one-off timing signal). Call once when the service is built.
 */
export function primeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

/**
 * Spends the same time as a real verification and answers false. Used when the id is unknown, so
 * that an attacker cannot tell taken ids from free ones by the time a sign-in takes.
 */
export async function verifyDummy(plain: string): Promise<false> {
  await verifyPassword(await primeDummyHash(), plain.slice(0, MAX_SECRET_LENGTH));
  return false;
}
