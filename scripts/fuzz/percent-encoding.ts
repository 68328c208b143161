/**
 * Percent-encoding of any JavaScript string, lone surrogates included: those are written as the
 * three bytes WTF-8 gives them (`\ud800` → `%ED%A0%80`), which are invalid UTF-8, as a client
 * that encodes code units blindly sends them. `encodeURIComponent` throws on them instead.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    if (/^[A-Za-z0-9\-_.~]$/.test(char)) out += char;
    else for (const byte of wtf8Bytes(char.codePointAt(0)!)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** UTF-8 bytes of a code point, surrogate code points included (WTF-8). */
function wtf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  return [0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 0x3f), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
}

/** A form (application/x-www-form-urlencoded) body from already-encoded values. */
export function formBody(fields: readonly (readonly [string, string])[]): string {
  return fields.map(([name, value]) => `${percentEncode(name)}=${value}`).join('&');
}
