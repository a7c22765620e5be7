/**
 * Session upkeep rules (spec, "Business constants"): the session is checked every 30 s and refreshed
 * when 90 s or less remain; a failed refresh is retried after 200 ms, doubling each attempt, for as
 * long as the attempts fit in a 30 s window. Pure functions, so the timing is unit-tested.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_THRESHOLD_MS = 90_000;
export const REFRESH_RETRY_INITIAL_MS = 200;
export const REFRESH_RETRY_WINDOW_MS = 30_000;

function toTime(value: Date | string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** True when the session ends within the threshold (or already ended). Unknown expiry: no refresh. */
export function needsRefresh(expiresAt: Date | string | number | null | undefined, now: number, thresholdMs = SESSION_REFRESH_THRESHOLD_MS): boolean {
  const end = toTime(expiresAt);
  if (end === null) return false;
  return end - now <= thresholdMs;
}

/**
 * The waits between attempts: 200, 400, 800 ... ms, as many as fit in the window in total.
 * With the defaults: 200 + 400 + ... + 12800 = 25400 ms, 7 retries (the next, 25600, would pass 30 s).
 */
export function retryDelays(initialMs = REFRESH_RETRY_INITIAL_MS, windowMs = REFRESH_RETRY_WINDOW_MS): number[] {
  const delays: number[] = [];
  if (initialMs <= 0) return delays;
  let elapsed = 0;
  for (let delay = initialMs; elapsed + delay <= windowMs; delay *= 2) {
    delays.push(delay);
    elapsed += delay;
  }
  return delays;
}

export interface RetryOptions {
  initialMs?: number;
  windowMs?: number;
  /** Stop early for errors that a retry cannot fix (e.g. 401: the session is gone). */
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds or the back-off window is used up; rethrows the last error. */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, { initialMs, windowMs, shouldRetry = () => true, sleep = defaultSleep }: RetryOptions = {}): Promise<T> {
  const delays = retryDelays(initialMs, windowMs);
  for (let index = 0; ; index++) {
    try {
      return await attempt();
    } catch (error) {
      if (index >= delays.length || !shouldRetry(error)) throw error;
      await sleep(delays[index]);
    }
  }
}
