import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseErn } from '@/ddex';
import type { ErnMessage, ParseOptions } from '@/ddex';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, 'fixtures');
export const REPO_ROOT = resolve(here, '../..');
/** The shared corpus exists beside the repository on developer machines and CI only. */
export const SHARED_SAMPLES = resolve(REPO_ROOT, '../shared/ddex/samples');
export const SHARED_XSD = resolve(REPO_ROOT, '../shared/ddex/xsd');
export const hasSharedSamples = existsSync(SHARED_SAMPLES);
export const hasSharedXsd = existsSync(SHARED_XSD);

export function fixture(rel: string): Buffer {
  return readFileSync(join(FIXTURES, rel));
}

/** Parses a fixture that must read; fails the test with the engine's own message otherwise. */
export function read(rel: string, opts: ParseOptions = {}): ErnMessage {
  const r = parseErn(fixture(rel), { today: '2025-06-01', ...opts });
  if (!r.ok) throw new Error(`${rel} did not read: ${r.error.message}`);
  return r.message;
}

export function resourceOf(msg: ErnMessage, ref: string) {
  const r = msg.resources.find((x) => x.reference === ref);
  if (!r) throw new Error(`no resource ${ref}`);
  return r;
}

export function releaseOf(msg: ErnMessage, ref: string) {
  const r = msg.releases.find((x) => x.reference === ref);
  if (!r) throw new Error(`no release ${ref}`);
  return r;
}
