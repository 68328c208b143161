// C0 and C1 controls other than whitespace, the non-characters U+FFFE/U+FFFF and (with the u flag) unpaired surrogates.
const UNPRINTABLE = /(?![\s\u0085])[\p{Cc}\ufffe\uffff\ud800-\udfff]/gu;
// NEL (U+0085) is not \s to JavaScript, but mail programs may break the line at it.
const WHITESPACE = /[\s\u0085]+/g;

/**
 * User text made fit for one line of a mail header, such as a subject: controls removed, every
 * run of whitespace (line breaks included) one space, trimmed, and at most `max` characters,
 * ending in "…" when cut (at a space when one is near).
 */
export function oneLine(text: string, max = 200): string {
  const line = text.replace(UNPRINTABLE, '').replace(WHITESPACE, ' ').trim();
  return line.length <= max ? line : capped(line, max);
}

function capped(line: string, max: number): string {
  let cut = line.slice(0, max - 1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (line[cut.length] !== ' ' && space >= max / 2) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
