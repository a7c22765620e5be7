import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '@/db/client';
import { artist, ddexFile, release, releaseContributor, sources } from '@/db/schema';
import { createTestDatabase, testDatabaseServerUrl, type TestDatabase } from '../helpers/db';
import { insertSource } from './support';

describe('openDatabase', () => {
  it('refuses options that name no database', async () => {
    await expect(openDatabase({})).rejects.toThrow(/either url \(PostgreSQL\) or dataDir/);
  });

  it('names the server (without the password) when PostgreSQL cannot be reached', async () => {
    const attempt = openDatabase({ url: 'postgres://app:s3cret@127.0.0.1:1/ddex' });
    await expect(attempt).rejects.toThrow(/Cannot connect to PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/ddex/);
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });

  it('creates the PGlite folder with its parents, and keeps data across a reopen', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ddex-db-'));
    const dataDir = join(root, 'nested', 'data', 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      await migrate(first);
      await insertSource(first.db, 'Persisted');
      await first.close();

      const second = await openDatabase({ dataDir });
      try {
        await migrate(second);
        const rows = await second.db.select({ name: sources.name }).from(sources);
        expect(rows).toEqual([{ name: 'Persisted' }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe(`query and drizzle on ${testDatabaseServerUrl() ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('says which driver it is and exposes its handle', () => {
    if (testDatabaseServerUrl()) {
      expect(database.kind).toBe('postgres');
      expect(database.pool).toBeInstanceOf(pg.Pool);
    } else {
      expect(database.kind).toBe('pglite');
      expect(database.pglite).toBeDefined();
    }
  });

  it('runs raw SQL with positional parameters and returns the same shapes on both drivers', async () => {
    const sourceId = await insertSource(database.db, 'RawSource');
    const rows = await database.query<{ name: string; files: number; created_on: string; zone: string }>(
      `SELECT name, count(*) OVER () AS files, to_char(created_at, 'YYYY') AS zone, current_date AS created_on
         FROM sources WHERE id = $1`,
      [sourceId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('RawSource');
    expect(rows[0].files).toBe(1); // int8 arrives as a number, as on PGlite
    expect(rows[0].created_on).toMatch(/^\d{4}-\d{2}-\d{2}$/); // dates as 'YYYY-MM-DD'
  });

  it('runs a parameterless multi-statement script and returns the last statement rows', async () => {
    const rows = await database.query<{ answer: number }>(
      `CREATE TEMP TABLE IF NOT EXISTS scratch (n int); INSERT INTO scratch VALUES (41); SELECT n + 1 AS answer FROM scratch`,
    );
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it('reports a bad statement as an error naming the problem', async () => {
    await expect(database.query('SELECT * FROM no_such_table WHERE id = $1', [1])).rejects.toThrow(
      /no_such_table/,
    );
  });

  it('answers relational queries and rolls back a failed transaction', async () => {
    const { db } = database;
    const [main] = await db.insert(artist).values({ name: 'Relational Artist', isMainArtist: true }).returning();
    const [rel] = await db.insert(release).values({ title: 'Relational', type: 'Album' }).returning();
    await db.insert(releaseContributor).values({ releaseId: rel.id, artistId: main.id, role: 'MainArtist', creditedName: 'Relational Artist' });
    const found = await db.query.release.findFirst({
      where: eq(release.id, rel.id),
      with: { contributors: { with: { artist: true } } },
    });
    expect(found?.contributors.map((contributor) => contributor.artist?.name)).toEqual(['Relational Artist']);

    const sourceId = await insertSource(db, 'TxSource');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(ddexFile).values({ sourceId, sourcePath: 'tx.xml' });
        await tx.insert(ddexFile).values({ sourceId, sourcePath: 'tx.xml' });
      }),
    ).rejects.toThrow();
    const [{ files }] = await db.select({ files: count() }).from(ddexFile).where(eq(ddexFile.sourceId, sourceId));
    expect(files).toBe(0);
  });
});

describe('test database helper', () => {
  it('hands out isolated, migrated databases quickly', async () => {
    // The first one may build the cached template; the next ones must be fast.
    const warm = await createTestDatabase();
    await warm.cleanup();
    const started = performance.now();
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    const perDatabaseMs = (performance.now() - started) / 2;
    try {
      await insertSource(a.db, 'OnlyInA');
      expect(await b.db.select().from(sources)).toEqual([]);
      expect((await a.db.select().from(sources)).map((row) => row.name)).toEqual(['OnlyInA']);
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
    console.info(`createTestDatabase: ${perDatabaseMs.toFixed(0)} ms per database`);
    expect(perDatabaseMs).toBeLessThan(5000);
  }, 120_000);
});

describe.runIf(Boolean(testDatabaseServerUrl()))('migrate on PostgreSQL', () => {
  it('is safe when two processes start at once on an empty database', async () => {
    const serverUrl = testDatabaseServerUrl()!;
    const name = `test_concurrent_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const first = await openDatabase({ url: url.toString(), poolSize: 2 });
    const second = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await Promise.all([migrate(first), migrate(second)]);
      const applied = await first.query<{ n: number }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      const journal = await import('@/db/migrations/meta/_journal.json', { with: { type: 'json' } });
      expect(applied[0].n).toBe(journal.default.entries.length);
      const triggers = await first.query<{ n: number }>(
        `SELECT count(*) AS n FROM pg_trigger WHERE tgname LIKE '%_notify_change'`,
      );
      expect(triggers[0].n).toBe(15);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
