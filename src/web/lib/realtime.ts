/**
 * LIVE UPDATES: how a screen reacts to database changes.
 *
 * The server streams table changes over Server-Sent Events on /api/realtime. This module keeps ONE
 * EventSource per browser tab while someone is signed in (the app providers start and stop it) and
 * reconnects with back-off when it drops. Screens never open their own connection. They say which
 * tables their data depends on, and the matching TanStack queries are invalidated (re-fetched):
 *
 *   // either: invalidate an existing query when ddex_file changes
 *   const files = useQuery({ queryKey: ['ddex-files', filters], queryFn: ... });
 *   useLiveInvalidate(['ddex_file'], ['ddex-files']);
 *
 *   // or: the same in one call
 *   const jobs = useLiveQuery({ queryKey: ['scan-jobs'], queryFn: ..., liveTables: ['scan_jobs', 'import_jobs'] });
 *
 * The query key is a prefix: ['ddex-files'] refreshes every page and filter of that list. Bursts
 * (an import touching hundreds of rows) are coalesced into one refresh per 250 ms. After a dropped
 * connection comes back, every subscribed query is refreshed, since changes may have been missed.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { Coalescer, normalizeTables, parseChangeEvent, reconnectDelay, type RealtimeChange } from './realtime-core';

export type { RealtimeChange, ChangeOp } from './realtime-core';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** What the connection needs from EventSource (the browser's, or any implementation of it). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;

export interface RealtimeConnectionOptions {
  url?: string;
  createEventSource?: EventSourceFactory;
  backoff?: { initialMs?: number; maxMs?: number };
}

type ChangeListener = (change: RealtimeChange) => void;
type ReconnectListener = () => void;

/** One SSE connection with reconnects; listeners get every parsed change. */
export class RealtimeConnection {
  private source: EventSourceLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private hasBeenOpen = false;
  private wanted = false;
  private statusValue: RealtimeStatus = 'idle';
  private readonly changeListeners = new Set<ChangeListener>();
  private readonly reconnectListeners = new Set<ReconnectListener>();
  private readonly statusListeners = new Set<() => void>();
  private readonly url: string;
  private readonly createEventSource: EventSourceFactory;
  private readonly backoff: { initialMs?: number; maxMs?: number };

  constructor({ url = '/api/realtime', createEventSource, backoff = {} }: RealtimeConnectionOptions = {}) {
    this.url = url;
    this.createEventSource =
      createEventSource ?? ((target) => new EventSource(target, { withCredentials: true }) as unknown as EventSourceLike);
    this.backoff = backoff;
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** Idempotent: a second start while running does nothing (one connection per tab). */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    this.hasBeenOpen = false;
    this.open();
  }

  stop(): void {
    this.wanted = false;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.setStatus('idle');
  }

  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Called when the stream is back after a drop (not on the first connect). */
  onReconnect(listener: ReconnectListener): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  getStatus = (): RealtimeStatus => this.statusValue;

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.statusListeners.forEach((listener) => listener());
  }

  private open(): void {
    if (!this.wanted) return;
    this.setStatus(this.hasBeenOpen || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let source: EventSourceLike;
    try {
      source = this.createEventSource(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.source = source;

    source.addEventListener('ready', () => {
      if (this.source !== source) return;
      const wasReconnect = this.hasBeenOpen || this.attempt > 0;
      this.attempt = 0;
      this.hasBeenOpen = true;
      this.setStatus('open');
      if (wasReconnect) this.reconnectListeners.forEach((listener) => listener());
    });

    source.addEventListener('change', (event: MessageEvent) => {
      if (this.source !== source) return;
      const change = parseChangeEvent(typeof event.data === 'string' ? event.data : '');
      if (change) this.changeListeners.forEach((listener) => listener(change));
    });

    source.onerror = () => {
      if (this.source !== source) return;
      // EventSource retries by itself only for network drops, and gives up for good on an HTTP
      // error (401 after sign-out, 502 from a proxy). Handle both the same way: close and retry
      // with our own back-off, which also caps a storm of reconnects against a struggling server.
      source.close();
      this.source = null;
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (!this.wanted || this.retryTimer !== null) return;
    this.setStatus('reconnecting');
    const delay = reconnectDelay(this.attempt, { ...this.backoff, jitter: 0.2 });
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  /** For tests and diagnostics: is a source currently open (not closed)? */
  get isConnected(): boolean {
    return this.source !== null && this.source.readyState !== CLOSED;
  }
}

/** The tab's single connection. */
export const realtime = new RealtimeConnection();

/** Opens the stream while `enabled` (signed in), closes it otherwise. Used once, by the app providers. */
export function useRealtimeConnection(enabled: boolean, connection: RealtimeConnection = realtime): void {
  useEffect(() => {
    if (!enabled) return;
    connection.start();
    return () => connection.stop();
  }, [enabled, connection]);
}

/** 'open' when live updates flow; for a small indicator in the header. */
export function useRealtimeStatus(connection: RealtimeConnection = realtime): RealtimeStatus {
  return useSyncExternalStore(connection.subscribeStatus, connection.getStatus, () => 'idle');
}

/**
 * Re-fetches the queries under `queryKey` (a prefix) when any of `tables` changes. Bursts are
 * coalesced into one invalidation per 250 ms. Pass `enabled: false` to pause (e.g. a closed dialog).
 */
export function useLiveInvalidate(
  tables: readonly string[],
  queryKey: QueryKey,
  { enabled = true, coalesceMs = 250, connection = realtime }: { enabled?: boolean; coalesceMs?: number; connection?: RealtimeConnection } = {},
): void {
  const queryClient = useQueryClient();
  const tablesSignature = normalizeTables(tables).join(',');
  const keySignature = JSON.stringify(queryKey);
  // The latest key without re-subscribing on every render (callers pass array literals).
  const keyRef = useRef(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });

  useEffect(() => {
    if (!enabled || tablesSignature === '') return;
    const watched = new Set(tablesSignature.split(','));
    const coalescer = new Coalescer<string>(() => {
      void queryClient.invalidateQueries({ queryKey: keyRef.current });
    }, coalesceMs);
    const offChange = connection.onChange((change) => {
      if (watched.has(change.table)) coalescer.add(change.table);
    });
    const offReconnect = connection.onReconnect(() => coalescer.add('*reconnect*'));
    return () => {
      offChange();
      offReconnect();
      coalescer.cancel();
    };
  }, [enabled, tablesSignature, keySignature, coalesceMs, connection, queryClient]);
}

export type LiveQueryOptions<TData, TError = Error> = UseQueryOptions<TData, TError, TData, QueryKey> & {
  /** Tables whose changes re-fetch this query, e.g. ['scan_jobs', 'import_jobs']. */
  liveTables: readonly string[];
};

/** useQuery plus useLiveInvalidate on its own key. */
export function useLiveQuery<TData, TError = Error>({ liveTables, ...options }: LiveQueryOptions<TData, TError>): UseQueryResult<TData, TError> {
  const result = useQuery(options);
  const tables = useMemo(() => [...liveTables], [liveTables]);
  useLiveInvalidate(tables, options.queryKey, { enabled: options.enabled !== false });
  return result;
}
