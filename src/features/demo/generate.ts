/**
 * Writes the demo deliveries (real small media, the catalogue of catalogue.ts) and the bulk
 * deliveries of the scan benchmark through a DeliveryWriter, in the ERN choreography's layouts:
 *
 *   <partner>/<YYYYMMDDhhmmssnnn>/<ICPN>/<ICPN>.xml + resources/…   batch, closed by
 *   <partner>/<YYYYMMDDhhmmssnnn>/BatchComplete_<YYYYMMDDhhmmssnnn>.xml
 *   <partner>/<YYYYMMDDhhmmssnnn>_<ICPN>/<ICPN>.xml + resources/…   release by release
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_ARTISTS,
  DEMO_BATCHES,
  DEMO_PARTNERS,
  DEMO_RECIPIENT,
  DEMO_RELEASES,
  DEMO_SCENARIOS,
  DEMO_STREAM_AND_DOWNLOAD,
  type ArtistOrigin,
  type DeliveryLayout,
  type DemoPartnerSeed,
  type DemoReleaseSeed,
} from './catalogue';
import {
  writeBatchManifest,
  writeNewReleaseMessage,
  writePurgeReleaseMessage,
  type BatchManifestEntry,
  type ErnAudioFile,
  type ErnDeal,
  type ErnImageFile,
  type ErnParty,
  type ErnRelease,
  type ErnTrack,
  type ErnVersion,
  type ErnArtistCredit,
} from './ern-writer';
import { SeededRandom, choreographyTimestamp, makeGrid, makeIsrc, makeUpc, md5Hex } from './ids';
import { DEMO_AUDIO_BITS, DEMO_AUDIO_CHANNELS, DEMO_AUDIO_SAMPLE_RATE, renderCover, synthesiseWav } from './media';

// --- writers -------------------------------------------------------------------------------

export interface DeliveryWriter {
  write(relPath: string, bytes: Uint8Array): Promise<void>;
}

/** Rejects paths that would escape the root or are not plain relative paths with '/'. */
export function assertSafeRelativePath(relPath: string): void {
  if (!relPath || relPath.startsWith('/') || relPath.includes('\\') || /^[A-Za-z]:/.test(relPath)) {
    throw new Error(`Delivery path "${relPath}" must be a relative path with forward slashes`);
  }
  if (relPath.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`Delivery path "${relPath}" has an empty, "." or ".." segment`);
  }
}

/** Writes deliveries as files under `root`, creating folders as needed. */
export function folderWriter(root: string): DeliveryWriter {
  const absoluteRoot = path.resolve(root);
  const createdDirectories = new Set<string>();
  return {
    async write(relPath, bytes) {
      assertSafeRelativePath(relPath);
      const target = path.join(absoluteRoot, ...relPath.split('/'));
      const directory = path.dirname(target);
      if (!createdDirectories.has(directory)) {
        await mkdir(directory, { recursive: true });
        createdDirectories.add(directory);
      }
      await writeFile(target, bytes);
    },
  };
}

/** Keeps deliveries in memory (tests, benchmarks that serve them from a fake). */
export function memoryWriter(): DeliveryWriter & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    async write(relPath, bytes) {
      assertSafeRelativePath(relPath);
      files.set(relPath, bytes);
    },
  };
}

// --- manifest types ------------------------------------------------------------------------

export type DemoMessageKind = 'initial' | 'redelivery' | 'metadata_update' | 'takedown';
export type TakedownMethod = 'TakeDownDeal' | 'PurgeReleaseMessage';
export type DemoFileKind = 'message' | 'audio' | 'image' | 'batch_manifest';

export interface DemoFile {
  path: string;
  kind: DemoFileKind;
  sizeBytes: number;
  md5: string;
}

export interface DemoPartnerInfo {
  folder: string;
  name: string;
  partyId: string;
  kind: 'label' | 'aggregator';
  country: string;
  description: string;
}

export interface DemoArtistInfo {
  name: string;
  origin: ArtistOrigin;
  /** UPCs of the releases on which the artist is a main artist. */
  releaseUpcs: string[];
}

export interface DemoReleaseInfo {
  key: string;
  upc: string;
  grid?: string;
  catalogNumber: string;
  title: string;
  /** Display artist of the release. */
  artist: string;
  mainArtists: string[];
  releaseType: 'Album' | 'EP' | 'Single';
  label: string;
  ernVersion: ErnVersion;
  layout: DeliveryLayout;
  partnerFolder: string;
  partnerName: string;
  threadId: string;
  /** Path of the initial delivery's XML. */
  path: string;
  isrcs: string[];
  trackCount: number;
  totalDurationSeconds: number;
  languageOfPerformance?: string;
  territories: string[];
  releaseDate: string;
  /** In the batch whose BatchComplete manifest is missing. */
  inIncompleteBatch: boolean;
  /** Its XML is truncated: the scanner must mark it Error. */
  malformed: boolean;
}

export interface DemoMessageInfo {
  path: string;
  messageType: 'NewReleaseMessage' | 'PurgeReleaseMessage';
  kind: DemoMessageKind;
  messageId: string;
  threadId: string;
  /** MessageCreatedDateTime, ISO 8601. */
  createdAt: string;
  upc: string;
  releaseKey: string;
  ernVersion: ErnVersion;
  layout: DeliveryLayout;
  partnerFolder: string;
  /** Folder of the delivery (holds the XML and its resources/). */
  deliveryFolder: string;
  batchId?: string;
  /** Media files delivered with this message (paths from the root). */
  mediaFiles: string[];
  takedownMethod?: TakedownMethod;
  malformed: boolean;
  /** 1-based position in its thread, ordered by MessageCreatedDateTime then path (DESIGN 6.2). */
  deliverySequence: number;
  /** What DESIGN 6.2 derives: first in thread, later with media, or later without media. */
  expectedDeliveryType: 'initial' | 'redelivery' | 'metadata_update';
}

export interface DemoBatchInfo {
  partnerFolder: string;
  batchId: string;
  folder: string;
  /** Null for the incomplete batch. */
  manifestPath: string | null;
  complete: boolean;
  messagePaths: string[];
}

export interface DemoManifest {
  generatedAt: string;
  recipient: ErnParty;
  partners: DemoPartnerInfo[];
  artists: DemoArtistInfo[];
  releases: DemoReleaseInfo[];
  messages: DemoMessageInfo[];
  batches: DemoBatchInfo[];
  incompleteBatch: DemoBatchInfo;
  malformedFile: { path: string; upc: string; partnerFolder: string; reason: string };
  redelivery: {
    threadId: string;
    upc: string;
    initialPath: string;
    redeliveryPath: string;
    /** Media paths (in the redelivery) whose bytes differ from the initial delivery. */
    changedFiles: string[];
    /** Media paths (in the redelivery) identical to the initial delivery's. */
    unchangedFiles: string[];
  };
  metadataUpdate: { threadId: string; upc: string; initialPath: string; updatePath: string; changes: string[] };
  takedowns: { threadId: string; upc: string; path: string; method: TakedownMethod; ernVersion: ErnVersion }[];
  files: DemoFile[];
  totals: { files: number; bytes: number; messages: number; releases: number; audioFiles: number; images: number };
}

// --- helpers -------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** FNV-1a: a stable 32-bit seed from a key, so one release's media never depends on another's. */
export function seedFromKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function partnerOf(folder: string): DemoPartnerSeed {
  const partner = DEMO_PARTNERS.find((p) => p.folder === folder);
  if (!partner) throw new Error(`Demo catalogue: unknown partner "${folder}"`);
  return partner;
}

function artistOf(name: string) {
  const artist = DEMO_ARTISTS.find((a) => a.name === name);
  if (!artist) throw new Error(`Demo catalogue: unknown artist "${name}"`);
  return artist;
}

function dealsFor(seed: DemoReleaseSeed): ErnDeal[] {
  return DEMO_STREAM_AND_DOWNLOAD.map((terms) => ({
    territories: seed.territories,
    commercialModels: terms.commercialModels,
    useTypes: terms.useTypes,
    startDate: seed.releaseDate,
  }));
}

interface PlannedTrack {
  track: Omit<ErnTrack, 'audio'>;
  audioSeed: number;
  audioSeconds: number;
  fileName: string;
}

interface PlannedRelease {
  seed: DemoReleaseSeed;
  partner: DemoPartnerSeed;
  upc: string;
  grid?: string;
  catalogNumber: string;
  threadId: string;
  tracks: PlannedTrack[];
  coverSeed: number;
  coverFileName: string;
}

/** Identifiers and track metadata for every catalogue release, independent of `now`. */
function planReleases(): PlannedRelease[] {
  const counters = new Map<string, { upc: number; isrc: number; catalog: number }>();
  return DEMO_RELEASES.map((seed) => {
    const partner = partnerOf(seed.partner);
    const counter = counters.get(partner.folder) ?? { upc: 0, isrc: 0, catalog: 0 };
    counters.set(partner.folder, counter);
    counter.upc += 1;
    counter.catalog += 1;
    const random = new SeededRandom(seedFromKey(seed.key));
    const upc = makeUpc(partner.upcPrefix, 1000 + counter.upc * 37);
    const grid = partner.gridIssuer ? makeGrid(partner.gridIssuer, Number(upc.slice(-9))) : undefined;
    const catalogNumber = `${partner.catalogPrefix}${String(counter.catalog).padStart(3, '0')}`;
    const year = Number(seed.releaseDate.slice(0, 4));
    const artist = artistOf(seed.artist);
    const tracks = seed.tracks.map((trackSeed, index): PlannedTrack => {
      counter.isrc += 1;
      const artists: ErnArtistCredit[] = [{ name: seed.artist, role: 'MainArtist' }];
      if (trackSeed.featuring) artists.push({ name: trackSeed.featuring, role: 'FeaturedArtist' as const });
      const contributors = [
        ...artist.writers.map((name, i) => ({
          name,
          role: seed.language ? (i === 0 ? ('Composer' as const) : ('Lyricist' as const)) : ('Composer' as const),
        })),
        { name: artist.producer, role: 'Producer' as const },
      ];
      return {
        track: {
          isrc: makeIsrc(partner.isrcCountry, partner.isrcRegistrant, year, 10_000 + counter.isrc),
          title: trackSeed.title,
          version: trackSeed.version,
          artists,
          contributors,
          durationSeconds: random.int(128, 296),
          languageOfPerformance: seed.language,
          parentalWarning: seed.explicit && index % 2 === 0 ? 'Explicit' : 'NotExplicit',
          pLineYear: year,
          pLineCompany: seed.label,
        },
        audioSeed: seedFromKey(`${seed.key}#${index}`),
        audioSeconds: 2 + random.int(0, 16) / 8,
        fileName: `${upc}_01_${String(index + 1).padStart(3, '0')}.wav`,
      };
    });
    return {
      seed,
      partner,
      upc,
      grid,
      catalogNumber,
      threadId: `${partner.catalogPrefix}-${upc}`,
      tracks,
      coverSeed: seedFromKey(`${seed.key}#cover`),
      coverFileName: `${upc}.jpg`,
    };
  });
}

function ernRelease(plan: PlannedRelease, overrides: Partial<ErnRelease> = {}): ErnRelease {
  const s = plan.seed;
  const year = Number(s.releaseDate.slice(0, 4));
  return {
    upc: plan.upc,
    grid: plan.grid,
    catalogNumber: plan.catalogNumber,
    title: s.title,
    releaseType: s.type,
    artists: [{ name: s.artist, role: 'MainArtist' }],
    label: s.label,
    genre: s.genre,
    subGenre: s.subGenre,
    parentalWarning: s.explicit ? 'Explicit' : 'NotExplicit',
    pLineYear: year,
    pLineCompany: s.label,
    cLineYear: year,
    cLineCompany: s.label,
    releaseDate: s.releaseDate,
    originalReleaseDate: s.originalReleaseDate ?? s.releaseDate,
    languageOfPerformance: s.language,
    tracks: plan.tracks.map((t) => ({ ...t.track })),
    ...overrides,
  };
}

// --- demo generation -----------------------------------------------------------------------

interface PendingFile {
  path: string;
  kind: DemoFileKind;
  bytes: Uint8Array;
}

/**
 * Writes the demo folder: three partners, 29 releases plus a truncated one, ERN 3.8.2 and 4.3,
 * both layouts, an incomplete batch, a redelivery, a metadata-only update and two takedowns.
 * Everything but the timestamps (which count back from `now`) is the same on every run.
 */
export async function generateDemoDeliveries(writer: DeliveryWriter, opts: { now?: Date } = {}): Promise<DemoManifest> {
  const now = opts.now ?? new Date();
  if (Number.isNaN(now.getTime())) throw new Error('generateDemoDeliveries: opts.now is not a valid date');
  const plans = planReleases();
  const planByKey = new Map(plans.map((p) => [p.seed.key, p]));
  const pending: PendingFile[] = [];
  const messages: DemoMessageInfo[] = [];
  const releases: DemoReleaseInfo[] = [];
  const batches: DemoBatchInfo[] = [];

  // Media first: covers are the slow part, so render them all at once.
  const covers = await Promise.all(plans.map((p) => renderCover({ seed: p.coverSeed })));
  const coverByKey = new Map(plans.map((p, i) => [p.seed.key, covers[i]]));
  const audioCache = new Map<string, Uint8Array>();
  const audioFor = (plan: PlannedRelease, index: number, variant = 0) => {
    const cacheKey = `${plan.seed.key}#${index}#${variant}`;
    let bytes = audioCache.get(cacheKey);
    if (!bytes) {
      const t = plan.tracks[index];
      bytes = synthesiseWav({ seed: t.audioSeed, durationSeconds: t.audioSeconds, variant });
      audioCache.set(cacheKey, bytes);
    }
    return bytes;
  };

  /** Adds the media of a full delivery under `folder`; returns the release with file references. */
  const withMedia = (plan: PlannedRelease, folder: string, remastered = 0): { release: ErnRelease; media: string[] } => {
    const media: string[] = [];
    const release = ernRelease(plan);
    release.tracks = plan.tracks.map((t, index) => {
      const bytes = audioFor(plan, index, index < remastered ? 1 : 0);
      const relativePath = `resources/${t.fileName}`;
      pending.push({ path: `${folder}/${relativePath}`, kind: 'audio', bytes });
      media.push(`${folder}/${relativePath}`);
      const audio: ErnAudioFile = {
        relativePath,
        md5: md5Hex(bytes),
        sizeBytes: bytes.length,
        codec: 'PCM',
        channels: DEMO_AUDIO_CHANNELS,
        samplingRateHz: DEMO_AUDIO_SAMPLE_RATE,
        bitsPerSample: DEMO_AUDIO_BITS,
      };
      return { ...t.track, audio };
    });
    const coverBytes = coverByKey.get(plan.seed.key)!;
    const coverPath = `resources/${plan.coverFileName}`;
    pending.push({ path: `${folder}/${coverPath}`, kind: 'image', bytes: coverBytes });
    media.push(`${folder}/${coverPath}`);
    const cover: ErnImageFile = { relativePath: coverPath, md5: md5Hex(coverBytes), sizeBytes: coverBytes.length, codec: 'JPEG', width: 600, height: 600 };
    release.cover = cover;
    return { release, media };
  };

  const header = (plan: PlannedRelease, createdAt: Date) => ({
    version: plan.seed.ernVersion,
    messageId: `${plan.partner.catalogPrefix}-${plan.upc}-${choreographyTimestamp(createdAt)}`,
    threadId: plan.threadId,
    createdAt,
    sender: { partyId: plan.partner.partyId, name: plan.partner.name },
    recipient: DEMO_RECIPIENT,
  });

  const recordMessage = (
    plan: PlannedRelease,
    info: Omit<DemoMessageInfo, 'upc' | 'releaseKey' | 'ernVersion' | 'partnerFolder' | 'threadId' | 'deliverySequence' | 'expectedDeliveryType'>,
    xml: string,
  ) => {
    pending.push({ path: info.path, kind: 'message', bytes: utf8(xml) });
    messages.push({
      ...info,
      upc: plan.upc,
      releaseKey: plan.seed.key,
      ernVersion: plan.seed.ernVersion,
      partnerFolder: plan.partner.folder,
      threadId: plan.threadId,
      deliverySequence: 0,
      expectedDeliveryType: 'initial',
    });
  };

  const malformedKey: string = DEMO_SCENARIOS.malformed.release;
  let malformedPath = '';
  const truncate = (xml: string): string => {
    // Cut inside the start tag of the third track's title, as an interrupted upload would.
    let at = -1;
    for (let i = 0; i < 3; i++) at = xml.indexOf('<DisplayTitleText>', at + 1);
    if (at < 0) at = Math.floor(xml.length * 0.6);
    return xml.slice(0, at + '<DisplayTit'.length);
  };

  // Initial deliveries, release by release.
  for (const plan of plans.filter((p) => p.seed.layout === 'release-by-release')) {
    const random = new SeededRandom(seedFromKey(`${plan.seed.key}#time`));
    const createdAt = new Date(now.getTime() - (plan.seed.deliveredDaysAgo ?? 1) * DAY_MS - random.int(0, 600) * 60_000 - random.int(0, 999));
    const folder = `${plan.partner.folder}/${choreographyTimestamp(createdAt)}_${plan.upc}`;
    const { release, media } = withMedia(plan, folder);
    let xml = writeNewReleaseMessage({ ...header(plan, createdAt), release, deals: dealsFor(plan.seed) });
    const malformed = plan.seed.key === malformedKey;
    if (malformed) {
      xml = truncate(xml);
      malformedPath = `${folder}/${plan.upc}.xml`;
    }
    recordMessage(plan, {
      path: `${folder}/${plan.upc}.xml`,
      messageType: 'NewReleaseMessage',
      kind: 'initial',
      messageId: header(plan, createdAt).messageId,
      createdAt: createdAt.toISOString(),
      layout: 'release-by-release',
      deliveryFolder: folder,
      mediaFiles: media,
      malformed,
    }, xml);
  }

  // Batches: release folders inside a timestamped batch folder, closed by BatchComplete.
  for (const batchSeed of DEMO_BATCHES) {
    const partner = partnerOf(batchSeed.partner);
    const startedAt = new Date(now.getTime() - batchSeed.startedMinutesAgo * 60_000 - (seedFromKey(batchSeed.key) % 1000));
    const batchId = choreographyTimestamp(startedAt);
    const batchFolder = `${partner.folder}/${batchId}`;
    const entries: BatchManifestEntry[] = [];
    const messagePaths: string[] = [];
    const members = plans.filter((p) => p.seed.batch === batchSeed.key);
    members.forEach((plan, index) => {
      const createdAt = new Date(startedAt.getTime() + (index + 1) * 17_000);
      const folder = `${batchFolder}/${plan.upc}`;
      const { release, media } = withMedia(plan, folder);
      const messageHeader = header(plan, createdAt);
      const xml = writeNewReleaseMessage({ ...messageHeader, release, deals: dealsFor(plan.seed) });
      const messagePath = `${folder}/${plan.upc}.xml`;
      recordMessage(plan, {
        path: messagePath,
        messageType: 'NewReleaseMessage',
        kind: 'initial',
        messageId: messageHeader.messageId,
        createdAt: createdAt.toISOString(),
        layout: 'batch',
        deliveryFolder: folder,
        batchId,
        mediaFiles: media,
        malformed: false,
      }, xml);
      messagePaths.push(messagePath);
      entries.push({
        messageType: 'NewReleaseMessage',
        messageId: messageHeader.messageId,
        url: `${plan.upc}/${plan.upc}.xml`,
        upc: plan.upc,
        grid: plan.grid,
        md5: md5Hex(utf8(xml)),
      });
    });
    let manifestPath: string | null = null;
    if (batchSeed.complete) {
      manifestPath = `${batchFolder}/BatchComplete_${batchId}.xml`;
      const manifestXml = writeBatchManifest({
        batchId,
        messageId: `${partner.catalogPrefix}-BATCH-${batchId}`,
        createdAt: new Date(startedAt.getTime() + (members.length + 2) * 17_000),
        sender: { partyId: partner.partyId, name: partner.name },
        recipient: DEMO_RECIPIENT,
        messages: entries,
      });
      pending.push({ path: manifestPath, kind: 'batch_manifest', bytes: utf8(manifestXml) });
    }
    batches.push({ partnerFolder: partner.folder, batchId, folder: batchFolder, manifestPath, complete: batchSeed.complete, messagePaths });
  }

  // Follow-ups in existing threads, all release by release.
  const followUpFolder = (plan: PlannedRelease, createdAt: Date) => `${plan.partner.folder}/${choreographyTimestamp(createdAt)}_${plan.upc}`;
  const followUpTime = (key: string, daysAgo: number) => {
    const spread = seedFromKey(`${key}#followup`);
    return new Date(now.getTime() - daysAgo * DAY_MS - (spread % 240) * 60_000 - (spread % 997));
  };

  const initialPathOf = (key: string) => messages.find((m) => m.releaseKey === key && m.kind === 'initial')!.path;

  // Redelivery: same ids and thread, remastered audio for the first tracks.
  const redo = DEMO_SCENARIOS.redelivery;
  const redoPlan = planByKey.get(redo.release)!;
  const redoAt = followUpTime(redo.release, redo.deliveredDaysAgo);
  const redoFolder = followUpFolder(redoPlan, redoAt);
  const redone = withMedia(redoPlan, redoFolder, redo.remasteredTracks);
  const redoHeader = header(redoPlan, redoAt);
  recordMessage(redoPlan, {
    path: `${redoFolder}/${redoPlan.upc}.xml`,
    messageType: 'NewReleaseMessage',
    kind: 'redelivery',
    messageId: redoHeader.messageId,
    createdAt: redoAt.toISOString(),
    layout: 'release-by-release',
    deliveryFolder: redoFolder,
    mediaFiles: redone.media,
    malformed: false,
  }, writeNewReleaseMessage({ ...redoHeader, release: redone.release, deals: dealsFor(redoPlan.seed) }));

  // Metadata-only update: corrected title, moved release date, no files.
  const upd = DEMO_SCENARIOS.metadataUpdate;
  const updPlan = planByKey.get(upd.release)!;
  const updAt = followUpTime(upd.release, upd.deliveredDaysAgo);
  const updFolder = followUpFolder(updPlan, updAt);
  const updRelease = ernRelease(updPlan, { releaseDate: upd.newReleaseDate, coverWithoutFile: true });
  updRelease.tracks[upd.trackIndex] = { ...updRelease.tracks[upd.trackIndex], title: upd.newTrackTitle };
  const updHeader = header(updPlan, updAt);
  const updDeals = dealsFor(updPlan.seed).map((d) => ({ ...d, startDate: upd.newReleaseDate }));
  recordMessage(updPlan, {
    path: `${updFolder}/${updPlan.upc}.xml`,
    messageType: 'NewReleaseMessage',
    kind: 'metadata_update',
    messageId: updHeader.messageId,
    createdAt: updAt.toISOString(),
    layout: 'release-by-release',
    deliveryFolder: updFolder,
    mediaFiles: [],
    malformed: false,
  }, writeNewReleaseMessage({ ...updHeader, release: updRelease, deals: updDeals, updateIndicator: updPlan.seed.ernVersion === '3.8.2' ? 'UpdateMessage' : undefined }));

  // ERN 3.8.2 takedown: the release restated with TakeDown deals.
  const td = DEMO_SCENARIOS.takedownDeal;
  const tdPlan = planByKey.get(td.release)!;
  const tdAt = followUpTime(td.release, td.deliveredDaysAgo);
  const tdFolder = followUpFolder(tdPlan, tdAt);
  const tdHeader = header(tdPlan, tdAt);
  recordMessage(tdPlan, {
    path: `${tdFolder}/${tdPlan.upc}.xml`,
    messageType: 'NewReleaseMessage',
    kind: 'takedown',
    messageId: tdHeader.messageId,
    createdAt: tdAt.toISOString(),
    layout: 'release-by-release',
    deliveryFolder: tdFolder,
    mediaFiles: [],
    takedownMethod: 'TakeDownDeal',
    malformed: false,
  }, writeNewReleaseMessage({
    ...tdHeader,
    release: ernRelease(tdPlan, { coverWithoutFile: true }),
    deals: [{ territories: tdPlan.seed.territories, commercialModels: [], useTypes: [], startDate: tdAt.toISOString().slice(0, 10), takeDown: true }],
    updateIndicator: 'UpdateMessage',
  }));

  // ERN 4.3 takedown: PurgeReleaseMessage.
  const purge = DEMO_SCENARIOS.purge;
  const purgePlan = planByKey.get(purge.release)!;
  const purgeAt = followUpTime(purge.release, purge.deliveredDaysAgo);
  const purgeFolder = followUpFolder(purgePlan, purgeAt);
  const purgeHeader = header(purgePlan, purgeAt);
  recordMessage(purgePlan, {
    path: `${purgeFolder}/${purgePlan.upc}.xml`,
    messageType: 'PurgeReleaseMessage',
    kind: 'takedown',
    messageId: purgeHeader.messageId,
    createdAt: purgeAt.toISOString(),
    layout: 'release-by-release',
    deliveryFolder: purgeFolder,
    mediaFiles: [],
    takedownMethod: 'PurgeReleaseMessage',
    malformed: false,
  }, writePurgeReleaseMessage({ ...purgeHeader, upc: purgePlan.upc, grid: purgePlan.grid, title: purgePlan.seed.title }));

  // Delivery sequence and type per thread, as the metadata scan is expected to derive them.
  const threads = new Map<string, DemoMessageInfo[]>();
  for (const message of messages) threads.set(message.threadId, [...(threads.get(message.threadId) ?? []), message]);
  for (const thread of threads.values()) {
    thread.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.path.localeCompare(b.path));
    thread.forEach((message, index) => {
      message.deliverySequence = index + 1;
      message.expectedDeliveryType = index === 0 ? 'initial' : message.mediaFiles.length > 0 ? 'redelivery' : 'metadata_update';
    });
  }

  // Write: media and messages in delivery order, each batch's manifest after its messages.
  const files: DemoFile[] = [];
  const manifestFiles = pending.filter((f) => f.kind === 'batch_manifest');
  for (const file of [...pending.filter((f) => f.kind !== 'batch_manifest'), ...manifestFiles]) {
    await writer.write(file.path, file.bytes);
    files.push({ path: file.path, kind: file.kind, sizeBytes: file.bytes.length, md5: md5Hex(file.bytes) });
  }

  const incompleteBatch = batches.find((b) => !b.complete)!;
  for (const plan of plans) {
    const initial = messages.find((m) => m.releaseKey === plan.seed.key && m.kind === 'initial')!;
    releases.push({
      key: plan.seed.key,
      upc: plan.upc,
      grid: plan.grid,
      catalogNumber: plan.catalogNumber,
      title: plan.seed.title,
      artist: plan.seed.artist,
      mainArtists: [plan.seed.artist],
      releaseType: plan.seed.type,
      label: plan.seed.label,
      ernVersion: plan.seed.ernVersion,
      layout: plan.seed.layout,
      partnerFolder: plan.partner.folder,
      partnerName: plan.partner.name,
      threadId: plan.threadId,
      path: initial.path,
      isrcs: plan.tracks.map((t) => t.track.isrc),
      trackCount: plan.tracks.length,
      totalDurationSeconds: plan.tracks.reduce((sum, t) => sum + t.track.durationSeconds, 0),
      languageOfPerformance: plan.seed.language,
      territories: plan.seed.territories,
      releaseDate: plan.seed.releaseDate,
      inIncompleteBatch: incompleteBatch.messagePaths.includes(initial.path),
      malformed: initial.malformed,
    });
  }

  const initialRedoMedia = messages.find((m) => m.releaseKey === redo.release && m.kind === 'initial')!.mediaFiles;
  const md5ByPath = new Map(files.map((f) => [f.path, f.md5]));
  const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const initialMd5ByName = new Map(initialRedoMedia.map((p) => [baseName(p), md5ByPath.get(p)]));
  const changedFiles = redone.media.filter((p) => initialMd5ByName.get(baseName(p)) !== md5ByPath.get(p));

  return {
    generatedAt: now.toISOString(),
    recipient: DEMO_RECIPIENT,
    partners: DEMO_PARTNERS.map(({ folder, name, partyId, kind, country, description }) => ({ folder, name, partyId, kind, country, description })),
    artists: DEMO_ARTISTS.map((a) => ({
      name: a.name,
      origin: a.origin,
      releaseUpcs: plans.filter((p) => p.seed.artist === a.name).map((p) => p.upc),
    })),
    releases,
    messages,
    batches,
    incompleteBatch,
    malformedFile: {
      path: malformedPath,
      upc: planByKey.get(malformedKey)!.upc,
      partnerFolder: planByKey.get(malformedKey)!.partner.folder,
      reason: 'XML truncated inside a start tag (interrupted upload)',
    },
    redelivery: {
      threadId: redoPlan.threadId,
      upc: redoPlan.upc,
      initialPath: initialPathOf(redo.release),
      redeliveryPath: `${redoFolder}/${redoPlan.upc}.xml`,
      changedFiles,
      unchangedFiles: redone.media.filter((p) => !changedFiles.includes(p)),
    },
    metadataUpdate: {
      threadId: updPlan.threadId,
      upc: updPlan.upc,
      initialPath: initialPathOf(upd.release),
      updatePath: `${updFolder}/${updPlan.upc}.xml`,
      changes: [
        `track ${upd.trackIndex + 1} title: "${updPlan.seed.tracks[upd.trackIndex].title}" -> "${upd.newTrackTitle}"`,
        `release date: ${updPlan.seed.releaseDate} -> ${upd.newReleaseDate}`,
      ],
    },
    takedowns: [
      { threadId: tdPlan.threadId, upc: tdPlan.upc, path: `${tdFolder}/${tdPlan.upc}.xml`, method: 'TakeDownDeal', ernVersion: tdPlan.seed.ernVersion },
      { threadId: purgePlan.threadId, upc: purgePlan.upc, path: `${purgeFolder}/${purgePlan.upc}.xml`, method: 'PurgeReleaseMessage', ernVersion: purgePlan.seed.ernVersion },
    ],
    files,
    totals: {
      files: files.length,
      bytes: files.reduce((sum, f) => sum + f.sizeBytes, 0),
      messages: messages.length,
      releases: releases.length,
      audioFiles: files.filter((f) => f.kind === 'audio').length,
      images: files.filter((f) => f.kind === 'image').length,
    },
  };
}
