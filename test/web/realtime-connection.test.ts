import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RealtimeConnection, type RealtimeChange } from '@/web/lib/realtime';
import { NodeEventSource } from './helpers/node-event-source';

// An SSE server on 127.0.0.1 speaking like /api/realtime: 'ready' once, then 'change' events and
// ': ping' comments. Tests can push events, drop every open stream, or refuse with a status.
let server: Server;
let url: string;
let streams: ServerResponse[] = [];
let connectionCount = 0;
let refuseWith: number | null = null;

function send(event: string, data: unknown) {
  for (const stream of streams) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function dropAll() {
  for (const stream of streams) stream.destroy();
  streams = [];
}

async function until(condition: () => boolean, timeoutMs = 3000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    connectionCount += 1;
    if (refuseWith !== null) {
      response.writeHead(refuseWith, { 'content-type': 'application/json' });
      return response.end('{"error":{"code":"unauthorized","message":"Sign in required"}}');
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(': ping\n\n');
    response.write('event: ready\ndata: {}\n\n');
    streams.push(response);
    request.on('close', () => (streams = streams.filter((stream) => stream !== response)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`;
});

afterEach(() => {
  refuseWith = null;
  dropAll();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function connect() {
  return new RealtimeConnection({ url, createEventSource: (target) => new NodeEventSource(target), backoff: { initialMs: 20, maxMs: 100 } });
}

describe('RealtimeConnection', () => {
  it('opens once, reports open after ready, and delivers parsed changes', async () => {
    const connection = connect();
    const changes: RealtimeChange[] = [];
    connection.onChange((change) => changes.push(change));
    const before = connectionCount;
    connection.start();
    connection.start(); // a second start must not open a second stream
    await until(() => connection.status === 'open');
    expect(connectionCount - before).toBe(1);

    send('change', { table: 'ddex_file', op: 'INSERT', id: 'f1' });
    send('change', { garbage: true });
    send('change', { table: 'scan_jobs', op: 'UPDATE', id: 3 });
    await until(() => changes.length === 2);
    expect(changes).toEqual([
      { table: 'ddex_file', op: 'INSERT', id: 'f1' },
      { table: 'scan_jobs', op: 'UPDATE', id: '3' },
    ]);
    connection.stop();
    expect(connection.status).toBe('idle');
  });

  it('reconnects after the stream drops and announces the reconnect', async () => {
    const connection = connect();
    let reconnects = 0;
    connection.onReconnect(() => (reconnects += 1));
    connection.start();
    await until(() => connection.status === 'open');
    expect(reconnects).toBe(0);

    dropAll();
    await until(() => connection.status === 'reconnecting');
    await until(() => connection.status === 'open');
    expect(reconnects).toBe(1);

    const changes: RealtimeChange[] = [];
    connection.onChange((change) => changes.push(change));
    send('change', { table: 'release', op: 'DELETE', id: 'r9' });
    await until(() => changes.length === 1);
    connection.stop();
  });

  it('keeps retrying with back-off while the server refuses, and recovers', async () => {
    refuseWith = 401;
    const connection = connect();
    const before = connectionCount;
    connection.start();
    await until(() => connectionCount - before >= 3);
    expect(connection.status).toBe('reconnecting');
    refuseWith = null;
    await until(() => connection.status === 'open');
    connection.stop();
  });

  it('stops retrying after stop()', async () => {
    refuseWith = 503;
    const connection = connect();
    connection.start();
    await until(() => connection.status === 'reconnecting');
    connection.stop();
    const after = connectionCount;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connectionCount).toBe(after);
    expect(connection.status).toBe('idle');
  });
});
