import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@/server/config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'cfg-'));

describe('configuration', () => {
  it('starts with no variables at all: port 3000, embedded database, generated secret kept in the data folder', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(path.resolve(dir));
    expect(config.appSecret).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(config.appSecret);
    // The same secret on the next start, or stored secrets could not be decrypted.
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(config.appSecret);
    expect(config.runWorkers).toBe(true);
  });

  it('reports every mistake at once, each naming its variable', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tmp(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: 'short',
        RUN_WORKERS: 'maybe',
        GOOGLE_CLIENT_ID: 'id-only',
        SIBLING_AUDIO_PREP_URL: 'audio tool',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT: must be a port number/);
    expect(problems).toMatch(/DATABASE_URL: must start with postgres/);
    expect(problems).toMatch(/ADMIN_EMAIL: must be an email address/);
    expect(problems).toMatch(/ADMIN_PASSWORD: must be at least 8 characters/);
    expect(problems).toMatch(/RUN_WORKERS: must be true or false/);
    expect(problems).toMatch(/GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/);
    expect(problems).toMatch(/SIBLING_AUDIO_PREP_URL: must be a full URL/);
  });

  it('requires a shared APP_SECRET with PostgreSQL, since several processes must agree on it', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://db/x' })).toThrow(/APP_SECRET: is required with DATABASE_URL/);
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://db/x', APP_SECRET: 'a'.repeat(40) });
    expect(config.databaseUrl).toBe('postgres://db/x');
  });

  it('passes sibling tool links and the Google switch through to the SPA config', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      SIBLING_AUDIO_PREP_URL: 'https://audio.example.com/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.siblingTools.find((t) => t.key === 'audio-prep')?.url).toBe('https://audio.example.com');
    expect(config.siblingTools.find((t) => t.key === 'bucket-browser')?.url).toBeNull();
  });

  it('configures AI screening with its call timeout, 30 s unless told otherwise', () => {
    const llm = { DATA_DIR: tmp(), LLM_BASE_URL: 'http://127.0.0.1:8080/v1', LLM_MODEL: 'gpt-test' };
    expect(loadConfig(llm).llm).toEqual({ baseUrl: 'http://127.0.0.1:8080/v1', apiKey: null, model: 'gpt-test', timeoutMs: 30_000 });
    expect(loadConfig({ ...llm, LLM_TIMEOUT_SECONDS: '90' }).llm?.timeoutMs).toBe(90_000);
    expect(() => loadConfig({ ...llm, LLM_TIMEOUT_SECONDS: '0' })).toThrow(/LLM_TIMEOUT_SECONDS/);
    expect(loadConfig({ DATA_DIR: tmp() }).llm).toBeNull();
  });
});

describe('job tuning variables', () => {
  it('are checked at start with the rest', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), SCAN_STALE_SECONDS: 'soon', SCAN_SCREEN_NEW_ARTISTS: 'perhaps' })).toThrow(
      /SCAN_STALE_SECONDS: must be a whole number[\s\S]*SCAN_SCREEN_NEW_ARTISTS: must be true or false/,
    );
  });
});
