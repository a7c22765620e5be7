import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { screenArtist } from '@/features/artists/screening';
import { SCREEN_ARTIST_JOB } from '@/features/artists/jobs';
import { startFakeChatCompletions, type FakeChatCompletions } from '../fakes/chat-completions';
import { scannedDemo, type DemoContext } from './support';

let ctx: DemoContext;
let fake: FakeChatCompletions;

beforeAll(async () => {
  ctx = await scannedDemo();
  fake = await startFakeChatCompletions({ apiKey: 'sk-test-key' });
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await ctx?.close();
});

type Stored = {
  benelux_roots: string;
  performs_in_dutch: string;
  benelux_audience: string;
  ai_confidence_score: number | null;
  ai_reasoning: string | null;
  screening_source: string | null;
  screened_at: Date | string | null;
  last_reviewed_at: Date | string | null;
};

async function stored(name: string): Promise<Stored> {
  const rows = await ctx.deps.db.execute<Stored>(sql`
    SELECT benelux_roots, performs_in_dutch, benelux_audience, ai_confidence_score, ai_reasoning, screening_source, screened_at, last_reviewed_at
      FROM artist WHERE name = ${name}`);
  return rows.rows[0]!;
}

async function screen(name: string, opts?: { llmTimeoutMs?: number }) {
  const id = await ctx.artistId(name);
  const verdict = await screenArtist(ctx.deps as never, id, opts);
  expect(verdict).not.toBeNull();
  return stored(name);
}

const criteria = (row: Stored) => [row.benelux_roots, row.performs_in_dutch, row.benelux_audience];

describe('the default screener on the demo deliveries', () => {
  beforeEach(() => {
    ctx.deps.config.llm = null;
  });

  test('a Dutch artist on a Dutch label: all three criteria, with the evidence named', async () => {
    const row = await screen('Sanne Verhoef');
    expect(criteria(row)).toEqual(['true', 'true', 'true']);
    expect(row.screening_source).toBe('heuristic');
    expect(row.screened_at).not.toBeNull();
    expect(row.last_reviewed_at).toBeNull(); // screening is not a human review
    expect(row.ai_confidence_score).toBeGreaterThanOrEqual(0.8);
    const reasoning = row.ai_reasoning!;
    expect(reasoning).toMatch(/^Benelux roots: yes\./m);
    expect(reasoning).toMatch(/^Performs in Dutch: yes\. .*LanguageOfPerformance is Dutch \(nl\) on 14 of 14 tracks/m);
    expect(reasoning).toMatch(/^Benelux audience: yes\. .*deals target BE, LU, NL/m);
    expect(reasoning).toContain('ISRCs registered in NL');
    expect(reasoning).toContain('partner Dijkstra Platen');
    expect(reasoning).toContain('"Zomer aan Zee"');
    expect(reasoning).toMatch(/re-read from the source/);
  });

  test('a Flemish artist on a Belgian label', async () => {
    const row = await screen('Lien Vermeersch');
    expect(criteria(row)).toEqual(['true', 'true', 'true']);
    expect(row.ai_reasoning).toContain('ISRCs registered in BE');
    expect(row.ai_reasoning).toContain('partner Schelde Sound');
    expect(row.ai_reasoning).toMatch(/deals target BE, NL/);
  });

  test('a Belgian artist singing French: roots and audience, not Dutch', async () => {
    const row = await screen('Amélie Claes');
    expect(criteria(row)).toEqual(['true', 'false', 'true']);
    expect(row.ai_reasoning).toMatch(/^Performs in Dutch: no\. Against: LanguageOfPerformance is French \(fr\) on 4 of 4 tracks/m);
  });

  test('a Dutch artist on an international aggregator still counts as Dutch, and says what spoke against it', async () => {
    const row = await screen('Jesse Bakker');
    expect(criteria(row)).toEqual(['true', 'true', 'true']);
    expect(row.ai_reasoning).toMatch(/Against: ISRCs registered outside the Benelux \(GB\)/);
  });

  test('international artists: no roots, no Dutch, no Benelux audience', async () => {
    const ivy = await screen('Ivy Calder');
    expect(criteria(ivy)).toEqual(['false', 'false', 'false']);
    expect(ivy.ai_reasoning).toContain('sings only in English (en)');
    expect(ivy.ai_reasoning).toContain('Northwind Digital Distribution is not a Benelux partner');
    expect(ivy.ai_confidence_score).toBeLessThan(0.8);

    const rio = await screen('Rio Estrada');
    expect(criteria(rio)).toEqual(['false', 'false', 'false']);
    expect(rio.ai_reasoning).toMatch(/no deal covers the Benelux \(territories AR, CO, ES, MX, US\)/);
  });

  test('an instrumental Dutch artist: roots yes, Dutch vocals unknown', async () => {
    const row = await screen('Fenna Kuipers');
    expect(row.benelux_roots).toBe('true');
    expect(row.performs_in_dutch).toBe('unknown');
    expect(row.ai_reasoning).toMatch(/no track gives a LanguageOfPerformance/);
  });

  test('a delivery that can no longer be read is named, and the stored fields still count', async () => {
    const release = ctx.manifest.releases.find((r) => r.mainArtists.includes('Teun Harmsen'))!;
    rmSync(path.join(ctx.folder, release.path));
    const row = await screen('Teun Harmsen');
    expect(row.ai_reasoning).toContain(`not re-read: ${release.path}`);
    expect(row.ai_reasoning).toContain('ISRCs registered in NL');
    expect(row.benelux_roots).toBe('true');
  });

  test('the screen-artist job screens the artist it names and skips bad input', async () => {
    await ctx.deps.db.execute(sql`UPDATE artist SET screened_at = NULL, ai_reasoning = NULL WHERE name = 'Wout Declercq'`);
    const job = ctx.deps.jobs.definitions.get(SCREEN_ARTIST_JOB)!;
    const logger = ctx.deps.logger;
    expect(await job.handler({ artistId: await ctx.artistId('Wout Declercq') }, { jobId: 'x', logger })).toMatchObject({ outcome: 'screened' });
    expect((await stored('Wout Declercq')).ai_reasoning).toMatch(/^Benelux roots: yes/);
    expect(await job.handler({ artistId: 'not-an-id' }, { jobId: 'y', logger })).toEqual({ outcome: 'skipped' });
    expect(await job.handler({ artistId: '00000000-0000-4000-8000-000000000000' }, { jobId: 'z', logger })).toEqual({ outcome: 'artist not found' });
  });
});

describe('screening with an OpenAI-compatible provider', () => {
  const answer = {
    benelux_roots: 'true',
    performs_in_dutch: 'true',
    benelux_audience: 'unknown',
    confidence: 0.72,
    reasoning: 'Sings in Dutch on every track; Dutch label.',
  };

  beforeEach(() => {
    ctx.deps.config.llm = { baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'test-model' };
    fake.requests.length = 0;
  });

  test('sends the evidence with a JSON-schema answer format and stores the parsed answer', async () => {
    fake.behave({ kind: 'answer', content: answer });
    const row = await screen('Mees Hoogland');
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.schema.required).toEqual(['benelux_roots', 'performs_in_dutch', 'benelux_audience', 'confidence', 'reasoning']);
    const user = request.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
    expect(user).toContain('"artist":"Mees Hoogland"');
    expect(user).toContain('"language_of_performance":["nl"]');
    expect(user).toContain('"deal_territories":["BE","LU","NL"]');

    expect(criteria(row)).toEqual(['true', 'true', 'unknown']);
    expect(row.ai_confidence_score).toBe(0.72);
    expect(row.screening_source).toBe('llm');
    expect(row.ai_reasoning).toBe('Sings in Dutch on every track; Dutch label.\nAssessed by test-model.');
  });

  test('an endpoint without JSON-schema support is asked again in JSON mode', async () => {
    fake.behave({ kind: 'no-json-schema', content: answer });
    const row = await screen('Mees Hoogland');
    expect(fake.requests.map((r) => r.body.response_format.type)).toEqual(['json_schema', 'json_object']);
    expect(row.screening_source).toBe('llm');
  });

  async function expectFallback(reason: RegExp, opts?: { llmTimeoutMs?: number }) {
    const row = await screen('Ivy Calder', opts);
    expect(row.screening_source).toBe('heuristic_fallback');
    expect(row.ai_reasoning).toMatch(/^AI screening with test-model failed: /);
    expect(row.ai_reasoning!.split('\n')[0]).toMatch(reason);
    expect(row.ai_reasoning).toMatch(/The built-in screener decided instead\.\nBenelux roots: no\./);
    expect(criteria(row)).toEqual(['false', 'false', 'false']);
  }

  test('falls back on HTTP 500', async () => {
    fake.behave({ kind: 'error', status: 500 });
    await expectFallback(/the endpoint answered HTTP 500/);
  });

  test('falls back on a timeout', async () => {
    fake.behave({ kind: 'hang', delayMs: 1500, content: answer });
    const started = Date.now();
    await expectFallback(/did not answer within 0\.3 s/, { llmTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  test('the configured timeout (LLM_TIMEOUT_SECONDS) bounds the call when no option overrides it', async () => {
    fake.behave({ kind: 'hang', delayMs: 1500, content: answer });
    ctx.deps.config.llm = { ...ctx.deps.config.llm!, timeoutMs: 400 };
    const started = Date.now();
    await expectFallback(/did not answer within 0\.4 s/);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  test('falls back on garbage, malformed JSON content and wrong fields', async () => {
    fake.behave({ kind: 'garbage' });
    await expectFallback(/not JSON/);
    fake.behave({ kind: 'answer', content: '{"benelux_roots": "true", ' });
    await expectFallback(/the answer was not JSON/);
    fake.behave({ kind: 'answer', content: { ...answer, benelux_roots: 'maybe' } });
    await expectFallback(/did not have the fields asked for \(benelux_roots/);
  });

  test('falls back when the key is refused', async () => {
    ctx.deps.config.llm = { baseUrl: fake.baseUrl, apiKey: 'sk-wrong', model: 'test-model' };
    fake.behave({ kind: 'answer', content: answer });
    await expectFallback(/HTTP 401/);
  });

  test('falls back when nothing listens at the address', async () => {
    ctx.deps.config.llm = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'test-model' };
    await expectFallback(/could not reach the endpoint/);
  });
});
