/**
 * The pure parts of live updates (no React, no browser): parsing change events, reconnect back-off
 * and the coalescing of bursts. The connection and the hooks are in realtime.ts.
 */

export type ChangeOp = 'INSERT' | 'UPDATE' | 'DELETE';

export interface RealtimeChange {
  table: string;
  op: ChangeOp;
  id: string | null;
}

const OPS: readonly ChangeOp[] = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * Reads the data of an `event: change` message: `{"table":"ddex_file","op":"UPDATE","id":"..."}`.
 * Returns null for anything malformed, so one bad message never breaks the stream.
 */
export function parseChangeEvent(data: string): RealtimeChange | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { table, op, id } = parsed as Record<string, unknown>;
  if (typeof table !== 'string' || table.trim() === '') return null;
  const upperOp = typeof op === 'string' ? op.toUpperCase() : '';
  if (!OPS.includes(upperOp as ChangeOp)) return null;
  const normalizedId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  // Channel and table names are lowercase on the server.
  return { table: table.trim().toLowerCase(), op: upperOp as ChangeOp, id: normalizedId };
}

export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  /** 0..1: the share of the delay that is randomised, so many tabs do not reconnect in lockstep. */
  jitter?: number;
  random?: () => number;
}

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelay(attempt: number, { initialMs = 1000, maxMs = 30_000, jitter = 0, random = Math.random }: BackoffOptions = {}): number {
  const safeAttempt = Math.max(0, Math.min(Math.trunc(attempt) || 0, 30));
  const base = Math.min(maxMs, initialMs * 2 ** safeAttempt);
  if (jitter <= 0) return base;
  const spread = base * Math.min(jitter, 1);
  return Math.round(base - spread + random() * spread);
}

/**
 * Collects items and hands them over in one batch `windowMs` after the first item of a burst.
 * A steady stream of changes therefore refreshes at most every `windowMs`, never starves.
 */
export class Coalescer<T> {
  private pending = new Set<T>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly flush: (items: T[]) => void,
    private readonly windowMs = 250,
  ) {}

  add(item: T): void {
    this.pending.add(item);
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.flushNow(), this.windowMs);
  }

  flushNow(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const items = [...this.pending];
    this.pending.clear();
    this.flush(items);
  }

  /** Drops what is pending without flushing (on unmount). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  get size(): number {
    return this.pending.size;
  }
}

/** Table names are compared lowercase, as the server sends them. */
export function normalizeTables(tables: readonly string[]): string[] {
  return [...new Set(tables.map((table) => table.trim().toLowerCase()).filter(Boolean))].sort();
}
