import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MIGRATIONS_FOLDER, migrate, openDatabase, type Database } from '@/db/client';
import { createScratchDatabase } from '@/db/scratch';

export type TestDatabase = Database & { cleanup(): Promise<void> };

/** A fresh, migrated database. PGlite in memory by default. When TEST_DATABASE_URL is set
 *  (postgres://.../postgres), creates a uniquely named database on that server, migrates it,
 *  and drops it on close. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseServerUrl();
  return serverUrl ? createPostgresTestDatabase(serverUrl, true) : createPgliteTestDatabase();
}

/** Like createTestDatabase but with no migration applied (for tests of the migrations themselves). */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseServerUrl();
  if (serverUrl) return createPostgresTestDatabase(serverUrl, false);
  const database = await openDatabase({ dataDir: 'memory://' });
  const closeDatabase = database.close.bind(database);
  return withCleanup(database, closeDatabase);
}

/** The server URL the PostgreSQL tests run on, or undefined when they run on PGlite. */
export function testDatabaseServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

// Creating a PGlite database runs initdb (3-5 s); loading a data folder dumped from an already
// migrated one takes well under a second. The dump is cached on disk, keyed by the migrations and
// the PGlite version, so every test file (vitest runs each in its own process) reuses it.
const TEMPLATE_FOLDER = fileURLToPath(new URL('../../.tmp/pglite-templates/', import.meta.url));
let pgliteTemplate: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  pgliteTemplate ??= loadOrBuildPgliteTemplate().catch((error: unknown) => {
    pgliteTemplate = undefined;
    throw error;
  });
  const database = await openDatabase({ dataDir: 'memory://', pgliteLoadDataDir: await pgliteTemplate });
  // A no-op on the template, but it proves the copy is current and keeps the contract honest.
  await migrate(database);
  const closeDatabase = database.close.bind(database);
  return withCleanup(database, closeDatabase);
}

async function loadOrBuildPgliteTemplate(): Promise<Blob> {
  const file = join(TEMPLATE_FOLDER, `${templateKey()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet in this checkout: build it below.
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    const dump = await database.pglite!.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    try {
      mkdirSync(TEMPLATE_FOLDER, { recursive: true });
      // Write then rename: parallel test files may build it at once, none may read half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      removeOutdatedTemplates(file);
    } catch {
      // A read-only checkout only loses the cache, not the test.
    }
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

/** Templates of earlier migrations are 40 MB each: keep only the current one. */
function removeOutdatedTemplates(current: string): void {
  for (const entry of readdirSync(TEMPLATE_FOLDER)) {
    const path = join(TEMPLATE_FOLDER, entry);
    if (path !== current && entry.endsWith('.tar')) rmSync(path, { force: true });
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteVersion = readPackageVersion('@electric-sql/pglite');
  hash.update(`pglite ${pgliteVersion}\n`);
  for (const name of readdirSync(MIGRATIONS_FOLDER).filter((entry) => entry.endsWith('.sql')).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  hash.update(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

function readPackageVersion(name: string): string {
  const path = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const TEST_DATABASE_NAME = /^test_\d+_([0-9a-z]+)_[0-9a-f]+$/;
/** test_<pid>_<base-36 time>_<hex>: the time lets the sweep below find leftovers. */
const testDatabaseName = () => `test_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const STALE_TEST_DATABASE_MS = 2 * 60 * 60 * 1000;
let staleSweep: Promise<void> | undefined;

/**
 * A test that fails before its cleanup leaves its database behind; once per process, drop those
 * older than two hours. Databases still in use refuse the plain DROP and are left alone.
 */
async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'test\\_%'`,
    );
    for (const { datname } of rows) {
      const match = TEST_DATABASE_NAME.exec(datname);
      if (!match || Date.now() - parseInt(match[1], 36) < STALE_TEST_DATABASE_MS) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(serverUrl: string, migrated: boolean): Promise<TestDatabase> {
  staleSweep ??= dropStaleTestDatabases(serverUrl).catch(() => undefined);
  await staleSweep;
  const scratch = await createScratchDatabase(serverUrl, testDatabaseName());
  let database: Database;
  try {
    database = await openDatabase({ url: scratch.url, poolSize: 5 });
    if (migrated) await migrate(database);
  } catch (error) {
    await scratch.drop().catch(() => undefined);
    throw error;
  }
  const closeDatabase = database.close.bind(database);
  return withCleanup(database, async () => {
    await closeDatabase();
    await scratch.drop();
  });
}

/**
 * An empty database on the test server for processes that open it themselves (child workers),
 * named like the others so a stale one is swept; drop() removes it.
 */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testDatabaseServerUrl();
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchDatabase(serverUrl, testDatabaseName());
}


/** close() and cleanup() both release everything, once, whichever the test calls. */
function withCleanup(database: Database, release: () => Promise<void>): TestDatabase {
  let released: Promise<void> | undefined;
  const cleanup = () => (released ??= release());
  return Object.assign(database, { cleanup, close: cleanup });
}
