import { z } from 'zod';

const SEALED = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** What each sealed field holds once unsealed: the schema its value was checked against before sealing. */
export const sealedContents = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A field of personal data sealed with its owner's key (AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>`
 * in base64url; see projections/src/accounts/sealing.ts), holding a value of `holds`. Its length is
 * bounded by what `holds` admits: JSON of at most `maxChars` characters, each at most six bytes
 * (an escaped control character), in base64url.
 */
export function sealedField(holds: z.ZodType, maxChars: number) {
  const field = z.string().max(sealedLength(maxChars)).regex(SEALED, 'expected sealed data');
  sealedContents.set(field, holds);
  return field;
}

function sealedLength(maxChars: number): number {
  const base64 = (bytes: number) => Math.ceil(bytes / 3) * 4;
  return 'v1...'.length + base64(12) + base64(16) + base64(6 * maxChars + 2);
}
