// Validation: the structural checks of the engine (always), then DDEX's XSD with a WebAssembly
// libxml2 when a schema directory is configured. The product cannot ship DDEX's schemas, so the
// directory is configuration: --xsd DIR or DDEX_XSD_DIR, holding ern382/, ern43/... folders.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { validateXML, memoryPages } from 'xmllint-wasm';
import type { ErnMessage, ParseOptions, ValidationFinding } from './types';
import { decodeXml, refuseDtd, DEFAULT_MAX_BYTES } from './decode';
import { detectMessageKind, parseErn } from './parse';

export interface ValidateOptions extends ParseOptions {
  /** Folder with one sub-folder per version (ern382, ern43, ...); defaults to DDEX_XSD_DIR. */
  xsdDir?: string;
}

interface SchemaSet {
  mainFileName: string;
  schema: string;
  preload: { fileName: string; contents: string }[];
}

const schemaCache = new Map<string, SchemaSet>();

/** ern/3.8.2 → "ern382": the folder naming of DDEX's own schema repositories. */
export function xsdFolderFor(ernVersion: string): string {
  return `ern${ernVersion.replace(/\./g, '')}`;
}

function findImported(location: string, versionDir: string, xsdDir: string): string | null {
  const name = basename(location);
  const candidates = /^[a-z]+:\/\//i.test(location) ? [join(versionDir, name), join(xsdDir, name)] : [resolve(versionDir, location), join(versionDir, name), join(xsdDir, name)];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
  // ERN 3.8.1 imports the 3.8.2 value set by URL: look in the other version folders too.
  for (const sub of readdirSync(xsdDir)) {
    const c = join(xsdDir, sub, name);
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/**
 * The main schema with each import pointed at a flat file name that we preload, because the
 * schemas import the allowed-value sets by relative path or by a remote URL libxml2 must not fetch.
 */
function loadSchemaSet(xsdDir: string, ernVersion: string): SchemaSet | { missing: string } {
  const versionDir = join(xsdDir, xsdFolderFor(ernVersion));
  const mainPath = join(versionDir, 'release-notification.xsd');
  const cached = schemaCache.get(mainPath);
  if (cached) return cached;
  if (!existsSync(mainPath)) return { missing: mainPath };
  let schema = readFileSync(mainPath, 'utf8');
  const preload: SchemaSet['preload'] = [];
  const importRe = /(<xs:(?:import|include)\b[^>]*?schemaLocation\s*=\s*")([^"]+)(")/g;
  const problems: string[] = [];
  schema = schema.replace(importRe, (whole, before: string, location: string, after: string) => {
    const found = findImported(location, versionDir, xsdDir);
    if (!found) {
      problems.push(location);
      return whole;
    }
    const flat = basename(found);
    if (!preload.some((p) => p.fileName === flat)) preload.push({ fileName: flat, contents: readFileSync(found, 'utf8') });
    return `${before}${flat}${after}`;
  });
  if (problems.length > 0) return { missing: `${problems.join(', ')} (imported by ${mainPath})` };
  const set: SchemaSet = { mainFileName: 'release-notification.xsd', schema, preload };
  schemaCache.set(mainPath, set);
  return set;
}

function structuralFindings(msg: ErnMessage): ValidationFinding[] {
  const out: ValidationFinding[] = [];
  const err = (message: string, line: number | null = null) => out.push({ severity: 'error', line, message, source: 'structure' });
  const warn = (message: string, line: number | null = null) => out.push({ severity: 'warning', line, message, source: 'structure' });
  const h = msg.header;
  if (!h.messageId) warn('MessageHeader has no MessageId: the delivery cannot be told apart from others in its thread');
  if (!h.sender.partyId && !h.sender.name) err('MessageHeader has no MessageSender (PartyId or name)');
  if (!h.createdAtRaw) err('MessageHeader has no MessageCreatedDateTime');
  else if (!h.createdAt) err(`MessageCreatedDateTime "${h.createdAtRaw}" is not an ISO 8601 date-time`);
  if (msg.kind === 'PurgeReleaseMessage') {
    if (msg.releases.length === 0) err('PurgeReleaseMessage names no PurgedRelease');
    for (const r of msg.releases) {
      const ids = r.identifiers;
      if (!ids.icpn && !ids.grid && !ids.catalogNumber && ids.proprietary.length === 0 && !ids.isrc) err('PurgedRelease has no ReleaseId to match', r.line);
    }
    return out;
  }
  if (msg.kind !== 'NewReleaseMessage') return out;

  const seenResources = new Set<string>();
  for (const r of msg.resources) {
    if (seenResources.has(r.reference)) err(`ResourceReference "${r.reference}" is used by more than one resource`, r.line);
    seenResources.add(r.reference);
  }
  const seenReleases = new Set<string>();
  for (const r of msg.releases) {
    if (seenReleases.has(r.reference)) err(`ReleaseReference "${r.reference}" is used by more than one release`, r.line);
    seenReleases.add(r.reference);
  }
  const main = msg.mainRelease;
  if (!main) {
    err('The message has no release');
    return out;
  }
  const ids = main.identifiers;
  if (!ids.icpn && !ids.grid && !ids.catalogNumber && ids.proprietary.length === 0) err(`Main release ${main.reference} has no identifier (ICPN, GRid, catalogue number or proprietary id)`, main.line);
  if (!main.title) err(`Main release ${main.reference} has no title`, main.line);
  if (!main.displayArtistName) warn(`Main release ${main.reference} has no display artist`, main.line);
  if (main.trackList.length === 0) warn(`Main release ${main.reference} lists no sound recording or video`, main.line);
  const byRef = new Map(msg.resources.map((r) => [r.reference, r]));
  for (const t of main.trackList) {
    const res = byRef.get(t.resourceReference);
    if (!res) continue;
    if (res.kind === 'sound_recording' && !res.identifiers.isrc) warn(`Sound recording ${res.reference} has no ISRC`, res.line);
    if (res.durationMs === null) warn(`Resource ${res.reference} has no readable Duration`, res.line);
  }
  if (msg.family === 4 && !msg.deals.some((d) => d.releaseReference === main.reference)) {
    warn(`Main release ${main.reference} has no deal: an ERN 4 message without a deal takes the release down`, main.line);
  }
  return out;
}

/** The XML declaration must say UTF-8 once the text is handed to libxml2 as UTF-8. */
function asUtf8Declared(text: string): string {
  if (!text.startsWith('<?xml')) return text;
  const end = text.indexOf('?>');
  if (end < 0) return text;
  const decl = text.slice(0, end).replace(/encoding\s*=\s*(["'])[^"']*\1/, 'encoding="UTF-8"');
  return decl + text.slice(end);
}

export async function validateErn(input: Uint8Array | string, opts: ValidateOptions = {}): Promise<ValidationFinding[]> {
  const parsed = parseErn(input, opts);
  const findings: ValidationFinding[] = [];
  if (!parsed.ok) {
    const e = parsed.error;
    findings.push({ severity: 'error', line: e.line ?? null, column: e.column ?? null, message: e.message, source: e.code === 'unresolved_reference' ? 'structure' : 'xml' });
    if (e.code !== 'unresolved_reference') return findings;
  } else {
    findings.push(...structuralFindings(parsed.message));
  }

  const xsdDir = opts.xsdDir ?? process.env.DDEX_XSD_DIR;
  if (!xsdDir) return findings;
  // For an unresolved reference the version is still known: read it again without normalising.
  const decoded = decodeXml(input, opts.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!decoded.ok || refuseDtd(decoded.text)) return findings;
  const version = parsed.ok ? parsed.message.ernVersion : detectMessageKind(decoded.text).ernVersion;
  if (!version) return findings;
  const set = loadSchemaSet(xsdDir, version);
  if ('missing' in set) {
    findings.push({ severity: 'warning', line: null, message: `No XSD for ERN ${version}: ${set.missing} not found; only the structural checks ran`, source: 'xsd' });
    return findings;
  }
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: asUtf8Declared(decoded.text) }],
    schema: [{ fileName: set.mainFileName, contents: set.schema }],
    preload: set.preload,
    initialMemoryPages: 256 * 4,
    maxMemoryPages: 2 * memoryPages.GiB,
  });
  for (const e of result.errors) {
    findings.push({ severity: 'error', line: e.loc?.lineNumber ?? null, message: `XSD (ERN ${version}): ${e.message.trim()}`, source: 'xsd' });
  }
  return findings;
}
