import type { AppConfig } from './config';
import type { Auth } from './auth';
import type { Database, AppDb } from '@/db/client';
import type { Logger } from './logger';
import type { SecretBox } from './secrets';
import type { JobQueue } from '@/jobs/queue';
import type { RealtimeHub } from './realtime';
import type { Role } from '@/features/users/service';

/** Everything a route or a job needs, built once per process and handed down explicitly. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: AppDb;
  auth: Auth;
  logger: Logger;
  secrets: SecretBox;
  jobs: JobQueue;
  realtime: RealtimeHub;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    user: SessionUser | null;
    sessionExpiresAt: Date | null;
    role: Role | null;
  };
};
