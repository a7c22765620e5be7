import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer, normalizeTables, parseChangeEvent, reconnectDelay } from '@/web/lib/realtime-core';

describe('parseChangeEvent', () => {
  it('reads the server change message', () => {
    expect(parseChangeEvent('{"table":"ddex_file","op":"UPDATE","id":"42"}')).toEqual({ table: 'ddex_file', op: 'UPDATE', id: '42' });
  });

  it('accepts numeric ids and lowercases table names and uppercases ops', () => {
    expect(parseChangeEvent('{"table":"Scan_Jobs","op":"insert","id":7}')).toEqual({ table: 'scan_jobs', op: 'INSERT', id: '7' });
  });

  it('keeps a change without an id (a bulk statement)', () => {
    expect(parseChangeEvent('{"table":"asset","op":"DELETE"}')).toEqual({ table: 'asset', op: 'DELETE', id: null });
  });

  it('ignores malformed messages instead of throwing', () => {
    expect(parseChangeEvent('not json')).toBeNull();
    expect(parseChangeEvent('null')).toBeNull();
    expect(parseChangeEvent('{"table":"","op":"UPDATE"}')).toBeNull();
    expect(parseChangeEvent('{"table":"ddex_file","op":"TRUNCATE"}')).toBeNull();
    expect(parseChangeEvent('{"op":"UPDATE","id":"1"}')).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('spreads retries with jitter but never waits longer than the base delay', () => {
    expect(reconnectDelay(2, { jitter: 0.5, random: () => 0 })).toBe(2000);
    expect(reconnectDelay(2, { jitter: 0.5, random: () => 1 })).toBe(4000);
  });
});

describe('Coalescer (one refresh per burst)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers a burst of changes once, 250 ms after the first', () => {
    const batches: string[][] = [];
    const coalescer = new Coalescer<string>((items) => batches.push(items), 250);
    coalescer.add('ddex_file');
    vi.advanceTimersByTime(100);
    coalescer.add('ddex_file');
    coalescer.add('asset');
    vi.advanceTimersByTime(149);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([['ddex_file', 'asset']]);
  });

  it('does not starve under a steady stream', () => {
    const batches: string[][] = [];
    const coalescer = new Coalescer<string>((items) => batches.push(items), 250);
    for (let tick = 0; tick < 20; tick++) {
      coalescer.add('scan_jobs');
      vi.advanceTimersByTime(50);
    }
    expect(batches.length).toBe(4);
  });

  it('drops pending items on cancel', () => {
    const batches: string[][] = [];
    const coalescer = new Coalescer<string>((items) => batches.push(items), 250);
    coalescer.add('release');
    coalescer.cancel();
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([]);
  });
});

describe('normalizeTables', () => {
  it('dedupes, lowercases and sorts so equal lists compare equal', () => {
    expect(normalizeTables(['scan_jobs', 'Import_Jobs', ' scan_jobs ', ''])).toEqual(['import_jobs', 'scan_jobs']);
  });
});
