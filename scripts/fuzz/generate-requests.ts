/**
 * The whole run's requests: every operation's variants (./request-variants.ts), each given an
 * identity, interleaved one operation at a time so a run cut short by time still covers every
 * route evenly. The same seed gives the same requests.
 */
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { IDENTITY_NAMES, type FuzzRequest, type IdentityName, type RequestVariant } from './fuzz-request.js';
import type { Operation } from './openapi-operations.js';
import { baselineOf, variantsOf } from './request-variants.js';
import type { ValueContext } from './valid-values.js';
import type { ValuePool } from './value-pool.js';

interface GenerateOptions {
  operations: readonly Operation[];
  pool: ValuePool;
  seed: number;
  /** 1: the quick subset of hostile values; 2: all of them. */
  tier: 1 | 2;
  /** Who got past each route's permission check with a valid request; everyone when unknown. */
  allowed?: (route: string) => readonly IdentityName[];
}

/** A number from a route's name, so each operation's random choices do not depend on the others. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** Every valid request of every operation, once per identity: sent first, they tell who may call what. */
export function baselineRequests(options: Pick<GenerateOptions, 'operations' | 'pool' | 'seed'>): FuzzRequest[] {
  return options.operations.flatMap((operation) => {
    const baseline = baselineOf(operation, contextOf(options, operation));
    return IDENTITY_NAMES.map((identity) => withIdentity(baseline, identity));
  });
}

export function generateRequests(options: GenerateOptions): FuzzRequest[] {
  const perOperation = options.operations.map((operation, index) => {
    const context = { ...contextOf(options, operation), tier: options.tier, index };
    const variants = variantsOf(operation, context);
    shuffle(variants, context.random);
    const allowed = options.allowed?.(operation.route) ?? IDENTITY_NAMES;
    return assignIdentities(variants, allowed.length > 0 ? allowed : IDENTITY_NAMES, hashOf(operation.route));
  });
  return interleave(perOperation);
}

function contextOf(options: Pick<GenerateOptions, 'pool' | 'seed'>, operation: Operation): ValueContext {
  return { pool: options.pool, random: seededRandom(options.seed ^ hashOf(operation.route)) };
}

/**
 * Mostly those allowed to call the route (the hostile value then meets the code behind the
 * permission check); every eighth request someone refused, to check refusals record nothing.
 */
export function assignIdentities(variants: readonly RequestVariant[], allowed: readonly IdentityName[], offset: number): FuzzRequest[] {
  const refused = IDENTITY_NAMES.filter((name) => !allowed.includes(name));
  return variants.map((variant, i) => {
    const identity = refused.length > 0 && i % 8 === 7 ? refused[Math.floor(i / 8) % refused.length]! : allowed[(i + offset) % allowed.length]!;
    return withIdentity(variant, identity);
  });
}

function withIdentity(variant: RequestVariant, identity: IdentityName): FuzzRequest {
  return { ...variant, identity };
}

/** One from each list in turn until all are used. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
