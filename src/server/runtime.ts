import { serve, type ServerType } from '@hono/node-server';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config';
import type { AppDeps } from './context';
import { createAuth } from './auth';
import { createSecretBox } from './secrets';
import { RealtimeHub } from './realtime';
import { buildApp, type BuiltApp } from './app';
import type { Logger } from './logger';
import { openDatabase, migrate, type Database } from '@/db/client';
import { createJobQueue } from '@/jobs/queue';
import { allJobDefinitions } from '@/jobs/definitions';
import { ensureFirstAdmin } from '@/features/users/service';

export interface Runtime {
  deps: AppDeps;
  built: BuiltApp | null;
  server: ServerType | null;
  url: string | null;
  setupUrl: string | null;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  logger: Logger;
  /** Serve HTTP (web role). A worker-only process leaves this off. */
  http: boolean;
  /** Run job handlers in this process. */
  workers: boolean;
  /** Folder of the built SPA; null serves the API only. */
  webRoot?: string | null;
  /** Tests hand in a database they made. */
  database?: Database;
}

/**
 * The embedded database is one process's: a lock file in DATA_DIR stops a second process (a
 * second `npm start`, or `user:create` while the server runs) from opening it at the same time.
 */
export function lockEmbeddedData(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    let alive = false;
    try {
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

export async function openConfiguredDatabase(config: AppConfig): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) {
    return { database: await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize }), release: () => {} };
  }
  const release = lockEmbeddedData(config.dataDir);
  try {
    return { database: await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') }), release };
  } catch (error) {
    release();
    throw error;
  }
}

export async function startRuntime(config: AppConfig, opts: RuntimeOptions): Promise<Runtime> {
  const { logger } = opts;
  const opened = opts.database ? { database: opts.database, release: () => {} } : await openConfiguredDatabase(config);
  const { database } = opened;
  await migrate(database);

  const deps = {
    config,
    database,
    db: database.db,
    logger,
    secrets: createSecretBox(config.appSecret),
    auth: createAuth(config, database),
    realtime: new RealtimeHub(database, logger),
  } as AppDeps;
  deps.jobs = await createJobQueue(database, logger, allJobDefinitions(deps), {
    concurrency: config.workerConcurrency,
    connectionString: database.url ?? config.databaseUrl ?? undefined,
  });

  let setupUrl: string | null = null;
  let built: BuiltApp | null = null;
  let server: ServerType | null = null;
  let url: string | null = null;

  if (opts.http) {
    const first = await ensureFirstAdmin(deps.auth, deps.db, { admin: config.admin, publicUrl: config.publicUrl });
    if (first.created) logger.info({ email: first.created }, 'created the first administrator from ADMIN_EMAIL');
    setupUrl = first.setupUrl;
    await deps.realtime.start();
    built = buildApp(deps, { webRoot: opts.webRoot ?? null });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: built!.app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = config.publicUrl.includes(`:${config.port}`) && config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
    if (config.port === 0) url = `http://127.0.0.1:${port}`;
  }
  if (opts.workers) await deps.jobs.startWorkers();

  let stopped = false;
  return {
    deps,
    built,
    server,
    url,
    setupUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (server) {
        const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
        // Live-update streams never end on their own; drop them so close() can finish.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        await closing;
      }
      await deps.jobs.stop().catch((err) => logger.warn({ err }, 'job queue did not stop cleanly'));
      await deps.realtime.stop().catch(() => {});
      if (!opts.database) await database.close();
      opened.release();
    },
  };
}
