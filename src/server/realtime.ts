import type { Database } from '@/db/client';
import type { Logger } from './logger';

export interface TableChange {
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  id: string | null;
}

export const CHANGE_CHANNEL = 'table_changes';

/**
 * One LISTEN per process (triggers call pg_notify on the watched tables), fanned out to every
 * open SSE stream. Browsers never hold database connections.
 */
export class RealtimeHub {
  private readonly subscribers = new Set<(change: TableChange) => void>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANGE_CHANNEL, (payload) => {
      let change: TableChange;
      try {
        change = JSON.parse(payload);
      } catch {
        this.logger.warn({ payload }, 'ignoring malformed change notification');
        return;
      }
      for (const subscriber of this.subscribers) subscriber(change);
    });
  }

  subscribe(subscriber: (change: TableChange) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.subscribers.clear();
  }
}
