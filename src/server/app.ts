import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { streamSSE } from 'hono/streaming';
import { ApiRouter } from './api-router';
import type { AppDeps, AppEnv } from './context';
import { ApiError, sendError } from './errors';
import { serveSpa } from './static';
import { getRole } from '@/features/users/service';
import { registerFeatureRoutes } from './routes';
import type { TableChange } from './realtime';

export interface BuiltApp {
  app: Hono<AppEnv>;
  api: ApiRouter;
}

/** Paths under /api that answer without a session (issue contract: auth and health only). */
export const PUBLIC_API_PREFIXES = ['/api/auth/', '/api/health'];

const isPublicApi = (path: string) => PUBLIC_API_PREFIXES.some((p) => path === p || path.startsWith(p));

export function buildApp(deps: AppDeps, opts: { webRoot?: string | null } = {}): BuiltApp {
  const app = new Hono<AppEnv>();
  const api = new ApiRouter(app);

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id') ?? randomUUID();
    c.set('requestId', requestId);
    c.set('user', null);
    c.set('role', null);
    c.set('sessionExpiresAt', null);
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    if (c.req.path.startsWith('/api/') && c.req.path !== '/api/realtime') {
      deps.logger.debug({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  });

  // Resolve the session for every API call except Better Auth's own endpoints, then refuse
  // anything without one. Route-level access (user/admin) is checked again by the ApiRouter.
  app.use('/api/*', async (c, next) => {
    if (c.req.path.startsWith('/api/auth/') && !c.req.path.startsWith('/api/auth/setup/')) return next();
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (session?.user) {
      c.set('user', { id: session.user.id, email: session.user.email, name: session.user.name, image: session.user.image ?? null });
      c.set('sessionExpiresAt', new Date(session.session.expiresAt));
      c.set('role', await getRole(deps.db, session.user.id));
    }
    if (!isPublicApi(c.req.path) && !c.get('user')) return sendError(c, 401, 'unauthorized', 'Sign in to continue.');
    return next();
  });

  api.get('/health', 'public', async (c) => {
    try {
      await deps.database.query('select 1');
      return c.json({ status: 'ok', database: deps.database.kind, version: deps.config.version });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed');
      return c.json({ status: 'error', database: deps.database.kind, version: deps.config.version }, 503);
    }
  });

  registerFeatureRoutes(api, deps);

  api.get('/realtime', 'user', (c) =>
    streamSSE(c, async (stream) => {
      const queue: TableChange[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = deps.realtime.subscribe((change) => {
        queue.push(change);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ at: new Date().toISOString() }) });
      while (!stream.aborted && !stream.closed) {
        if (queue.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 15_000);
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(': ping\n\n');
          continue;
        }
        const change = queue.shift()!;
        await stream.writeSSE({ event: 'change', data: JSON.stringify(change) });
      }
      unsubscribe();
    }),
  );

  // Better Auth answers everything else under /api/auth.
  app.on(['GET', 'POST'], '/api/auth/*', (c) => deps.auth.handler(c.req.raw));

  app.all('/api/*', (c) => sendError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}`));

  if (opts.webRoot) serveSpa(app, opts.webRoot, deps.config);

  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, error.status, error.code, error.message);
    deps.logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return sendError(c, 500, 'internal', `Something went wrong on the server (request ${c.get('requestId')}).`);
  });

  return { app, api };
}
