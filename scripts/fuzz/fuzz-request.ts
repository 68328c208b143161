/** One request the fuzzer sends, and who sends it. */
export const IDENTITY_NAMES = ['admin', 'blogger', 'reader', 'anonymous'] as const;
export type IdentityName = (typeof IDENTITY_NAMES)[number];

export interface FuzzRequest {
  /** The operation it targets, e.g. `GET /api/blogs/{blog}`. */
  route: string;
  method: string;
  /** Path and query, already percent-encoded, sent as they are. */
  path: string;
  identity: IdentityName;
  headers: Record<string, string>;
  body: string | Buffer | null;
  /** What this request changes from a valid one, e.g. `query page = NUL`. */
  attack: string;
  /** Carries a non-canonical number (`true`, `[1]`, `"0x1"`…) where a number is expected. */
  nonCanonicalNumber: boolean;
  /** Sent without (`omit`) or with a wrong (`wrong`) anti-forgery token instead of the identity's. */
  csrf?: 'omit' | 'wrong';
}

/** A request before an identity is chosen for it. */
export type RequestVariant = Omit<FuzzRequest, 'identity'>;

/** A whole body attack: what is sent, with which content type (null: no content-type header). */
export interface BodyAttack {
  name: string;
  tier: 1 | 2;
  contentType: string | null;
  body: string | Buffer;
}
