import { GENERIC_ERROR } from './messages';
import { postJson, problemOf, type Result } from './http';

/**
 * The spec's answer to a command (accounts, notes, the poem's edits, comments): `{ type: 1, message? }`,
 * or `{ type: 0, error }` with a 4xx status; some say only `{ message }` ("Post deleted") or nothing.
 * The site's own refusals (a stale form, too many tries) come in its error shape instead.
 */
export interface Done {
  /** The server's sentence for the success, when it said one. */
  readonly message: string | undefined;
  /** The answer's JSON as it came (null when there was none), for fields beyond the message. */
  readonly body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export type CommandAnswer = { readonly ok: true; readonly message?: string } | { readonly ok: false; readonly error: string };

/**
 * Reads a command's answer. Success needs a 2xx status and `type: 1` (or, for the writes that send
 * no `type`, their message or nothing); anything else is a failure showing the server's `error` (or
 * `message`), or the spec's generic text when the body says nothing usable.
 */
export function readCommandAnswer(statusOk: boolean, body: unknown): CommandAnswer {
  if (statusOk && body === null) return { ok: true };
  if (!isRecord(body)) return { ok: false, error: GENERIC_ERROR };
  const message = text(body.message);
  if (statusOk && (body.type === 1 || !('type' in body))) {
    const said = message ?? text(body.error);
    return said === undefined ? { ok: true } : { ok: true, message: said };
  }
  // The site's error shape (with `statusCode`) has a code in `error`; its `message` is the sentence to show.
  const error = typeof body.statusCode === 'number' ? undefined : text(body.error);
  return { ok: false, error: error ?? message ?? GENERIC_ERROR };
}

/** POSTs a command (JSON, with the anti-forgery token); a failure's message is the spec's reading of the answer. */
export async function postCommand(url: string, body: Readonly<Record<string, unknown>>): Promise<Result<Done>> {
  const result = await postJson<unknown>(url, body);
  if (!result.ok) return result;
  const answer = readCommandAnswer(true, result.data);
  if (!answer.ok) return { ok: false, status: result.status, message: answer.error, problem: problemOf(result.data) };
  return { ...result, data: { message: answer.message, body: result.data } };
}
