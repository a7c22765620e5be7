import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '@/db/client';
import type { Logger } from '@/server/logger';

export interface JobContext {
  jobId: string;
  logger: Logger;
}

export interface JobDefinition<T extends object = any> {
  name: string;
  handler: (data: T, ctx: JobContext) => Promise<unknown>;
  /** pg-boss queue options: a job row in our own tables holds progress, pg-boss only dispatches. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  localConcurrency?: number;
  /** cron expression: the queue is scheduled when workers start. */
  schedule?: string;
}

export interface JobQueue {
  readonly boss: PgBoss;
  send(name: string, data?: object, options?: { singletonKey?: string; startAfter?: number | Date }): Promise<string | null>;
  startWorkers(): Promise<void>;
  readonly definitions: ReadonlyMap<string, JobDefinition>;
  stop(): Promise<void>;
}

/**
 * pg-boss on either database. Queues are created in every process (web processes send jobs even
 * when they run no workers); handlers only run where startWorkers() is called.
 */
export async function createJobQueue(
  database: Database,
  logger: Logger,
  definitions: JobDefinition[],
  opts: { concurrency?: number; pollingIntervalSeconds?: number; connectionString?: string; poolSize?: number } = {},
): Promise<JobQueue> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as any), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: opts.connectionString ?? database.url, max: opts.poolSize ?? 4, schema: 'pgboss' });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (const def of definitions) {
    await boss.createQueue(def.name, {
      retryLimit: def.retryLimit ?? 2,
      retryDelay: def.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: def.expireInSeconds ?? 15 * 60,
    });
  }

  let working = false;
  return {
    boss,
    definitions: byName,
    async send(name, data = {}, options = {}) {
      if (!byName.has(name)) throw new Error(`Unknown job type "${name}"`);
      return boss.send(name, data, { singletonKey: options.singletonKey, startAfter: options.startAfter as any });
    },
    async startWorkers() {
      if (working) return;
      working = true;
      for (const def of definitions) {
        await boss.work(
          def.name,
          {
            localConcurrency: def.localConcurrency ?? opts.concurrency ?? 2,
            pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
          },
          async ([job]) => {
            const jobLogger = logger.child({ job: def.name, jobId: job.id });
            const started = Date.now();
            try {
              const result = await def.handler(job.data as object, { jobId: job.id, logger: jobLogger });
              jobLogger.debug({ ms: Date.now() - started }, 'job done');
              return result;
            } catch (error) {
              jobLogger.error({ err: error, ms: Date.now() - started }, 'job failed');
              throw error;
            }
          },
        );
        if (def.schedule) await boss.schedule(def.name, def.schedule);
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
