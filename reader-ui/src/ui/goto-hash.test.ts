import { describe, expect, it } from 'vitest';
import { gotoHashId, isPlainClick } from './goto-hash';

describe('GotoHash links', () => {
  it('reads the anchor id of an in-page link', () => {
    expect(gotoHashId('#s12')).toBe('s12');
    expect(gotoHashId('#note%20one')).toBe('note one');
    expect(gotoHashId('#%E0%A4')).toBe('%E0%A4');
    expect(gotoHashId('#')).toBeNull();
    expect(gotoHashId('/12#s3')).toBeNull();
    expect(gotoHashId(null)).toBeNull();
  });

  it('takes over only plain clicks', () => {
    const plain = { button: 0, defaultPrevented: false, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
    expect(isPlainClick(plain)).toBe(true);
    expect(isPlainClick({ ...plain, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false);
    expect(isPlainClick({ ...plain, defaultPrevented: true })).toBe(false);
  });
});
