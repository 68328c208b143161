/**
 * The hostile values put into every parameter and body field. Tier 1 is the quick subset (the
 * test in `npm test`); a full run uses both tiers. Each value says how it travels: in a JSON body
 * (`json`, any JSON value), in a URL and in a form (`url`, already percent-encoded; null: not sent
 * that way).
 */
import { percentEncode } from './percent-encoding.js';

export interface HostileValue {
  name: string;
  tier: 1 | 2;
  /** The JSON value sent in bodies; `undefined`: not sent in JSON. */
  json: unknown;
  /** The percent-encoded text sent in paths, queries and forms; null: not sent there. */
  url: string | null;
  /** A number written in a way no client should (`true`, `[1]`, `"0x1"`, `" 1 "`…): accepting it where a number is expected is lenient. */
  nonCanonicalNumber?: boolean;
}

const text = (name: string, value: string, tier: 1 | 2): HostileValue => ({ name, tier, json: value, url: percentEncode(value) });
const urlOnly = (name: string, url: string, tier: 1 | 2): HostileValue => ({ name, tier, json: undefined, url });
const number = (name: string, json: unknown, url: string, tier: 1 | 2, options: { nonCanonical?: boolean } = {}): HostileValue => ({
  name,
  tier,
  json,
  url,
  nonCanonicalNumber: options.nonCanonical ?? false,
});
const jsonOnly = (name: string, json: unknown, tier: 1 | 2): HostileValue => ({ name, tier, json, url: null });

/** An object whose own key is `__proto__` (an object literal would set the prototype instead). */
const protoObject = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;

export const XSS_PAYLOADS = ['<svg/onload=alert(1)>', '"><script>alert(1)</script>'] as const;

const hostileValues: readonly HostileValue[] = [
  text('NUL', '\u0000', 1),
  text('NUL inside', 'a\u0000b', 2),
  text('lone high surrogate', '\ud800', 1),
  text('lone low surrogate', 'x\udfff', 2),
  text('C0/C1 controls', 'a\u0008\u001b[31m\u0085\u009b\r\nz', 1),
  text('backspace', '\u0008', 2),
  text('DEL', 'a\u007fb', 2),
  text('U+FFFF', '\uffff', 2),
  text('CR/LF', 'line\r\nX-Injected: 1', 2),
  text('100k string', 'a'.repeat(100_000), 1),
  text('10k multibyte', 'é'.repeat(10_000), 2),
  text('empty', '', 2),
  text('spaces', '   ', 2),
  text('path traversal', '../../etc/passwd', 2),
  urlOnly('encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', 2),
  text('backslash traversal', '..\\..\\windows\\win.ini', 2),
  text('XSS svg', XSS_PAYLOADS[0], 1),
  text('XSS script', XSS_PAYLOADS[1], 2),
  text('SQL', "' OR 1=1--", 2),
  text('SQL drop', '1; DROP TABLE events;--', 2),
  text('RTL override', '\u202Eevil\u202C', 2),
  text('zero-width', 'a\u200B\u200D\uFEFFb', 2),
  text('emoji', '😀👨‍👩‍👧', 2),
  text('combining', 'e\u0301\u0301\u0301\u0301', 2),
  text('format string', '%s%n%x${7*7}{{7*7}}', 2),
  urlOnly('invalid UTF-8 %C0%AF', '%C0%AF', 1),
  urlOnly('invalid UTF-8 %FF', '%FF', 2),
  urlOnly('truncated UTF-8', '%E0%80', 2),
  urlOnly('bad escape', '%zz%', 2),
  number('2147483648', 2147483648, '2147483648', 1),
  number('9223372036854775808', 2 ** 63, '9223372036854775808', 1),
  number('-1', -1, '-1', 1),
  number('0', 0, '0', 2),
  number('-2147483649', -2147483649, '-2147483649', 2),
  number('1e308', 1e308, '1e308', 2),
  number('1.5', 1.5, '1.5', 2),
  number('-0', -0, '-0', 2),
  number('NaN', 'NaN', 'NaN', 2),
  number('Infinity', 'Infinity', 'Infinity', 2),
  number('true', true, 'true', 1, { nonCanonical: true }),
  number('[1]', [1], '%5B1%5D', 1, { nonCanonical: true }),
  number('"0x1"', '0x1', '0x1', 1, { nonCanonical: true }),
  number('" 1 "', ' 1 ', '%201%20', 1, { nonCanonical: true }),
  number('"1.0"', '1.0', '1.0', 2, { nonCanonical: true }),
  number('"01"', '01', '01', 2, { nonCanonical: true }),
  number('"1e0"', '1e0', '1e0', 2, { nonCanonical: true }),
  number('"+1"', '+1', '%2B1', 2, { nonCanonical: true }),
  jsonOnly('object', { a: 1 }, 1),
  jsonOnly('null', null, 1),
  jsonOnly('empty array', [], 2),
  jsonOnly('array of strings', ['a', 'b'], 2),
  jsonOnly('false', false, 2),
  jsonOnly('__proto__ object', protoObject, 2),
  jsonOnly('constructor object', { constructor: { prototype: { polluted: true } } }, 2),
  text('__proto__', '__proto__', 2),
  text('constructor', 'constructor', 2),
];

export function valuesOfTier(maxTier: 1 | 2): HostileValue[] {
  return hostileValues.filter((v) => v.tier <= maxTier);
}
