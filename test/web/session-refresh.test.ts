import { describe, expect, it } from 'vitest';
import { needsRefresh, retryDelays, retryWithBackoff } from '@/web/app/auth/session-refresh';

describe('needsRefresh (refresh when 90 s or less remain)', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('refreshes at exactly 90 s left and below, not above', () => {
    expect(needsRefresh(new Date(now + 90_000), now)).toBe(true);
    expect(needsRefresh(new Date(now + 89_000), now)).toBe(true);
    expect(needsRefresh(new Date(now + 91_000), now)).toBe(false);
  });

  it('refreshes a session that already expired', () => {
    expect(needsRefresh(new Date(now - 1), now)).toBe(true);
  });

  it('accepts the ISO string the auth server sends', () => {
    expect(needsRefresh(new Date(now + 60_000).toISOString(), now)).toBe(true);
  });

  it('does not refresh when the expiry is unknown', () => {
    expect(needsRefresh(null, now)).toBe(false);
    expect(needsRefresh('garbage', now)).toBe(false);
  });
});

describe('retryDelays (200 ms doubling, within 30 s)', () => {
  it('doubles from 200 ms and stops before the total passes 30 s', () => {
    const delays = retryDelays();
    expect(delays).toEqual([200, 400, 800, 1600, 3200, 6400, 12800]);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeLessThanOrEqual(30_000);
  });

  it('respects other windows', () => {
    expect(retryDelays(200, 1000)).toEqual([200, 400]);
    expect(retryDelays(0, 1000)).toEqual([]);
  });
});

describe('retryWithBackoff', () => {
  it('retries a failing refresh with the back-off waits until it succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWithBackoff(
      async () => {
        calls += 1;
        if (calls < 4) throw new Error(`attempt ${calls} failed`);
        return 'fresh session';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('fresh session');
    expect(calls).toBe(4);
    expect(waits).toEqual([200, 400, 800]);
  });

  it('gives up with the last error once the window is used up', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      retryWithBackoff(
        async () => {
          calls += 1;
          throw new Error(`attempt ${calls} failed`);
        },
        { sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow('attempt 8 failed');
    expect(waits).toEqual([200, 400, 800, 1600, 3200, 6400, 12800]);
  });

  it('stops at once for an error a retry cannot fix', async () => {
    let calls = 0;
    const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });
    await expect(
      retryWithBackoff(
        async () => {
          calls += 1;
          throw unauthorized;
        },
        { shouldRetry: (error) => (error as { status?: number }).status !== 401, sleep: async () => {} },
      ),
    ).rejects.toBe(unauthorized);
    expect(calls).toBe(1);
  });

  it('really waits between attempts with the default timer', async () => {
    let calls = 0;
    const started = Date.now();
    await retryWithBackoff(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first fails');
      return true;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
