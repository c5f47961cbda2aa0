import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (provider signing secrets): AES-256-GCM under the key of `SECRETS_KEY`, 32 bytes
 * written as 64 hex digits or as base64. Each value has its own random 96-bit IV; the stored form
 * is `v1:<iv>:<tag>:<ciphertext>` (base64url), so a tampered value fails to decrypt instead of
 * yielding another secret.
 */
export class SecretsKeyError extends Error {}

/** The key of a `SECRETS_KEY` value, or a SecretsKeyError saying what is wrong with it. */
export function parseSecretsKey(raw: string): Buffer {
  const value = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64')
      : undefined;
  if (!key || key.length !== 32)
    throw new SecretsKeyError('SECRETS_KEY must be 32 bytes: 64 hex digits or 44 characters of base64');
  return key;
}

export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The embedded database's key when SECRETS_KEY is not set: read from `<dataDir>/secrets.key`, or
 * made and written there (mode 0600) on the first start. It lives beside the data it protects, so
 * it protects copies of the database dump, not of the folder: production sets SECRETS_KEY.
 */
export function embeddedSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  try {
    return parseSecretsKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two processes starting at once cannot both write a key; the loser reads the winner's.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return parseSecretsKey(readFileSync(file, 'utf8'));
    throw error;
  }
}

export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext, or a thrown error for a value that was not sealed with this key. */
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretsKeyError('the secrets key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined)
        throw new SecretsKeyError('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
