/**
 * Order keys place sentences in the poem without numbering them: a sentence's running number is
 * its rank by key, so inserting, splitting or moving a sentence writes keys for the sentences
 * that moved and no others. A key is a base-36 fraction (`'00b'` = 0.00b₃₆) compared as a
 * (bytewise) string; no key ends in `0`, so there is always room between two keys.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const BASE = 36n;
/** Keys made from numbers have this many digits: room for 36⁵ ≈ 60 million sentences. */
const NUMBER_WIDTH = 5;

export const orderKeyPattern = /^[0-9a-z]*[1-9a-z]$/;

/** The key of the n-th sentence of a poem numbered 1, 2, 3… (events from before keys existed); `i` keeps it from ending in 0. */
export function orderKeyOfNumber(n: number): string {
  return `${n.toString(36).padStart(NUMBER_WIDTH, '0')}i`;
}

/** The first `length` digits of a key as an integer (a key shorter than that is padded with zeros). */
function digitsOf(key: string, length: number): bigint {
  let value = 0n;
  for (let i = 0; i < length; i++) value = value * BASE + BigInt(i < key.length ? DIGITS.indexOf(key[i]!) : 0);
  return value;
}

function keyOf(value: bigint, length: number): string {
  let text = '';
  for (let i = 0, v = value; i < length; i++, v /= BASE) text = DIGITS[Number(v % BASE)] + text;
  return text.replace(/0+$/, '');
}

/**
 * `count` increasing keys strictly between `a` and `b` (null: the start or the end of the poem),
 * evenly spread and as short as the room allows.
 */
export function orderKeysBetween(a: string | null, b: string | null, count: number): string[] {
  if (a !== null && b !== null && a >= b) throw new Error(`order keys out of order: ${a} ≥ ${b}`);
  if (count <= 0) return [];
  for (let length = 1; ; length++) {
    const low = a === null ? 0n : digitsOf(a, length);
    // Below b: b's first `length` digits, or one more when b goes on past them.
    const high = b === null ? BASE ** BigInt(length) : digitsOf(b, length) + (b.length > length ? 1n : 0n);
    const room = high - low - 1n;
    if (room < BigInt(count)) continue;
    const span = high - low;
    return Array.from({ length: count }, (_, i) => keyOf(low + (span * BigInt(i + 1)) / BigInt(count + 1), length));
  }
}

export function orderKeyBetween(a: string | null, b: string | null): string {
  return orderKeysBetween(a, b, 1)[0]!;
}
