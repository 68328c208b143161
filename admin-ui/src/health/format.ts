/** Pure formatting for the console's health panel: labels, chip colours and numbers. */

export type ChipColor = 'success' | 'warning' | 'error' | 'default';

const DIGITS = /^\d+$/;

/** Groups the digits of a non-negative integer of any size ("1234567" → "1,234,567"); anything else gives "—". */
export function formatCount(value: string): string {
  const digits = value.trim();
  if (!DIGITS.test(digits)) return '—';
  return digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Projection lag in events ("0" → "up to date"). */
export function formatLag(lag: string): string {
  const grouped = formatCount(lag);
  if (grouped === '—' || grouped === '0') return grouped === '0' ? 'up to date' : '—';
  return `${grouped} ${grouped === '1' ? 'event' : 'events'} behind`;
}

/** Whether a lag is large enough to flag: above the threshold, or unreadable. */
export function isLagging(lag: string, threshold = 0n): boolean {
  const digits = lag.trim();
  if (!DIGITS.test(digits)) return true;
  return BigInt(digits) > threshold;
}

const LABELS: Record<string, string> = {
  ok: 'OK',
  degraded: 'Degraded',
  live: 'Live',
  'catching-up': 'Catching up',
  failed: 'Failed',
  idle: 'Idle',
};

/** Human label of a health or projection status; unknown ones are humanised. */
export function statusLabel(status: string): string {
  const known = LABELS[status];
  if (known) return known;
  const words = status.trim().replace(/[-_]+/g, ' ');
  return words === '' ? 'Unknown' : words.charAt(0).toUpperCase() + words.slice(1);
}

const COLORS: Record<string, ChipColor> = {
  ok: 'success',
  live: 'success',
  degraded: 'warning',
  'catching-up': 'warning',
  failed: 'error',
};

/** MUI Chip colour for a health or projection status. */
export function statusColor(status: string): ChipColor {
  return COLORS[status] ?? 'default';
}
