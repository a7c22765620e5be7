import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { sendError } from './errors';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RouteRecord {
  method: Method;
  path: string;
  access: Access;
}

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

const requireAccess =
  (access: Access): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (access === 'public') return next();
    if (!c.get('user')) return sendError(c, 401, 'unauthorized', 'Sign in to continue.');
    if (access === 'admin' && c.get('role') !== 'admin') {
      return sendError(c, 403, 'forbidden', 'You need administrator privileges to do this.');
    }
    return next();
  };

/**
 * Every /api route is declared through this router with the access it needs, and the router
 * records it. A test walks Hono's own route list and fails on any /api route missing from the
 * records, so a route cannot be added without stating who may call it.
 */
export class ApiRouter {
  readonly records: RouteRecord[] = [];

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly prefix = '/api',
  ) {}

  private add(method: Method, path: string, access: Access, handler: Handler) {
    const full = `${this.prefix}${path}`;
    this.records.push({ method, path: full, access });
    this.app.on(method, full, requireAccess(access), handler);
  }

  get(path: string, access: Access, handler: Handler) {
    this.add('GET', path, access, handler);
  }
  post(path: string, access: Access, handler: Handler) {
    this.add('POST', path, access, handler);
  }
  put(path: string, access: Access, handler: Handler) {
    this.add('PUT', path, access, handler);
  }
  patch(path: string, access: Access, handler: Handler) {
    this.add('PATCH', path, access, handler);
  }
  delete(path: string, access: Access, handler: Handler) {
    this.add('DELETE', path, access, handler);
  }
}
