import type { SecretBox } from '../../lib/secrets.ts';

/**
 * Operators' TOTP secrets at rest (docs/security.md, "Secrets at rest"): `operators.totp_secret`
 * and `totp_pending_secret` hold `secrets.seal(base32)` (AES-256-GCM under SECRETS_KEY, the form
 * `v1:<iv>:<tag>:<ciphertext>` of lib/secrets.ts). Rows written before secrets were sealed hold
 * the plain base32: they are still read, and sealed at the start of the server
 * (`sealLegacyTotpSecrets`) or at their next successful use, whichever comes first.
 */
const SEALED_PREFIX = 'v1:';
const BASE32 = /^[A-Za-z2-7]+=*$/;

/** Whether a stored value is in the sealed form (it may still fail to open under this key). */
export function isSealedTotpSecret(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/**
 * A stored TOTP secret opened: a sealed value under this key, or a plain base32 value written
 * before secrets were sealed (`legacy`: the caller seals it again). null when it cannot be opened
 * (sealed under another key, tampered with, or neither form): the caller fails closed, as for a
 * wrong code. The secret never leaves the caller (no log, no audit).
 */
export function openTotpSecret(box: SecretBox, stored: string): { secret: string; legacy: boolean } | null {
  if (!isSealedTotpSecret(stored)) return BASE32.test(stored) ? { secret: stored, legacy: true } : null;
  try {
    return { secret: box.open(stored), legacy: false };
  } catch {
    return null;
  }
}
