/** Pure formatting for the system status card: labels, tones and numbers. */

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

const DIGITS = /^\d+$/;

/** Groups the digits of a non-negative integer of any size: "1234567" → "1,234,567". Anything else gives "—". */
export function formatCount(value: string): string {
  const digits = value.trim();
  if (!DIGITS.test(digits)) return '—';
  const normal = digits.replace(/^0+(?=\d)/, '');
  return normal.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** How far a projection is behind the head of the event log, in words. */
export function formatLag(lag: string): string {
  const grouped = formatCount(lag);
  if (grouped === '—') return '—';
  if (grouped === '0') return 'Up to date';
  return grouped === '1' ? '1 event behind' : `${grouped} events behind`;
}

const HEALTH_LABELS: Record<string, string> = { ok: 'Operational', degraded: 'Degraded' };
const PROJECTION_LABELS: Record<string, string> = {
  live: 'Live',
  'catching-up': 'Catching up',
  failed: 'Failed',
  idle: 'Idle',
};

function humanise(status: string): string {
  const words = status.trim().replace(/[-_]+/g, ' ');
  return words === '' ? 'Unknown' : words.charAt(0).toUpperCase() + words.slice(1);
}

/** Label of the overall status ("ok" → "Operational"). */
export function healthStatusLabel(status: string): string {
  return HEALTH_LABELS[status] ?? humanise(status);
}

/** Label of a projection's status ("catching-up" → "Catching up"). */
export function projectionStatusLabel(status: string): string {
  return PROJECTION_LABELS[status] ?? humanise(status);
}

const TONES: Record<string, Tone> = {
  ok: 'good',
  live: 'good',
  degraded: 'warn',
  'catching-up': 'warn',
  failed: 'bad',
  idle: 'neutral',
};

/** Colour family for a health or projection status; unknown values are neutral. */
export function statusTone(status: string): Tone {
  return TONES[status] ?? 'neutral';
}

