import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a link or cookie, and the hash that is stored instead of it. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Stored secrets are looked up by their SHA-256: comparing hashes of random 256-bit secrets in an
 * index reveals nothing useful through timing, and the secret itself is never stored.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
