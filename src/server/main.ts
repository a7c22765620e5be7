import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startRuntime } from './runtime';

const webRoot = path.resolve(fileURLToPath(new URL('../../dist/web', import.meta.url)));

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
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, { logger, http: true, workers: config.runWorkers, webRoot });
  const db = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  DDEX Back-office ${config.version} is running at ${runtime.url}`);
  console.log(`  database: ${db}; workers: ${config.runWorkers ? 'in this process' : 'off (run npm run worker)'}`);
  console.log(`  new here? sign in as an admin and choose 'Load demo deliveries' on DDEX Sources (or stop the server and run npm run demo)`);
  if (runtime.setupUrl) {
    console.log(`\n  No user exists yet. Open this one-time link to create the first administrator:\n  ${runtime.setupUrl}\n`);
  }
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
});
