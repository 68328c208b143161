import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends as long as a real verification, so an unknown user name answers no faster. */
const DUMMY = hash('not a password of anyone');
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(await DUMMY, password);
  return false;
}
