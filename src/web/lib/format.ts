/** Shown where a value is missing (no date, no duration). */
export const EMPTY_VALUE = '—';

/**
 * Track and release durations as m:ss (minutes are not capped at 59: 75 minutes is '75:00').
 * Whole seconds, rounded down, as a player shows them. Missing or invalid input gives EMPTY_VALUE.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return EMPTY_VALUE;
  const totalSeconds = Math.floor(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(date: Date, timeZone: string | undefined, withTime: boolean): Record<string, string> {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  });
  const result: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) result[part.type] = part.value;
  return result;
}

export interface DateFormatOptions {
  /** IANA zone; the browser's own zone when absent. */
  timeZone?: string;
}

/** Day/month/year with time, e.g. '07/03/2025 14:05'. Missing or unparseable input gives EMPTY_VALUE. */
export function formatDateTime(value: Date | string | number | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const p = parts(date, options.timeZone, true);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * Day/month/year, e.g. '07/03/2025'. A bare 'YYYY-MM-DD' (a release date) is a calendar date, not
 * an instant, so it is shown as written whatever the browser's time zone.
 */
export function formatDate(value: Date | string | number | null | undefined, options: DateFormatOptions = {}): string {
  if (typeof value === 'string') {
    const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (calendarDate) return `${calendarDate[3]}/${calendarDate[2]}/${calendarDate[1]}`;
  }
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const p = parts(date, options.timeZone, false);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * Cuts text to at most `maxLength` characters and marks the cut with '...' (so error text truncated
 * at 100 keeps its first 100 characters). Short text comes back unchanged; null gives ''.
 */
export function truncate(text: string | null | undefined, maxLength: number): string {
  if (text === null || text === undefined) return '';
  const limit = Math.max(0, Math.trunc(maxLength));
  const characters = Array.from(text); // by code point, so an emoji is never split in half
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('')}...`;
}

/** Job ids are shown as their first 8 characters. */
export function shortId(id: string | null | undefined, length = 8): string {
  if (!id) return EMPTY_VALUE;
  return id.slice(0, length);
}

/** Integer counts with thousands separators: 12345 -> '12,345'. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_VALUE;
  return new Intl.NumberFormat('en-US').format(value);
}
