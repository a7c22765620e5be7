/**
 * Dashboard benchmark: seeds a catalogue of 100,000 releases and 1,200,000 resources into a fresh
 * PostgreSQL database with generate_series SQL, starts the real server on it, and times
 * `GET /api/dashboard` and the artists list (`GET /api/artists?tab=approved&page=1&pageSize=50`)
 * through HTTP with a signed-in session. Target: 95th percentile under 150 ms each.
 *
 *   npm run bench:dashboard -- [--releases 100000] [--tracks 11] [--requests 200] [--keep]
 *   (needs DATABASE_URL or TEST_DATABASE_URL, e.g. under scripts/with-postgres.sh)
 *
 * Each release gets `tracks` audio resources plus one cover image resource (11 + 1 = 12 per
 * release: 1.2M resources for 100k releases), with their release_resource links and assets.
 * Prints p50/p95/max per endpoint, then one JSON line with every figure.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '@/db/scratch';
import { createUserWithPassword } from '@/features/users/service';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime } from '@/server/runtime';

interface Options {
  releases: number;
  tracks: number;
  requests: number;
  keep: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { releases: 100_000, tracks: 11, requests: 200, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--keep') {
      options.keep = true;
      continue;
    }
    const value = argv[i + 1];
    const n = Number(value);
    if (!['--releases', '--tracks', '--requests'].includes(arg ?? '')) throw new Error(`unknown argument ${arg}`);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} needs a whole number of 1 or more, got "${value ?? ''}"`);
    if (arg === '--releases') options.releases = n;
    else if (arg === '--tracks') options.tracks = n;
    else options.requests = n;
    i++;
  }
  return options;
}


/**
 * The catalogue, set-based. Artists: one per 5 releases (60% approved, a third of those with
 * autopush, 30% pending, 10% rejected). One ddex_file per release (90% imported, the rest a mix
 * of eligible and discovered). 2% of the releases are TrackReleases. Jobs: a few hundred finished
 * ones and a handful pending or running.
 */
function seedStatements(o: Options): [string, string][] {
  const r = o.releases;
  const artists = Math.max(1, Math.floor(r / 5));
  const perRelease = o.tracks + 1;
  return [
    ['source and partner', `
      INSERT INTO sources (id, name, storage_type, storage_zone) VALUES ('00000000-0000-4000-8000-000000000001', 'Bench zone', 'bunny_cdn', 'bench-zone');
      INSERT INTO partner (id, name, slug) VALUES ('00000000-0000-4000-8000-000000000002', 'Bench Records', 'bench-records');`],
    ['artists', `
      INSERT INTO artist (name, status, autopush, is_main_artist, created_at)
      SELECT 'Bench Artist ' || lpad(g::text, 7, '0'),
             CASE WHEN g % 10 < 6 THEN 'approved' WHEN g % 10 < 9 THEN 'pending' ELSE 'rejected' END,
             g % 10 < 2, true, now() - (g || ' minutes')::interval
        FROM generate_series(1, ${artists}) g;`],
    ['ddex files', `
      INSERT INTO ddex_file (source_id, source_path, delivery_folder, partner_id, message_id, artist_name, release_title, upc,
                             status, import_eligible, imported_at, delivery_sequence, thread_key, has_media, created_at)
      SELECT '00000000-0000-4000-8000-000000000001', 'bench/' || g || '/' || g || '.xml', 'bench/' || g,
             '00000000-0000-4000-8000-000000000002', 'MSG-' || g, 'Bench Artist ' || lpad((1 + g % ${artists})::text, 7, '0'),
             'Bench Release ' || g, (8700000000000 + g)::text,
             'metadata_scanned', g % 10 <> 9 OR g % 20 = 9, CASE WHEN g % 10 <> 9 THEN now() - (g || ' seconds')::interval END,
             1, 'icpn:' || (8700000000000 + g), true, now() - (g || ' seconds')::interval
        FROM generate_series(1, ${r}) g;`],
    ['releases', `
      INSERT INTO release (id, title, type, display_artist, upc, original_release_date, ddex_file_id, partner_id, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT g, 'Bench Release ' || g,
             CASE WHEN g % 50 = 0 THEN 'TrackRelease' WHEN g % 3 = 0 THEN 'Album' WHEN g % 3 = 1 THEN 'Single' ELSE 'EP' END,
             'Bench Artist ' || lpad((1 + g % ${artists})::text, 7, '0'), (8700000000000 + g)::text,
             date '2020-01-01' + (g % 2000), f.id, '00000000-0000-4000-8000-000000000002', now() - ((${r} - g) || ' seconds')::interval
        FROM generate_series(1, ${r}) g
        JOIN ddex_file f ON f.source_path = 'bench/' || g || '/' || g || '.xml';
      SELECT setval(pg_get_serial_sequence('release', 'id'), ${r});`],
    ['release contributors', `
      INSERT INTO release_contributor (release_id, artist_id, role, credited_name, sequence)
      SELECT rl.id, a.id, 'MainArtist', a.name, 1
        FROM release rl JOIN artist a ON a.name = rl.display_artist;
      INSERT INTO release_contributor (release_id, role, credited_name, sequence)
      SELECT g, 'Producer', 'Bench Producer ' || (g % 997), 2 FROM generate_series(1, ${r}) g;`],
    ['resources', `
      INSERT INTO resource (id, ddex_file_id, title, media_type, display_artist, isrc, duration_ms, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT (rl.id - 1) * ${perRelease} + t,
             rl.ddex_file_id, CASE WHEN t = ${perRelease} THEN 'Front cover' ELSE rl.title || ' ' || t END,
             CASE WHEN t = ${perRelease} THEN 'image' ELSE 'audio' END, rl.display_artist,
             CASE WHEN t = ${perRelease} THEN NULL ELSE 'NLBEN' || lpad(((rl.id - 1) * ${perRelease} + t)::text, 7, '0') END,
             180000 + t * 1000, rl.created_at
        FROM release rl CROSS JOIN generate_series(1, ${perRelease}) t;
      SELECT setval(pg_get_serial_sequence('resource', 'id'), ${r * perRelease});`],
    ['track links', `
      INSERT INTO release_resource (release_id, resource_id, track_number, disc_number)
      SELECT rl.id, (rl.id - 1) * ${perRelease} + t, CASE WHEN t = ${perRelease} THEN NULL ELSE t END, CASE WHEN t = ${perRelease} THEN NULL ELSE 1 END
        FROM release rl CROSS JOIN generate_series(1, ${perRelease}) t;`],
    ['assets', `
      INSERT INTO asset (resource_id, kind, bucket, key, mime_type, is_primary, ddex_file_id)
      SELECT res.id,
             CASE WHEN res.media_type = 'image' THEN 'cover' ELSE 'master' END,
             'bench-zone', 'bench/' || ((res.id - 1) / ${perRelease} + 1) || '/resources/' || res.id || CASE WHEN res.media_type = 'image' THEN '.jpg' ELSE '.wav' END,
             CASE WHEN res.media_type = 'image' THEN 'image/jpeg' ELSE 'audio/wav' END, true, res.ddex_file_id
        FROM resource res;`],
    ['jobs', `
      INSERT INTO scan_jobs (source_id, status, created_at)
      SELECT '00000000-0000-4000-8000-000000000001', CASE WHEN g <= 2 THEN 'running' WHEN g <= 5 THEN 'pending' WHEN g % 7 = 0 THEN 'failed' ELSE 'completed' END, now() - (g || ' hours')::interval
        FROM generate_series(1, 500) g;
      INSERT INTO import_jobs (status, total_files, created_at)
      SELECT CASE WHEN g <= 1 THEN 'running' WHEN g <= 3 THEN 'pending' ELSE 'completed' END, 50, now() - (g || ' hours')::interval
        FROM generate_series(1, 500) g;`],
  ];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

interface Timing {
  endpoint: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

async function time(label: string, requests: number, send: () => Promise<Response>): Promise<Timing> {
  // Warm-up: the first calls fill caches and plan the statements.
  for (let i = 0; i < 5; i++) await (await send()).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${label} answered ${res.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    endpoint: label,
    requests,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(samples[samples.length - 1]!),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:dashboard needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL, or run under scripts/with-postgres.sh');
    process.exit(2);
  }
  const database = await createScratchDatabase(serverUrl, `bench_dashboard_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-dashboard-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-dashboard-secret-bench-dashboard-0123',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
  });
  const runtime = await startRuntime(config, { logger: createLogger('warn'), http: true, workers: false });
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const seedStarted = performance.now();
    // Bulk seeding: no live-update notifications for millions of rows (needs a superuser, as
    // with-postgres.sh gives; otherwise the triggers simply run and seeding is slower).
    await client.query(`SET session_replication_role = replica`).catch(() => console.log('triggers stay on (not a superuser): seeding is slower'));
    for (const [label, statement] of seedStatements(options)) {
      const started = performance.now();
      await client.query(statement);
      console.log(`seeded ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const vacuumStarted = performance.now();
    await client.query('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const counts = (
      await client.query<{ releases: string; resources: string; files: string; artists: string }>(
        'SELECT (SELECT count(*) FROM release) AS releases, (SELECT count(*) FROM resource) AS resources, (SELECT count(*) FROM ddex_file) AS files, (SELECT count(*) FROM artist) AS artists',
      )
    ).rows[0]!;
    await client.end();

    await createUserWithPassword(runtime.deps.auth, runtime.deps.db, { email: 'bench@example.com', password: 'bench-password-1', role: 'user' });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const get = (pathname: string) => () => fetch(`${base}${pathname}`, { headers: { cookie, origin: base } });

    const dashboard = await time('/api/dashboard', options.requests, get('/api/dashboard'));
    const artistsPath = '/api/artists?tab=approved&page=1&pageSize=50';
    const probe = await get(artistsPath)();
    await probe.arrayBuffer();
    const timings = [dashboard];
    let artistsNote = 'the Artists engineer’s route';
    if (probe.ok) timings.push(await time(artistsPath, options.requests, get(artistsPath)));
    else artistsNote = `not timed: ${artistsPath} answered ${probe.status}`;

    // Not part of the target: the DDEX Media list's first page (its exact total counts 1.1M rows).
    timings.push(await time('/api/resources?page=1&pageSize=100', Math.min(options.requests, 50), get('/api/resources?page=1&pageSize=100')));

    console.log(`\nCatalogue: ${counts.releases} releases, ${counts.resources} resources, ${counts.files} DDEX files, ${counts.artists} artists (seeded in ${seedSeconds.toFixed(0)} s)`);
    for (const t of timings) console.log(`${t.endpoint.padEnd(48)} p50 ${t.p50} ms  p95 ${t.p95} ms  max ${t.max} ms  (${t.requests} requests)`);
    if (!probe.ok) console.log(`artists list ${artistsNote}`);
    console.log(
      JSON.stringify({
        bench: 'dashboard',
        database: 'postgres',
        releases: Number(counts.releases),
        resources: Number(counts.resources),
        ddexFiles: Number(counts.files),
        artists: Number(counts.artists),
        seedSeconds: Math.round(seedSeconds),
        timings,
        targetP95Ms: 150,
        pass: timings.filter((t) => !t.endpoint.startsWith('/api/resources')).every((t) => t.p95 < 150),
      }),
    );
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (options.keep) console.log(`kept database ${database.url}`);
    else await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
