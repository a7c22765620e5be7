import type { EventSourceLike } from '@/web/lib/realtime';

/**
 * Just enough of the browser's EventSource for Node (which has none in v20): one GET, the
 * text/event-stream framing (event:, data:, comment lines, blank-line dispatch), and onerror plus
 * CLOSED when the response is not 200 or the stream ends. No automatic reconnect: the code under
 * test does its own.
 */
export class NodeEventSource implements EventSourceLike {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  private controller = new AbortController();

  constructor(url: string) {
    void this.run(url);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener);
    this.listeners.set(type, list);
  }

  close(): void {
    this.readyState = 2;
    this.controller.abort();
  }

  private fail(): void {
    if (this.readyState === 2) return;
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }

  private async run(url: string): Promise<void> {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: this.controller.signal });
      if (response.status !== 200 || !response.body) return this.fail();
      this.readyState = 1;
      const decoder = new TextDecoder();
      let buffer = '';
      let eventName = 'message';
      let data: string[] = [];
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (data.length > 0) {
              const event = new MessageEvent(eventName, { data: data.join('\n') });
              for (const listener of this.listeners.get(eventName) ?? []) listener(event);
            }
            eventName = 'message';
            data = [];
          } else if (line.startsWith(':')) {
            continue;
          } else if (line.startsWith('event:')) {
            eventName = line.slice(6).trim();
          } else if (line.startsWith('data:')) {
            data.push(line.slice(5).replace(/^ /, ''));
          }
        }
      }
      this.fail();
    } catch {
      this.fail();
    }
  }
}
