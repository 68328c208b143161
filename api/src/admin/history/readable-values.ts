/** Values of event data as a person reads them on a History tab: never JSON. */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "publishAt" → "Publish at", "series_title" → "Series title": for a field no table names. */
export function inWords(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Text, verse lines (one a line), numbers, yes/no, lists and objects in words; null for nothing. */
export function plainText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const items = value.map(plainText).filter((v): v is string => v !== null);
    return items.join(value.every((v) => typeof v === 'string') ? '\n' : ', ');
  }
  if (isRecord(value)) {
    const parts = Object.entries(value).flatMap(([k, v]) => {
      const text = plainText(v);
      return text === null ? [] : [`${inWords(k)}: ${text}`];
    });
    return parts.length === 0 ? null : parts.join('; ');
  }
  return String(value);
}

export const capitalised = (value: unknown): string | null => {
  const text = plainText(value);
  return text === null ? null : text.charAt(0).toUpperCase() + text.slice(1);
};

/** "2025-03-01 14:05 UTC": one zone for everyone reading the log. */
export function moment(value: unknown): string | null {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return plainText(value);
  return `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function bytes(value: unknown): string | null {
  if (typeof value !== 'number') return plainText(value);
  if (value < 1024) return `${value} bytes`;
  const [size, unit] = value < 1024 * 1024 ? [value / 1024, 'KB'] : [value / 1024 / 1024, 'MB'];
  return `${size.toFixed(size < 10 ? 1 : 0)} ${unit}`;
}

export function duration(value: unknown): string | null {
  if (typeof value !== 'number') return plainText(value);
  const seconds = Math.round(value);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const pixels = (value: unknown): string | null => (typeof value === 'number' ? `${value} px` : plainText(value));

/** An image's thumbnail or web size: "320 × 200 px, 14 KB, image/webp". */
export function derivative(value: unknown): string | null {
  if (!isRecord(value)) return plainText(value);
  return `${String(value.width)} × ${String(value.height)} px, ${bytes(value.size) ?? '?'}, ${String(value.mime)}`;
}

/** Media items, one a line: "Title — address", or the address alone. */
export function mediaItems(value: unknown): string | null {
  if (!Array.isArray(value)) return plainText(value);
  const lines = value.map((item) =>
    isRecord(item) ? (typeof item.title === 'string' && item.title !== '' ? `${item.title} — ${String(item.url)}` : String(item.url)) : plainText(item),
  );
  return lines.length === 0 ? null : lines.join('\n');
}

/** A canto's or book's PDF: "address (2024-05-01)". */
export const pdfLink = (value: unknown): string | null => (isRecord(value) ? `${String(value.url)} (${String(value.date)})` : plainText(value));

/** Word relations, one a line: “kindled”: words 3 to 5. */
export function wordRelations(value: unknown): string | null {
  if (!Array.isArray(value)) return plainText(value);
  const lines = value.map((r) => (isRecord(r) ? `“${String(r.SText)}”: words ${String(r.Snumber)} to ${String(r.Enumber)}` : plainText(r)));
  return lines.length === 0 ? null : lines.join('\n');
}

/** Sentences by number: "12, 13". */
export const sentenceList = (value: unknown): string | null => (Array.isArray(value) ? value.map(String).join(', ') || null : plainText(value));

export function words(table: Readonly<Record<string, string>>): (value: unknown) => string | null {
  return (value) => (typeof value === 'string' && table[value] !== undefined ? table[value] : capitalised(value));
}
