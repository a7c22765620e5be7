import { z } from 'zod';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Every setting comes from the environment. `loadConfig` validates all of them at once and
 * throws a ConfigError listing one line per mistake, so an operator fixes everything in one go.
 */

const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const v = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false, got "${value}"` });
      return fallback;
    });

const optionalUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return null;
    try {
      return new URL(value.trim()).toString().replace(/\/$/, '');
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be a full URL such as https://example.com, got "${value}"` });
      return null;
    }
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()));

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number between 1 and ${max}, got "${value}"` });
        return fallback;
      }
      return n;
    });

const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return 3000;
        const n = Number(value);
        if (!Number.isInteger(n) || n < 0 || n > 65535) {
          ctx.addIssue({ code: 'custom', message: `must be a port number from 0 to 65535, got "${value}"` });
          return 3000;
        }
        return n;
      }),
    HOST: z.string().optional().transform((v) => (v && v.trim()) || '0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().optional().transform((v) => path.resolve((v && v.trim()) || './data')),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return null;
        const v = value.trim();
        if (!/^postgres(ql)?:\/\//.test(v)) {
          ctx.addIssue({ code: 'custom', message: 'must start with postgres:// or postgresql:// (leave it unset to use the embedded database)' });
          return null;
        }
        return v;
      }),
    DATABASE_POOL_SIZE: positiveInt(10, 200),
    APP_SECRET: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return null;
        if (value.trim().length < 32) {
          ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters (try: openssl rand -hex 32)' });
          return null;
        }
        return value.trim();
      }),
    RUN_WORKERS: booleanFlag(true),
    WORKER_CONCURRENCY: positiveInt(4, 64),
    // Read where they are used (scanner, importer: child worker processes in tests set them); checked here
    // so a mistake stops the start with the rest.
    SCAN_STALE_SECONDS: positiveInt(60, 86_400),
    IMPORT_STALE_SECONDS: positiveInt(60, 86_400),
    SCAN_SCREEN_NEW_ARTISTS: booleanFlag(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    SESSION_TTL_HOURS: positiveInt(24 * 7, 24 * 365),
    TRUSTED_ORIGINS: optionalText,
    SIBLING_AUDIO_PREP_URL: optionalUrl,
    SIBLING_DDEX_DELIVERY_URL: optionalUrl,
    SIBLING_BUCKET_BROWSER_URL: optionalUrl,
    DDEX_XSD_DIR: optionalText,
    DDEX_MAX_FILE_MB: positiveInt(100, 2048),
    BUNNY_STORAGE_BASE_URL: optionalUrl,
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalText,
    LLM_MODEL: optionalText,
    LLM_TIMEOUT_SECONDS: positiveInt(30, 600),
    SMTP_URL: optionalText,
    SMTP_FROM: optionalText,
  });

/** Rules across variables, checked on the raw values so they are reported with every other mistake. */
function crossVariableProblems(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => Boolean(env[name] && env[name]!.trim() !== '');
  const problems: string[] = [];
  if (set('ADMIN_EMAIL') !== set('ADMIN_PASSWORD')) problems.push('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (set('ADMIN_EMAIL') && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(env.ADMIN_EMAIL!.trim())) {
    problems.push(`ADMIN_EMAIL: must be an email address, got "${env.ADMIN_EMAIL}"`);
  }
  if (set('ADMIN_PASSWORD') && env.ADMIN_PASSWORD!.trim().length < 8) problems.push('ADMIN_PASSWORD: must be at least 8 characters');
  if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (set('LLM_BASE_URL') !== set('LLM_MODEL')) {
    problems.push('LLM_MODEL: LLM_BASE_URL and LLM_MODEL must be set together (LLM_API_KEY too if the endpoint needs one)');
  }
  if (set('DATABASE_URL') && !set('APP_SECRET')) {
    problems.push('APP_SECRET: is required with DATABASE_URL, so every web and worker process encrypts and signs with the same key');
  }
  return problems;
}

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  appSecret: string;
  runWorkers: boolean;
  workerConcurrency: number;
  logLevel: string;
  admin: { email: string; password: string } | null;
  google: { clientId: string; clientSecret: string } | null;
  sessionTtlSeconds: number;
  trustedOrigins: string[];
  siblingTools: Array<{ key: 'audio-prep' | 'ddex-delivery' | 'bucket-browser'; label: string; url: string | null }>;
  ddexXsdDir: string | null;
  ddexMaxFileBytes: number;
  bunnyStorageBaseUrl: string | null;
  llm: { baseUrl: string; apiKey: string | null; model: string; /** Bound on one chat-completions call. */ timeoutMs?: number } | null;
  smtp: { url: string; from: string } | null;
  version: string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return String(pkg.version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}

/** The embedded default keeps its own random secret in the data folder, so no .env is needed. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...crossVariableProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const appSecret = e.APP_SECRET ?? embeddedSecret(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appSecret,
    runWorkers: e.RUN_WORKERS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    sessionTtlSeconds: e.SESSION_TTL_HOURS * 3600,
    trustedOrigins: [publicUrl, ...(e.TRUSTED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)],
    siblingTools: [
      { key: 'audio-prep', label: 'Audio Prep', url: e.SIBLING_AUDIO_PREP_URL },
      { key: 'ddex-delivery', label: 'DDEX Delivery', url: e.SIBLING_DDEX_DELIVERY_URL ?? '/' },
      { key: 'bucket-browser', label: 'Bucket Browser', url: e.SIBLING_BUCKET_BROWSER_URL },
    ],
    ddexXsdDir: e.DDEX_XSD_DIR,
    ddexMaxFileBytes: e.DDEX_MAX_FILE_MB * 1024 * 1024,
    bunnyStorageBaseUrl: e.BUNNY_STORAGE_BASE_URL,
    llm: e.LLM_BASE_URL && e.LLM_MODEL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000 } : null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? 'DDEX Back-office <no-reply@localhost>' } : null,
    version: readVersion(),
  };
}
