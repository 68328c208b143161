import { describe, expect, it } from 'vitest';
import { BIDI_CONTROLS, bidiControlIn, withoutBidiControls, withoutBidiRuns } from './bidi.js';

describe('bidirectional controls', () => {
  it('lists exactly the characters of Unicode’s Bidi_Control property', () => {
    const property: number[] = [];
    for (let code = 0; code <= 0x10ffff; code++)
      if (!(code >= 0xd800 && code <= 0xdfff) && /\p{Bidi_Control}/u.test(String.fromCodePoint(code))) property.push(code);
    expect([...BIDI_CONTROLS.keys()].sort((a, b) => a - b)).toEqual(property);
  });

  it('finds the run controls always and the marks only when asked, naming each', () => {
    expect(bidiControlIn('Invoice \u202efdp.exe', { marks: false })).toEqual({ code: 0x202e, kind: 'override', name: 'right-to-left override' });
    expect(bidiControlIn('a\u2068b\u2069', { marks: false })).toMatchObject({ kind: 'isolate', name: 'first strong isolate' });
    expect(bidiControlIn('שלום\u200f (2)', { marks: false })).toBeNull();
    expect(bidiControlIn('שלום\u200f (2)', { marks: true })).toMatchObject({ kind: 'mark', name: 'right-to-left mark' });
  });

  it('takes out run controls and leaves right-to-left writing, its marks and the joiners other scripts need', () => {
    const text = 'مرحبا\u061c 12 — שלום\u200f (2) — نامه\u200cها — क्\u200dष';
    expect(withoutBidiRuns(`\u202e${text}\u202c\u2067x\u2069`)).toBe(`${text}x`);
    expect(withoutBidiControls(`\u202e${text}`)).toBe('مرحبا 12 — שלום (2) — نامه\u200cها — क्\u200dष');
  });
});
