/**
 * The one way the SPA talks to the server's JSON API.
 *
 *   const { rows, total } = await api.get<ListResponse<Release>>('/api/releases', { query: { page: 1, pageSize: 50 } });
 *   await api.patch(`/api/artists/${id}`, { autopush: true });
 *   await api.post('/api/fn/deliver-to-all', { releaseId });
 *
 * Cookies go along (same origin). Any non-2xx answer throws an ApiError carrying the HTTP status and
 * the server's `{ "error": { "code", "message" } }`, so screens can put `error.message` in their toast.
 */

/** Shape of every list endpoint. */
export interface ListResponse<T> {
  rows: T[];
  total: number;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Anything else the server put in its error object (e.g. field problems). */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

/** The message to show for any thrown value, preferring the server's words. */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Builds `?a=1&b=x`, leaving out undefined, null and '' (so "no filter" simply is not sent); arrays repeat the key. */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

async function readErrorBody(response: Response): Promise<ApiError> {
  const fallbackMessage = `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ''}`;
  const fallbackCode = STATUS_CODES[response.status] ?? `http_${response.status}`;
  let text = '';
  try {
    text = await response.text();
  } catch {
    return new ApiError(response.status, fallbackCode, fallbackMessage);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const container = parsed as { error?: unknown; message?: unknown; code?: unknown };
      const errorField = container.error;
      if (errorField && typeof errorField === 'object') {
        const { code, message, ...rest } = errorField as { code?: unknown; message?: unknown };
        return new ApiError(
          response.status,
          typeof code === 'string' && code ? code : fallbackCode,
          typeof message === 'string' && message ? message : fallbackMessage,
          Object.keys(rest).length > 0 ? rest : undefined,
        );
      }
      // Better Auth answers `{ code, message }` at the top level.
      if (typeof container.message === 'string' && container.message) {
        return new ApiError(response.status, typeof container.code === 'string' && container.code ? container.code : fallbackCode, container.message);
      }
      if (typeof errorField === 'string' && errorField) return new ApiError(response.status, fallbackCode, errorField);
    }
  } catch {
    // Not JSON (a proxy's HTML error page): fall through to the status line.
  }
  return new ApiError(response.status, fallbackCode, fallbackMessage);
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** '' in the browser (same origin); an absolute origin in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called for every 401, e.g. to re-check the session and send the user to sign-in. */
  onUnauthorized?: (error: ApiError) => void;
}

export function createApiClient({ baseUrl = '', fetch: fetchImpl, onUnauthorized }: ApiClientOptions = {}): ApiClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
      else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    const url = `${baseUrl}${path}${buildQueryString(options.query)}`;
    let response: Response;
    try {
      response = await (fetchImpl ?? globalThis.fetch)(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.', { cause: errorMessage(cause) });
    }

    if (!response.ok) {
      const error = await readErrorBody(response);
      if (error.status === 401) onUnauthorized?.(error);
      throw error;
    }
    if (response.status === 204 || response.status === 205) return undefined as T;
    const text = await response.text();
    if (text === '') return undefined as T;
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.includes('json')) {
      throw new ApiError(response.status, 'unexpected_response', `Expected JSON from ${method} ${path} but got ${contentType || 'no content type'}`);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, 'invalid_json', `The server sent malformed JSON for ${method} ${path}`);
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Lets the auth provider re-check the session whenever any call comes back 401. */
export function onApiUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The app-wide client (same origin). */
export const api: ApiClient = createApiClient({
  onUnauthorized: (error) => unauthorizedListeners.forEach((listener) => listener(error)),
});

/** URL of an object served by the fetch-asset function (covers, audio, video, downloads); use directly in <img src>. */
export function assetUrl(bucket: string, key: string): string {
  return `/api/fn/fetch-asset${buildQueryString({ bucket, key })}`;
}
