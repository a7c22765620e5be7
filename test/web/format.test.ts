import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formatCount, formatDate, formatDateTime, formatDuration, shortId, truncate } from '@/web/lib/format';

describe('formatDuration (m:ss)', () => {
  it('pads seconds to two digits', () => {
    expect(formatDuration(185_000)).toBe('3:05');
    expect(formatDuration(59_000)).toBe('0:59');
    expect(formatDuration(0)).toBe('0:00');
  });

  it('drops partial seconds rather than rounding up', () => {
    expect(formatDuration(185_999)).toBe('3:05');
  });

  it('lets minutes run past 59 for long releases', () => {
    expect(formatDuration(75 * 60_000 + 1_000)).toBe('75:01');
  });

  it('shows a dash for missing or impossible values', () => {
    expect(formatDuration(null)).toBe(EMPTY_VALUE);
    expect(formatDuration(undefined)).toBe(EMPTY_VALUE);
    expect(formatDuration(-1)).toBe(EMPTY_VALUE);
    expect(formatDuration(Number.NaN)).toBe(EMPTY_VALUE);
  });
});

describe('formatDateTime and formatDate (day/month/year)', () => {
  it('formats an instant as DD/MM/YYYY HH:mm in the given zone', () => {
    expect(formatDateTime('2025-03-07T14:05:00Z', { timeZone: 'UTC' })).toBe('07/03/2025 14:05');
    expect(formatDateTime('2025-03-07T14:05:00Z', { timeZone: 'Europe/Amsterdam' })).toBe('07/03/2025 15:05');
  });

  it('uses a 24-hour clock at midnight', () => {
    expect(formatDateTime(Date.UTC(2024, 11, 31, 0, 7), { timeZone: 'UTC' })).toBe('31/12/2024 00:07');
  });

  it('shows a calendar date as written, whatever the zone', () => {
    expect(formatDate('2024-01-02', { timeZone: 'America/Los_Angeles' })).toBe('02/01/2024');
    expect(formatDate(new Date('2024-06-30T23:30:00Z'), { timeZone: 'UTC' })).toBe('30/06/2024');
  });

  it('shows a dash for missing or unparseable dates', () => {
    expect(formatDateTime(null)).toBe(EMPTY_VALUE);
    expect(formatDateTime('not a date')).toBe(EMPTY_VALUE);
    expect(formatDate('')).toBe(EMPTY_VALUE);
  });
});

describe('truncate', () => {
  it('keeps the first n characters and marks the cut', () => {
    const error = 'x'.repeat(150);
    const shown = truncate(error, 100);
    expect(shown).toBe(`${'x'.repeat(100)}...`);
  });

  it('leaves text at or under the limit unchanged', () => {
    expect(truncate('short', 100)).toBe('short');
    expect(truncate('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('ab🎵cd', 3)).toBe('ab🎵...');
  });

  it('treats null as empty text', () => {
    expect(truncate(null, 10)).toBe('');
  });
});

describe('shortId and formatCount', () => {
  it('shows job ids as their first 8 characters', () => {
    expect(shortId('3f2a9c1e-77aa-4bd0-9a0e-1234567890ab')).toBe('3f2a9c1e');
    expect(shortId(null)).toBe(EMPTY_VALUE);
  });

  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(undefined)).toBe(EMPTY_VALUE);
  });
});
