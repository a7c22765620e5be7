/**
 * An OpenAI-compatible chat-completions endpoint on 127.0.0.1: `POST /v1/chat/completions` (and
 * `/chat/completions`) answered with the chat.completion shape. It records every request (headers
 * and parsed body), checks the bearer key when one is set, and can be told what to answer next:
 * a JSON content, an HTTP error, a delay, garbage, or a refusal of `response_format`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export type ChatBehaviour =
  /** Answers with this message content (an object is sent as its JSON text). */
  | { kind: 'answer'; content: unknown; delayMs?: number }
  /** Answers with this HTTP status and body. */
  | { kind: 'error'; status: number; body?: string; delayMs?: number }
  /** Answers 200 with a body that is not JSON at all. */
  | { kind: 'garbage'; body?: string }
  /** Answers 400 to requests asking for json_schema (as older servers do); json_object then works. */
  | { kind: 'no-json-schema'; content: unknown }
  /** Never answers before this delay, then answers with content. */
  | { kind: 'hang'; delayMs: number; content?: unknown };

export interface FakeChatCompletions {
  /** Base URL to configure as LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: RecordedChatRequest[];
  /** What the next requests get (until changed). */
  behave(behaviour: ChatBehaviour): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function completion(model: string, content: unknown): string {
  return JSON.stringify({
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content), refusal: null },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeChatCompletions(opts: { apiKey?: string } = {}): Promise<FakeChatCompletions> {
  const requests: RecordedChatRequest[] = [];
  let behaviour: ChatBehaviour = { kind: 'answer', content: {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').split('?')[0]!;
        if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path)) {
          send(res, 404, JSON.stringify({ error: { message: `Unknown route ${req.method} ${path}`, type: 'invalid_request_error' } }));
          return;
        }
        let body: any = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          send(res, 400, JSON.stringify({ error: { message: 'Request body is not JSON', type: 'invalid_request_error' } }));
          return;
        }
        requests.push({ path, headers: req.headers, body });
        if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
          send(res, 401, JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
          return;
        }
        const model = typeof body?.model === 'string' ? body.model : 'unknown';
        const current = behaviour;
        switch (current.kind) {
          case 'answer':
            if (current.delayMs) await sleep(current.delayMs);
            send(res, 200, completion(model, current.content));
            return;
          case 'error':
            if (current.delayMs) await sleep(current.delayMs);
            send(res, current.status, current.body ?? JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
            return;
          case 'garbage':
            send(res, 200, current.body ?? '<html>502 Bad Gateway</html>', 'text/html');
            return;
          case 'no-json-schema':
            if (body?.response_format?.type === 'json_schema') {
              send(res, 400, JSON.stringify({ error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", type: 'invalid_request_error', param: 'response_format' } }));
            } else {
              send(res, 200, completion(model, current.content));
            }
            return;
          case 'hang':
            await sleep(current.delayMs);
            send(res, 200, completion(model, current.content ?? {}));
            return;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
