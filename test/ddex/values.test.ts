import { describe, expect, it } from 'vitest';
import { normalizeDate, normalizeDateTime, parseDurationMs } from '@/ddex';

describe('ISO 8601 durations', () => {
  it.each([
    ['PT3M25S', 205_000],
    ['PT0H3M25.500S', 205_500],
    ['PT1H2M3S', 3_723_000],
    ['PT45S', 45_000],
    ['PT225S', 225_000],
    ['P0DT0H4M0S', 240_000],
    ['pt2m', 120_000],
    ['PT3M25,5S', 205_500],
    ['00:03:25', 205_000],
    ['3:25', 205_000],
    ['  PT4M  ', 240_000],
  ])('%s is %i ms', (raw, ms) => {
    expect(parseDurationMs(raw)).toBe(ms);
  });

  it.each(['', 'P', 'PT', 'PTXS', 'three minutes', 'PT3Q', null, undefined])('%s is unreadable (null)', (raw) => {
    expect(parseDurationMs(raw as string | null)).toBeNull();
  });
});

describe('dates as partners write them', () => {
  it.each([
    ['2010', '2010-01-01'],
    ['2010-07', '2010-07-01'],
    ['2010-07-23', '2010-07-23'],
    ['2010-07-23T10:00:00Z', '2010-07-23'],
    ['20100723', '2010-07-23'],
  ])('%s → %s', (raw, out) => {
    expect(normalizeDate(raw)).toBe(out);
  });

  it.each(['', '10-07-2010', '2010-13', '2010-07-32', 'soon'])('%s is unreadable', (raw) => {
    expect(normalizeDate(raw)).toBeNull();
  });

  it('reads a creation time without a zone as UTC and converts offsets to UTC', () => {
    expect(normalizeDateTime('2010-07-23T00:00:00')).toBe('2010-07-23T00:00:00.000Z');
    expect(normalizeDateTime('2014-09-24T14:57:25+01:00')).toBe('2014-09-24T13:57:25.000Z');
    expect(normalizeDateTime('2020-01-31T23:30:00-05:00')).toBe('2020-02-01T04:30:00.000Z');
    expect(normalizeDateTime('2019-01-02')).toBe('2019-01-02T00:00:00.000Z');
    expect(normalizeDateTime('yesterday')).toBeNull();
  });
});
