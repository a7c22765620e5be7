/**
 * npm run demo [-- <folder>]
 *
 * Writes the demo deliveries to DATA_DIR/demo-deliveries (or <folder>), registers (or updates) the
 * local source 'Demo deliveries' pointing at it and scans it to the end, showing progress. Works
 * on the embedded database (stop the server first: it holds the database) and on DATABASE_URL
 * (a running server's workers share the scan).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime } from '@/server/runtime';
import { getScanJob, loadDemoData } from '@/features/scanning/service';

const USAGE = 'Usage: npm run demo [-- <folder>]   (default folder: $DATA_DIR/demo-deliveries)';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error(`demo: expected at most one folder argument\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `demo: ${(error as Error).message}`);
    return 2;
  }
  const folder = path.resolve(args[0] ?? path.join(config.dataDir, 'demo-deliveries'));
  const runtime = await startRuntime(config, { logger: createLogger(process.env.LOG_LEVEL ?? 'warn'), http: false, workers: true });
  try {
    const result = await loadDemoData(runtime.deps, { folder });
    console.log(result.message);
    let last = '';
    for (;;) {
      const job = await getScanJob(runtime.deps, result.scanJobId);
      const line =
        job.status === 'completed' || job.status === 'failed'
          ? ''
          : `  ${job.phase ?? 'Initializing'}: ${job.processed_directories}/${job.total_directories} directories, ${job.total_files} files`;
      if (line && line !== last) console.log(line);
      last = line;
      if (job.status === 'failed') {
        console.error(`The scan failed: ${job.error_message}`);
        return 1;
      }
      if (job.status === 'completed') {
        const counts = await runtime.deps.db.execute<{ files: number; errors: number; partners: number; artists: number }>(sql`
          SELECT (SELECT count(*)::int FROM ddex_file WHERE source_id = ${result.sourceId}) AS files,
                 (SELECT count(*)::int FROM ddex_file WHERE source_id = ${result.sourceId} AND status = 'error') AS errors,
                 (SELECT count(*)::int FROM partner) AS partners,
                 (SELECT count(*)::int FROM artist) AS artists`);
        const c = counts.rows[0]!;
        console.log(`Scan completed: ${c.files} deliveries (${c.errors} unreadable), ${c.partners} partners, ${c.artists} artists.`);
        for (const warning of job.warnings) console.log(`  note: ${warning}`);
        console.log(`Start the server (npm start) and open DDEX Files to see them.`);
        return 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await runtime.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`demo: ${error.message}`);
    process.exit(1);
  },
);
