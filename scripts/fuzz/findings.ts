/**
 * What is wrong with an answer: a server error (any status ≥ 500 but a deliberate 503), no
 * answer at all, or a leak in the body of any status: a stack trace, a server file path, SQL or
 * a database error, or a script payload unescaped in HTML or XML (reflected or stored).
 */
import { XSS_PAYLOADS } from './hostile-values.js';
import { headerText, type RawResponse } from './http-transport.js';

type FindingKind = 'server-error' | 'no-answer' | 'stack-trace' | 'file-path' | 'sql' | 'xss' | 'refused-with-events';

export interface Finding {
  kind: FindingKind;
  /** What was found, e.g. the matched text. */
  detail: string;
}

const STACK = [/(?:^|\n|\\n)\s*at (?:async )?[^\n\\]*?[:(][^\n\\]*:\d+:\d+\)?/, /node_modules[/\\]/];
const FILE_PATH = [/\/work\/|\/home\/[a-z]|\/usr\/src\/|\/app\/src\/|file:\/\/\//, /\b[\w-]+\.(?:ts|mjs|cjs):\d+/];
const SQL = [
  /\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]{0,200}?\b(?:FROM|VALUES|SET|WHERE)\b/,
  /\b(?:select|insert into|update|delete from) \\?"[a-z_]+\\?"/i,
  /syntax error at or near/i,
  /relation \\?"[^"\\]+\\?"/,
  /column \\?"[^"\\]+\\?" (?:does not exist|of relation)/,
  /invalid input syntax for type/i,
  /violates (?:unique|foreign key|check|not-null) constraint/,
  /duplicate key value/,
  /out of range for type (?:integer|bigint|smallint)/,
  /unsupported Unicode escape sequence/,
  /cannot be converted to text/,
  /invalid byte sequence for encoding/,
];

/**
 * A 503 with its own error code (speech unavailable, not consistent yet…) is the API saying so on
 * purpose; so is a 507 `storage_full` (an upload refused: the site's storage quota or the disk's reserve).
 */
export function isDeliberateUnavailable(response: RawResponse): boolean {
  const code = errorCodeOf(response.body);
  if (response.status === 507) return code === 'storage_full';
  if (response.status !== 503) return false;
  return code !== null && code !== 'internal';
}

export function errorCodeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : null;
  } catch {
    return null;
  }
}

export function findingsOf(response: RawResponse | Error): Finding[] {
  if (response instanceof Error) return [{ kind: 'no-answer', detail: response.message }];
  const findings: Finding[] = [];
  if (response.status >= 500 && !isDeliberateUnavailable(response))
    findings.push({ kind: 'server-error', detail: `${response.status} ${errorCodeOf(response.body) ?? ''}`.trim() });
  const add = (kind: FindingKind, patterns: readonly RegExp[]) => {
    for (const pattern of patterns) {
      const match = pattern.exec(response.body);
      if (match) {
        findings.push({ kind, detail: excerptAround(response.body, match.index, match[0].length) });
        return;
      }
    }
  };
  add('stack-trace', STACK);
  add('file-path', FILE_PATH);
  add('sql', SQL);
  const xss = unescapedScript(response);
  if (xss) findings.push({ kind: 'xss', detail: xss });
  return findings;
}

function excerptAround(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 60), index + length + 60).replace(/\s+/g, ' ');
}

/**
 * A script payload as markup: anywhere in an HTML or SVG answer; in XML (feeds) outside CDATA or
 * inside an HTML-bearing element's CDATA; in JSON inside a field whose name says it is HTML.
 */
function unescapedScript(response: RawResponse): string | null {
  const type = headerText(response.headers, 'content-type').toLowerCase();
  const find = (text: string) => XSS_PAYLOADS.find((payload) => text.includes(payload));
  if (type.includes('html') || type.includes('svg')) {
    const found = find(response.body);
    return found ? `${found} in ${type}` : null;
  }
  if (type.includes('xml')) {
    const htmlCdata = [...response.body.matchAll(/<((?:content:encoded|description|summary|content)\b)[^>]*>\s*<!\[CDATA\[([\s\S]*?)\]\]>/g)]
      .map((m) => m[2] ?? '')
      .join('\n');
    const outsideCdata = response.body.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
    const found = find(outsideCdata) ?? find(htmlCdata);
    return found ? `${found} in ${type}` : null;
  }
  if (type.includes('json')) {
    try {
      const found = htmlFieldWithPayload(JSON.parse(response.body) as unknown, '');
      return found ? `${found.payload} in JSON field ${found.field}` : null;
    } catch {
      return null;
    }
  }
  return null;
}

function htmlFieldWithPayload(json: unknown, key: string): { field: string; payload: string } | null {
  if (typeof json === 'string') {
    const payload = /html/i.test(key) ? XSS_PAYLOADS.find((p) => json.includes(p)) : undefined;
    return payload ? { field: key, payload } : null;
  }
  if (json === null || typeof json !== 'object') return null;
  for (const [k, v] of Object.entries(json)) {
    const found = htmlFieldWithPayload(v, Array.isArray(json) ? key : k);
    if (found) return found;
  }
  return null;
}
