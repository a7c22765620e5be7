import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createScratchPostgresDatabase, testDatabaseServerUrl } from './db';

/**
 * The environment a test and its child workers share: a data folder (PGlite) or, when
 * TEST_DATABASE_URL is set, a scratch PostgreSQL database; cleanup() removes what was made.
 */
export async function sharedWorkerEnvironment(prefix: string, appSecret: string): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET: appSecret, LOG_LEVEL: 'silent' };
  const scratch = testDatabaseServerUrl() ? await createScratchPostgresDatabase() : null;
  if (scratch) env.DATABASE_URL = scratch.url;
  return {
    env,
    cleanup: async () => {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a worker script in a real child process (tsx as a loader, not its CLI, which would fork a
 * grandchild the kill would miss). The script prints its job row as JSON lines; once the job has
 * committed `afterBatches` batches and is still running, the child gets SIGKILL.
 */
export function runChildAndKill(opts: {
  script: string;
  env: Record<string, string>;
  afterBatches: number;
  timeoutMs: number;
}): Promise<{ killedAtBatch: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', opts.script], {
      env: { ...process.env, ...opts.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let killedAtBatch = -1;
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child did not reach batch ${opts.afterBatches} in time; stderr: ${stderr.slice(-2000)}`));
    }, opts.timeoutMs);
    createInterface({ input: child.stdout }).on('line', (line) => {
      let progress: { status?: string; current_batch?: number };
      try {
        progress = JSON.parse(line);
      } catch {
        return;
      }
      if (killedAtBatch < 0 && progress.status === 'running' && (progress.current_batch ?? 0) >= opts.afterBatches) {
        killedAtBatch = progress.current_batch!;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL' && killedAtBatch >= 0) resolve({ killedAtBatch });
      else reject(new Error(`child exited (${signal ?? code}) before it was killed; stderr: ${stderr.slice(-2000)}`));
    });
  });
}

/** Polls `read` every 200 ms until `done` holds or the time is up; returns the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
