/**
 * PostgreSQL refusing a value because of what it is (SQLSTATE class 22, data exception), as
 * opposed to a fault of the query or the server: the request's own data is at fault.
 * Answers a message naming the problem for the person who sent it (no SQL, no table, no path),
 * or null when the error is not one of these.
 */
const CHARACTER = 'The text contains a character that cannot be stored (such as a NUL character or an unpaired surrogate).';
const MESSAGES: Record<string, string> = {
  '22P02': 'A value in the request is not in a form that can be stored.', // invalid_text_representation
  '22021': CHARACTER, // character_not_in_repertoire
  '22P05': CHARACTER, // untranslatable_character
  '22003': 'A number in the request is out of range.', // numeric_value_out_of_range
  '22001': 'A text in the request is too long.', // string_data_right_truncation
  '22007': 'A date or time in the request is not valid.', // invalid_datetime_format
  '22008': 'A date or time in the request is out of range.', // datetime_field_overflow
};

export function invalidInputMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, severity, message } = error as { code?: unknown; severity?: unknown; message?: unknown };
  // Only errors PostgreSQL sent (they carry a severity), not Node's own errors with a `code`.
  if (typeof code !== 'string' || typeof severity !== 'string') return null;
  const known = MESSAGES[code];
  if (!known) return null;
  // "invalid input syntax for type json" with a Unicode detail: a lone surrogate in a JSON string.
  if (code === '22P02' && typeof message === 'string' && /json/i.test(message)) return CHARACTER;
  return known;
}
