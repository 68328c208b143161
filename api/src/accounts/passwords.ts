import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { clientAddress, type RateLimits } from './rate-limits.js';
import { passwordCheckLimits } from './write-limits.js';

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends as long as a real verification, so an unknown user name answers no faster. */
const DUMMY = hash('not a password of anyone');

/**
 * The one way to check a password: each check first counts against the account's and the
 * caller's address's limits (429 when over), so guessing is slow however the guesser comes in.
 */
export class PasswordChecks {
  constructor(private readonly limits: RateLimits) {}

  /** Whether `password` is the account's; for an account that does not exist (no hash), false after as long. */
  async verify(request: FastifyRequest, userName: string, passwordHash: string | undefined, password: string): Promise<boolean> {
    await this.limits.take(
      request,
      [passwordCheckLimits.perAccount, `password:account:${userName.toLowerCase()}`],
      [passwordCheckLimits.perAddress, `password:address:${clientAddress(request)}`],
    );
    const matches = await verifyPassword(passwordHash ?? (await DUMMY), password);
    return passwordHash !== undefined && matches;
  }
}
