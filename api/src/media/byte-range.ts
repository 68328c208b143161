import type { ByteRange } from '@epos/platform/storage/port';

/**
 * An HTTP Range header against an object of `size` bytes: one range (`a-b`, `a-`, `-n`), the whole
 * object (`null`: no header, several ranges, or a header that is not a byte range, which RFC 9110
 * says to ignore), or 'unsatisfiable' (answered 416).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
