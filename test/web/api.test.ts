import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, assetUrl, buildQueryString, createApiClient, errorMessage } from '@/web/lib/api';

// A small HTTP server on 127.0.0.1 answering the way the real API does.
let server: Server;
let baseUrl: string;
const seen: Array<{ method: string; url: string; contentType?: string; body: string }> = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({ method: request.method!, url: request.url!, contentType: request.headers['content-type'], body });
    const url = new URL(request.url!, 'http://x');
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    switch (url.pathname) {
      case '/api/releases':
        return json(200, { rows: [{ id: 1, title: 'Hello' }], total: 1 });
      case '/api/artists/9':
        return json(200, { id: 9, ...JSON.parse(body || '{}') });
      case '/api/sources/missing':
        return json(404, { error: { code: 'not_found', message: 'Source not found' } });
      case '/api/sources/invalid':
        return json(422, { error: { code: 'validation_failed', message: 'Please enter a source name.', fields: { name: 'required' } } });
      case '/api/me':
        return json(401, { error: { code: 'unauthorized', message: 'Sign in required' } });
      case '/api/auth-style':
        return json(400, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
      case '/api/proxy-error':
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html>Bad Gateway</html>');
      case '/api/delete':
        response.writeHead(204);
        return response.end();
      case '/api/not-json':
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('plain');
      default:
        return json(404, { error: { code: 'not_found', message: `No route ${url.pathname}` } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('api client', () => {
  it('GETs JSON with the query string built from defined values only', async () => {
    const api = createApiClient({ baseUrl });
    const result = await api.get<{ rows: unknown[]; total: number }>('/api/releases', { query: { page: 2, pageSize: 50, type: undefined, partner: '', search: 'a b' } });
    expect(result).toEqual({ rows: [{ id: 1, title: 'Hello' }], total: 1 });
    expect(seen.at(-1)!.url).toBe('/api/releases?page=2&pageSize=50&search=a+b');
  });

  it('sends a JSON body on PATCH', async () => {
    const api = createApiClient({ baseUrl });
    const result = await api.patch<{ id: number; autopush: boolean }>('/api/artists/9', { autopush: true });
    expect(result).toEqual({ id: 9, autopush: true });
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', contentType: 'application/json', body: '{"autopush":true}' });
  });

  it("throws an ApiError with the server's status, code and message", async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.get('/api/sources/missing').catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Source not found' });
  });

  it('keeps extra error fields as details', async () => {
    const api = createApiClient({ baseUrl });
    const error = (await api.post('/api/sources/invalid', { name: '' }).catch((caught) => caught)) as ApiError;
    expect(error.message).toBe('Please enter a source name.');
    expect(error.details).toEqual({ fields: { name: 'required' } });
  });

  it('understands the top-level { code, message } of the auth server', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.post('/api/auth-style').catch((caught) => caught);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });

  it('reports a non-JSON error page by its status', async () => {
    const api = createApiClient({ baseUrl });
    const error = (await api.get('/api/proxy-error').catch((caught) => caught)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'bad_gateway' });
    expect(error.message).toMatch(/^Request failed with status 502/);
  });

  it('tells listeners about a 401 so the session can be re-checked', async () => {
    const unauthorized: ApiError[] = [];
    const api = createApiClient({ baseUrl, onUnauthorized: (error) => unauthorized.push(error) });
    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 401, message: 'Sign in required' });
    expect(unauthorized).toHaveLength(1);
  });

  it('returns undefined for 204 No Content', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.delete('/api/delete')).resolves.toBeUndefined();
  });

  it('refuses a success answer that is not JSON, naming what came back', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.get('/api/not-json')).rejects.toMatchObject({ code: 'unexpected_response', message: 'Expected JSON from GET /api/not-json but got text/plain' });
  });

  it('turns an unreachable server into a network ApiError', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(api.get('/api/releases')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('helpers', () => {
  it('repeats array values in the query string', () => {
    expect(buildQueryString({ status: ['pending', 'running'], page: 1 })).toBe('?status=pending&status=running&page=1');
    expect(buildQueryString({})).toBe('');
  });

  it('prefers the error message, with a fallback', () => {
    expect(errorMessage(new ApiError(500, 'x', 'Database down'))).toBe('Database down');
    expect(errorMessage(undefined, 'Failed to fetch releases')).toBe('Failed to fetch releases');
  });
});

describe('assetUrl', () => {
  it('encodes bucket and key for the fetch-asset function', () => {
    expect(assetUrl('partner-bucket', 'FUGA/123/resources/cover art.jpg')).toBe('/api/fn/fetch-asset?bucket=partner-bucket&key=FUGA%2F123%2Fresources%2Fcover+art.jpg');
  });
});
