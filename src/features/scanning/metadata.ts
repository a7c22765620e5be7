/**
 * From the bytes of one XML to what the ddex_file row stores (DESIGN.md 6.2), through the DDEX
 * engine. Pure: no database, no network.
 */
import { detectMessageKind, parseErn, summaryOf, type ErnMessage, type MessageKind } from '@/ddex';

/** What the storage said about the file when it was listed. */
export interface FileFacts {
  path: string;
  size: number | null;
  checksum: string | null;
  modifiedAt: Date | null;
}

export interface FileRecord {
  source_path: string;
  delivery_folder: string;
  batch_id: string | null;
  status: 'metadata_scanned' | 'error';
  error: string | null;
  message_type: string | null;
  message_id: string | null;
  message_thread_id: string | null;
  message_created_at: string | null;
  thread_key: string | null;
  sender_party_id: string | null;
  sender_name: string | null;
  artist_name: string | null;
  release_title: string | null;
  release_type: string | null;
  upc: string | null;
  isrc: string | null;
  isrcs: string[];
  territories: string[];
  release_date: string | null;
  duration_ms: number | null;
  has_media: boolean;
  is_takedown: boolean;
  file_size: number | null;
  file_checksum: string | null;
  file_modified_at: string | null;
  /** Main artists of the main release, in credit order. */
  main_artists: string[];
}

export type ReadOutcome =
  | { kind: 'delivery'; record: FileRecord; stats: { releases: number; resources: number } }
  /** A BatchComplete manifest or an acknowledgement: recognised, never listed as a delivery. */
  | { kind: 'choreography'; messageKind: MessageKind }
  /** Some other XML (not DDEX): ignored. */
  | { kind: 'other' };

const ERN_KINDS: ReadonlySet<MessageKind> = new Set(['NewReleaseMessage', 'PurgeReleaseMessage']);

export function parentFolder(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function emptyRecord(facts: FileFacts, batchId: string | null): FileRecord {
  return {
    source_path: facts.path,
    delivery_folder: parentFolder(facts.path),
    batch_id: batchId,
    status: 'metadata_scanned',
    error: null,
    message_type: null,
    message_id: null,
    message_thread_id: null,
    message_created_at: null,
    thread_key: null,
    sender_party_id: null,
    sender_name: null,
    artist_name: null,
    release_title: null,
    release_type: null,
    upc: null,
    isrc: null,
    isrcs: [],
    territories: [],
    release_date: null,
    duration_ms: null,
    has_media: false,
    is_takedown: false,
    file_size: facts.size,
    file_checksum: facts.checksum,
    file_modified_at: facts.modifiedAt ? facts.modifiedAt.toISOString() : null,
    main_artists: [],
  };
}

/** A file that could not be read still becomes a row, in error, with the reason. */
export function errorRecord(facts: FileFacts, batchId: string | null, message: string, messageType: string | null = null): FileRecord {
  return { ...emptyRecord(facts, batchId), status: 'error', error: message, message_type: messageType };
}

/** The thread: MessageThreadId, else the main release's identifier (ICPN/UPC, GRid, catalogue number). */
export function threadKeyOf(message: ErnMessage): string | null {
  if (message.header.threadId) return message.header.threadId;
  const ids = message.mainRelease?.identifiers ?? message.purgedReleaseIds[0];
  if (!ids) return null;
  const upc = ids.icpn ?? ids.upc ?? ids.ean;
  if (upc) return `icpn:${upc}`;
  if (ids.grid) return `grid:${ids.grid}`;
  if (ids.catalogNumber) return `cat:${ids.catalogNumber}`;
  const proprietary = ids.proprietary[0];
  return proprietary ? `prop:${proprietary.namespace ?? ''}:${proprietary.value}` : null;
}

function mainArtistsOf(message: ErnMessage): string[] {
  const release = message.mainRelease;
  if (!release) return [];
  const credited = release.displayArtists
    .filter((a) => a.name && (a.role === null || /^(MainArtist|PrimaryArtist)$/i.test(a.role)))
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))
    .map((a) => a.name!.trim())
    .filter(Boolean);
  const names = credited.length > 0 ? credited : release.displayArtistName ? [release.displayArtistName.trim()] : [];
  return [...new Set(names)].filter(Boolean);
}

/** Reads one XML: a delivery record (maybe in error), a choreography message, or something else. */
export function readDeliveryXml(bytes: Uint8Array, facts: FileFacts, batchId: string | null): ReadOutcome {
  const detected = detectMessageKind(bytes);
  if (detected.kind === 'ManifestMessage' || detected.kind === 'Acknowledgement') {
    return { kind: 'choreography', messageKind: detected.kind };
  }
  if (!ERN_KINDS.has(detected.kind)) return { kind: 'other' };
  const parsed = parseErn(bytes, { fileName: facts.path });
  if (!parsed.ok) {
    return { kind: 'delivery', record: errorRecord(facts, batchId, parsed.error.message, detected.kind), stats: { releases: 0, resources: 0 } };
  }
  const message = parsed.message;
  const summary = summaryOf(message, facts.path);
  const record: FileRecord = {
    ...emptyRecord(facts, batchId),
    message_type: message.rootElement,
    message_id: summary.messageId,
    message_thread_id: summary.messageThreadId,
    message_created_at: summary.messageCreatedAt,
    thread_key: threadKeyOf(message),
    sender_party_id: summary.senderPartyId,
    sender_name: summary.senderName,
    artist_name: summary.artistName,
    release_title: summary.releaseTitle,
    release_type: summary.releaseType,
    upc: summary.upc,
    isrc: summary.isrc,
    isrcs: summary.isrcs ?? [],
    territories: summary.territories ?? [],
    release_date: validDate(summary.releaseDate),
    duration_ms: summary.durationMs,
    has_media: !message.isMetadataOnly,
    is_takedown: message.isTakedown,
    main_artists: mainArtistsOf(message),
  };
  return { kind: 'delivery', record, stats: { releases: message.releases.length, resources: message.resources.length } };
}

function validDate(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** The folder name of a batch: the choreography's YYYYMMDDhhmmss[nnn] timestamp. */
const BATCH_FOLDER = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{0,3})$/;
const TIMESTAMP_PREFIX = /^(\d{14,17})(?:_|$)/;
const MANIFEST_NAME = /^BatchComplete_.+\.xml$/i;

export function isBatchFolderName(name: string): boolean {
  return BATCH_FOLDER.test(name);
}

export function isManifestName(name: string): boolean {
  return MANIFEST_NAME.test(name);
}

/** When the folder name starts with a choreography timestamp, that moment (UTC); else null. */
export function folderTimestamp(name: string): Date | null {
  const m = BATCH_FOLDER.exec(name.split('_')[0] ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number((ms || '0').padEnd(3, '0'))));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Sort key that puts folders in the order of their timestamp (batches and release folders alike). */
export function sortKeyFor(name: string, parentSortKey: string): string {
  const m = TIMESTAMP_PREFIX.exec(name);
  if (m) return m[1].padEnd(17, '0');
  return parentSortKey;
}

export function isXmlName(name: string): boolean {
  return name.toLowerCase().endsWith('.xml');
}
