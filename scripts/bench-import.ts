/**
 * Import benchmark: N generated albums (about 12 tracks each, ERN 3.8.2 and 4.3, with TrackReleases,
 * deals and hashed media) in a local folder source, scanned, their artists approved, then imported
 * by one import job. Only the import is timed. Runs on PostgreSQL when DATABASE_URL or
 * TEST_DATABASE_URL is set (a throwaway database on that server), and on PGlite for reference.
 *
 *   npm run bench:import -- [--count 1000] [--pglite-count 200] [--only pglite|postgres] [--concurrency 4]
 *
 * Prints releases per second per database, then one JSON line with every figure.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@/db/scratch';
import { sql } from 'drizzle-orm';
import { openDatabase, migrate, type Database } from '@/db/client';
import { folderWriter, generateBulkDeliveries } from '@/features/demo';
import { createSource } from '@/features/sources/service';
import { runScanBatch } from '@/features/scanning/scanner';
import { createScanJob, getScanJob } from '@/features/scanning/service';
import { recomputeEligibility } from '@/features/scanning/threads';
import { runImportJobToEnd, startImportJob } from '@/features/importing/service';
import { createJobQueue } from '@/jobs/queue';
import { allJobDefinitions } from '@/jobs/definitions';
import { loadConfig } from '@/server/config';
import type { AppDeps } from '@/server/context';
import { createLogger } from '@/server/logger';
import { createSecretBox } from '@/server/secrets';

interface Options {
  count: number;
  pgliteCount: number;
  only: 'pglite' | 'postgres' | null;
  concurrency: number | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { count: 1000, pgliteCount: 200, only: null, concurrency: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--count' || arg === '--pglite-count' || arg === '--concurrency') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} needs a whole number above 0, got "${value ?? ''}"`);
      if (arg === '--count') options.count = n;
      else if (arg === '--pglite-count') options.pgliteCount = n;
      else options.concurrency = n;
      i++;
    } else if (arg === '--only') {
      if (value !== 'pglite' && value !== 'postgres') throw new Error(`--only takes pglite or postgres, got "${value ?? ''}"`);
      options.only = value;
      i++;
    } else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

interface Result {
  database: 'pglite' | 'postgres';
  releases: number;
  files: number;
  tracks: number;
  seconds: number;
  releasesPerSecond: number;
  tracksPerSecond: number;
  concurrency: number;
  failed: number;
  rows: Record<string, number>;
}


async function benchOne(kind: 'pglite' | 'postgres', database: Database, folder: string, dataDir: string, concurrency: number | null): Promise<Result> {
  const logger = createLogger('silent');
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'bench-import-secret-bench-import-secret-01', LOG_LEVEL: 'silent' });
  const deps = { config, database, db: database.db, logger, secrets: createSecretBox(config.appSecret) } as unknown as AppDeps;
  deps.jobs = await createJobQueue(database, logger, allJobDefinitions(deps));
  try {
    process.stdout.write(`[${kind}] scanning the deliveries...`);
    const source = await createSource(deps, { name: 'Import benchmark', storage_type: 'local', storage_zone: folder });
    const { job: scan } = await createScanJob(deps, { sourceId: source.id });
    while ((await runScanBatch(deps, scan.id, { continueInBackground: false })) === 'continue');
    const scanned = await getScanJob(deps, scan.id);
    if (scanned.status !== 'completed') throw new Error(`the scan ended ${scanned.status}: ${scanned.error_message}`);
    await database.db.execute(sql`UPDATE artist SET status = 'approved'`);
    await recomputeEligibility(database.db);
    const eligible = await database.db.execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE import_eligible ORDER BY source_path`);
    process.stdout.write(` ${eligible.rows.length} eligible files. Importing...\n`);

    const job = await startImportJob(deps, { fileIds: eligible.rows.map((r) => r.id), requestedBy: 'bench-import' });
    const effective = concurrency ?? (kind === 'postgres' ? 4 : 1);
    const started = performance.now();
    let last = started;
    const progress = setInterval(() => {
      void database.db
        .execute<{ processed_files: number; total_files: number }>(sql`SELECT processed_files, total_files FROM import_jobs WHERE id = ${job.id}`)
        .then((r) => {
          const row = r.rows[0];
          if (row) process.stdout.write(`[${kind}] ${row.processed_files}/${row.total_files} files, ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
        })
        .catch(() => undefined);
      last = performance.now();
    }, 5_000);
    const done = await runImportJobToEnd(deps, job.id, { concurrency: effective });
    clearInterval(progress);
    void last;
    const seconds = (performance.now() - started) / 1000;
    if (done.status !== 'completed') throw new Error(`the import ended ${done.status}: ${done.error_message}`);

    const counts = (
      await database.db.execute<Record<string, number>>(sql`
        SELECT (SELECT count(*)::int FROM release WHERE type <> 'TrackRelease') AS releases,
               (SELECT count(*)::int FROM release WHERE type = 'TrackRelease') AS track_releases,
               (SELECT count(*)::int FROM resource WHERE media_type = 'audio') AS tracks,
               (SELECT count(*)::int FROM asset) AS assets,
               (SELECT count(*)::int FROM release_deal) AS deals,
               (SELECT count(*)::int FROM deal_territory) AS deal_territories,
               (SELECT count(*)::int FROM resource_contributor) AS resource_contributors`)
    ).rows[0]!;
    const releases = Number(counts.releases);
    const tracks = Number(counts.tracks);
    return {
      database: kind,
      releases,
      files: done.total_files,
      tracks,
      seconds: Number(seconds.toFixed(2)),
      releasesPerSecond: Number((releases / seconds).toFixed(1)),
      tracksPerSecond: Number((tracks / seconds).toFixed(0)),
      concurrency: effective,
      failed: done.failed_files,
      rows: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
    };
  } finally {
    await deps.jobs.stop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || null;
  const results: Result[] = [];
  const runs: { kind: 'pglite' | 'postgres'; count: number }[] = [];
  if (options.only !== 'pglite') {
    if (serverUrl) runs.push({ kind: 'postgres', count: options.count });
    else if (options.only === 'postgres') throw new Error('--only postgres needs DATABASE_URL or TEST_DATABASE_URL (or run it under scripts/with-postgres.sh)');
    else console.log('No DATABASE_URL or TEST_DATABASE_URL: PostgreSQL skipped (run under scripts/with-postgres.sh to include it).');
  }
  if (options.only !== 'postgres') runs.push({ kind: 'pglite', count: options.pgliteCount });

  for (const run of runs) {
    const folder = mkdtempSync(path.join(tmpdir(), 'bench-import-src-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-data-'));
    let database: Database | undefined;
    let drop: (() => Promise<void>) | undefined;
    try {
      const generated = await generateBulkDeliveries(folderWriter(folder), { count: run.count });
      const avgTracks = generated.deliveries.reduce((n, d) => n + d.trackCount, 0) / Math.max(1, generated.deliveries.length);
      console.log(`[${run.kind}] generated ${run.count} albums (${avgTracks.toFixed(1)} tracks on average, ${generated.files} files) in ${(generated.elapsedMs / 1000).toFixed(1)} s`);
      if (run.kind === 'postgres') {
        const created = await createScratchDatabase(serverUrl!, `bench_import_${process.pid}_${randomBytes(3).toString('hex')}`);
        drop = created.drop;
        database = await openDatabase({ url: created.url, poolSize: 10 });
      } else {
        database = await openDatabase({ dataDir: 'memory://' });
      }
      await migrate(database);
      const result = await benchOne(run.kind, database, folder, dataDir, options.concurrency);
      console.log(
        `[${run.kind}] imported ${result.releases} releases (${result.tracks} tracks, ${result.rows.track_releases} TrackReleases, ${result.rows.assets} assets) in ${result.seconds} s: ${result.releasesPerSecond} releases/s, ${result.tracksPerSecond} tracks/s (concurrency ${result.concurrency})`,
      );
      results.push(result);
    } finally {
      await database?.close().catch(() => undefined);
      await drop?.().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const postgres = results.find((r) => r.database === 'postgres');
  console.log(
    JSON.stringify({
      bench: 'import',
      target_releases_per_second: 40,
      postgres: postgres ?? null,
      pglite: results.find((r) => r.database === 'pglite') ?? null,
      meets_target: postgres ? postgres.releasesPerSecond >= 40 : null,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
