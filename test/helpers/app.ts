import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime, type Runtime } from '@/server/runtime';
import { createUserWithPassword, type Role } from '@/features/users/service';
import { createTestDatabase } from './db';

export const WEB_ROOT = path.resolve(__dirname, '../../dist/web');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface TestApp {
  url: string;
  runtime: Runtime;
  /** A user that can sign in; returns its id. */
  createUser(email: string, password: string, role: Role): Promise<string>;
  /** Signs in through Better Auth's real endpoint and returns the Cookie header to send. */
  signIn(email: string, password: string): Promise<string>;
  request(pathname: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The real product on a fresh test database, listening on 127.0.0.1. Workers are off unless asked
 * for, so a test controls when jobs run.
 */
export async function startTestApp(opts: { env?: Record<string, string>; workers?: boolean; web?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ddex-test-'));
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  });
  const runtime = await startRuntime(config, {
    logger: createLogger(config.logLevel),
    http: true,
    workers: opts.workers ?? false,
    webRoot: opts.web ? WEB_ROOT : null,
    database,
  });

  const request = (pathname: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', url);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(`${url}${pathname}`, { ...init, headers });
  };

  return {
    url,
    runtime,
    async createUser(email, password, role) {
      const user = await createUserWithPassword(runtime.deps.auth, runtime.deps.db, { email, password, role });
      return user.id;
    },
    async signIn(email, password) {
      const res = await request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password }) });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
      return cookies.join('; ');
    },
    request,
    async stop() {
      await runtime.stop();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
