import { ConfigError, loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime } from '@/server/runtime';

/** A worker-only process: no HTTP, just job handlers, against DATABASE_URL (DESIGN.md 2). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: extra workers share a PostgreSQL server. The embedded database already runs its workers inside npm start.');
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, { logger, http: false, workers: true });
  logger.info({ concurrency: config.workerConcurrency }, 'worker started');
  const shutdown = async () => {
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
