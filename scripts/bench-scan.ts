/**
 * Scan benchmark: N generated deliveries behind the Bunny fake (a few ms of latency per request),
 * one bunny_cdn source, one full scan run by the real workers to completion (discovery + metadata).
 * Runs on PGlite always, and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set.
 *
 *   npm run bench:scan -- [--count 10000] [--latency-ms 3] [--only pglite|postgres]
 *
 * Prints deliveries per second, seconds, the peak of concurrent requests the fake saw and the row
 * counts per database, then one JSON line with every figure.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@/db/scratch';
import { sql } from 'drizzle-orm';
import { createSource } from '@/features/sources/service';
import { createScanJob, getScanJob } from '@/features/scanning/service';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime } from '@/server/runtime';
import { fileURLToPath } from 'node:url';

interface Options {
  count: number;
  latencyMs: number;
  only: 'pglite' | 'postgres' | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { count: 10_000, latencyMs: 3, only: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--count' || arg === '--latency-ms') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${arg} needs a whole number, got "${value ?? ''}"`);
      if (arg === '--count') options.count = n;
      else options.latencyMs = n;
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
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  peakConcurrentRequests: number;
  requests: number;
  batches: number;
  directories: number;
  rows: { ddex_file: number; artist: number; partner: number; ddex_file_artist: number; error_files: number };
}

const ZONE = 'bench-zone';
const KEY = 'bench-key';

/** The Bunny fake with the deliveries, in its own process (see scripts/bench-scan-source.ts). */
class SourceProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly info: { files: number; bytes: number; batches: number },
  ) {}

  static start(count: number, latencyMs: number): Promise<SourceProcess> {
    const child = fork(fileURLToPath(new URL('./bench-scan-source.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_COUNT: String(count), BENCH_LATENCY_MS: String(latencyMs), BENCH_ZONE: ZONE, BENCH_KEY: KEY },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the source process exited (${code}) before it was ready`)));
      child.once('message', (message: { type: string; baseUrl: string; files: number; bytes: number; batches: number }) => {
        child.removeAllListeners('exit');
        resolve(new SourceProcess(child, message.baseUrl, message));
      });
    });
  }

  private ask<T>(type: string): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (message: T) => resolve(message));
      this.child.send({ type });
    });
  }

  resetCounters() {
    return this.ask<unknown>('reset');
  }

  stats() {
    return this.ask<{ maxConcurrent: number; requestCount: number }>('stats');
  }

  stop() {
    this.child.send({ type: 'stop' });
  }
}


async function benchOne(kind: 'pglite' | 'postgres', bunny: SourceProcess, expected: number, serverUrl?: string): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-scan-'));
  const pgDatabase = kind === 'postgres' ? await createScratchDatabase(serverUrl!, `bench_scan_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`) : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET: 'bench-scan-secret-bench-scan-secret-012345', LOG_LEVEL: 'warn' };
  if (pgDatabase) env.DATABASE_URL = pgDatabase.url;
  const config = loadConfig(env);
  const runtime = await startRuntime(config, { logger: createLogger('warn'), http: false, workers: true });
  try {
    const deps = runtime.deps;
    const source = await createSource(deps, { name: 'Bench', storage_type: 'bunny_cdn', storage_zone: ZONE, access_key: KEY, endpoint_url: bunny.baseUrl });
    await bunny.resetCounters();
    const started = performance.now();
    const { job } = await createScanJob(deps, { sourceId: source.id, fullScan: true });
    let last = '';
    for (;;) {
      const current = await getScanJob(deps, job.id);
      if (current.status === 'completed' || current.status === 'failed') {
        if (current.status === 'failed') throw new Error(`scan failed: ${current.error_message}`);
        break;
      }
      const line = `  ${kind}: batch ${current.current_batch}, ${current.processed_directories}/${current.total_directories} directories, ${current.total_files} files`;
      if (line !== last) process.stdout.write(`${line}\n`);
      last = line;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    const done = await getScanJob(deps, job.id);
    const count = async (table: string) => Number((await deps.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);
    const rows = {
      ddex_file: await count('ddex_file'),
      artist: await count('artist'),
      partner: await count('partner'),
      ddex_file_artist: await count('ddex_file_artist'),
      error_files: Number((await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ddex_file WHERE status = 'error'`)).rows[0]!.n),
    };
    if (rows.ddex_file !== expected) throw new Error(`expected ${expected} ddex_file rows, found ${rows.ddex_file}`);
    const stats = await bunny.stats();
    return {
      database: kind,
      deliveries: rows.ddex_file,
      seconds: Math.round(seconds * 100) / 100,
      deliveriesPerSecond: Math.round(rows.ddex_file / seconds),
      peakConcurrentRequests: stats.maxConcurrent,
      requests: stats.requestCount,
      batches: done.current_batch,
      directories: done.total_directories,
      rows,
    };
  } finally {
    await runtime.stop();
    await pgDatabase?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  // Discovery and metadata only: screening of the new artists is left to its periodic sweep.
  process.env.SCAN_SCREEN_NEW_ARTISTS ??= 'false';
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  console.log(`Generating ${options.count} deliveries into the Bunny fake (${options.latencyMs} ms latency per request)...`);
  const bunny = await SourceProcess.start(options.count, options.latencyMs);
  try {
    console.log(`  ${bunny.info.files} files, ${(bunny.info.bytes / 1e6).toFixed(1)} MB, ${bunny.info.batches} batch folders, served at ${bunny.baseUrl}`);
    const kinds: ('pglite' | 'postgres')[] = [];
    if (options.only !== 'postgres') kinds.push('pglite');
    if (options.only !== 'pglite' && serverUrl) kinds.push('postgres');
    if (options.only === 'postgres' && !serverUrl) throw new Error('--only postgres needs DATABASE_URL or TEST_DATABASE_URL (or run under scripts/with-postgres.sh)');
    const results: Result[] = [];
    for (const kind of kinds) {
      console.log(`Scanning on ${kind}...`);
      const result = await benchOne(kind, bunny, options.count, serverUrl);
      results.push(result);
      console.log(
        `${kind}: ${result.deliveries} deliveries in ${result.seconds} s = ${result.deliveriesPerSecond} deliveries/s; ` +
          `peak ${result.peakConcurrentRequests} concurrent requests (${result.requests} in all); ${result.batches} batches of ` +
          `${result.directories} directories; rows: ${JSON.stringify(result.rows)}`,
      );
    }
    if (!serverUrl && options.only !== 'pglite') console.log('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL, or run under scripts/with-postgres.sh');
    console.log(JSON.stringify({ benchmark: 'scan', count: options.count, latencyMs: options.latencyMs, results }));
  } finally {
    bunny.stop();
  }
}

main().catch((error: Error) => {
  console.error(`bench-scan: ${error.message}`);
  process.exit(1);
});
