import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';
export type AppSchema = typeof schema;
/** What db.execute() answers on both drivers: pg's QueryResult and PGlite's Results share `rows`. */
export interface AppQueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}
export interface QueryRows<TRow> {
  rows: TRow[];
}
/** The common drizzle surface of both drivers (select, insert, transaction, execute, db.query.*). */
export type AppDb = PgDatabase<AppQueryResultHKT, AppSchema>;
/** What a transaction callback receives; write helpers that take `AppDb | AppTx`. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export interface Database {
  kind: DatabaseKind;
  db: AppDb;
  /** Raw SQL with positional params ($1...), returns rows. Used by pg-boss and bulk paths. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** LISTEN on a channel; returns an unsubscribe. PG: one dedicated pg.Client (reconnects on error);
   *  PGlite: pglite.listen. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  pglite?: PGlite; // set when kind === 'pglite'
  pool?: pg.Pool; // set when kind === 'postgres'
  /** The connection string, set when kind === 'postgres' (for clients that open their own
   *  connections, e.g. pg-boss with connectionString). */
  url?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... : use PostgreSQL. Absent: the embedded PGlite database. */
  url?: string;
  /** PGlite data folder, or 'memory://' (tests). Ignored when url is set. */
  dataDir?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** PGlite only: start from this data-folder tarball (a migrated template, see test/helpers/db.ts). */
  pgliteLoadDataDir?: Blob | File;
  /** Errors that have no caller to throw to (idle pool clients, the LISTEN connection). */
  onBackgroundError?: (error: Error) => void;
}

/** The channel the notify triggers (migration 0002) send {table, op, id} on. */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed 64-bit number works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_KEY = '7305310245918022143';

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * Raw query() results look the same on both drivers: int8 (count(*), bigint columns) as a number
 * like PGlite gives it (pg would give a string), dates as 'YYYY-MM-DD' strings.
 */
const rawPgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

const LISTEN_RECONNECT_MIN_MS = 250;
const LISTEN_RECONNECT_MAX_MS = 10_000;

const defaultBackgroundError = (error: Error) => {
  console.error(`[db] ${error.message}`);
};

/** url set => PostgreSQL (pool max from opts.poolSize, default 10); else PGlite in dataDir
 *  (create the parent folder first; 'memory://' allowed for tests). Loads pg_trgm on PGlite. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts);
  if (!opts.dataDir) {
    throw new Error('openDatabase: give either url (PostgreSQL) or dataDir (PGlite folder or memory://)');
  }
  return openPglite(opts.dataDir, opts);
}

async function openPglite(dataDir: string, opts: OpenDatabaseOptions): Promise<Database> {
  const isInMemory = dataDir.startsWith('memory://');
  const location = isInMemory ? dataDir : resolveFolder(dataDir);
  if (!isInMemory) {
    try {
      mkdirSync(dirname(location), { recursive: true });
    } catch (error) {
      throw new Error(`Cannot create the parent folder of the database folder ${location}: ${(error as Error).message}`);
    }
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(location, {
      extensions: { pg_trgm },
      // Dates stay 'YYYY-MM-DD' strings, as drizzle's date columns and the pg path return them.
      parsers: { [DATE_OID]: (value: string) => value },
      ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
    });
  } catch (error) {
    throw new Error(`Cannot open the embedded database in ${location}: ${(error as Error).message}`);
  }
  const db = drizzlePglite({ client: pglite, schema }) as unknown as AppDb;
  return {
    kind: 'pglite',
    db,
    pglite,
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      // PGlite's extended protocol takes one statement; a parameterless script (pg-boss sends
      // some) goes through exec, whose last result carries the rows, like pg's simple protocol.
      if (!params || params.length === 0) {
        const results = await pglite.exec(text);
        return (results.at(-1)?.rows ?? []) as T[];
      }
      const result = await pglite.query<T>(text, params);
      return result.rows;
    },
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

function resolveFolder(folder: string): string {
  const path = folder.startsWith('file://') ? fileURLToPath(folder) : folder;
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

async function openPostgres(url: string, opts: OpenDatabaseOptions): Promise<Database> {
  const onBackgroundError = opts.onBackgroundError ?? defaultBackgroundError;
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => onBackgroundError(new Error(`PostgreSQL pool: ${error.message}`)));
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`);
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as AppDb;
  const listener = new PostgresListener(url, onBackgroundError);
  return {
    kind: 'postgres',
    db,
    pool,
    url,
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      const result = (await pool.query({ text, values: params, types: rawPgTypes })) as
        | pg.QueryResult
        | pg.QueryResult[];
      // A multi-statement script answers one result per statement.
      if (Array.isArray(result)) return (result.at(-1)?.rows ?? []) as T[];
      return result.rows as T[];
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Hides the password of a connection URL in messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unparsable URL)';
  }
}

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to others).
 * One client serves every channel of this Database; when it drops, it reconnects with back-off and
 * LISTENs again. Notifications sent while it was down are lost: subscribers should re-read.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private reconnectDelay = LISTEN_RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onBackgroundError: (error: Error) => void,
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('listen: the database is closed');
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    }
    set.add(onPayload);
    return async () => {
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(onPayload);
      if (current.size > 0) return;
      this.handlers.delete(channel);
      if (this.client && !this.closed) {
        await this.client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.handlers.clear();
    if (client) await client.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      this.connecting = this.openClient().finally(() => {
        this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  private async openClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      const set = this.handlers.get(message.channel);
      if (!set) return;
      for (const handler of set) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          this.onBackgroundError(new Error(`LISTEN ${message.channel} handler: ${(error as Error).message}`));
        }
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    this.client = client;
    this.reconnectDelay = LISTEN_RECONNECT_MIN_MS;
    return client;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.onBackgroundError(new Error(`LISTEN connection lost (${error.message}); reconnecting`));
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.handlers.size === 0) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, LISTEN_RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((error: Error) => {
        this.onBackgroundError(new Error(`LISTEN reconnect failed: ${error.message}`));
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}

function quoteIdentifier(name: string): string {
  if (!name || name.includes('\0')) throw new Error(`Invalid channel name: ${JSON.stringify(name)}`);
  return `"${name.replace(/"/g, '""')}"`;
}

/** Applies src/db/migrations with drizzle's migrator for the right driver. Idempotent; safe when
 *  two processes start at once on PostgreSQL (take a pg_advisory_lock around it). */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('migrate: PGlite database without its pglite handle');
    // One connection, one process: nothing can race.
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!database.pool) throw new Error('migrate: PostgreSQL database without its pool');
  // The lock is per session, so the migrator must run on the very connection that holds it.
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection that could not unlock may still hold the lock: destroy it rather than pool it.
    client.release(broken);
  }
}
