/**
 * Bulk deliveries for the scan benchmark: many realistic ERN messages (~12 tracks each, mixed
 * 3.8.2/4.3, both layouts) with tiny placeholder media that are still hashed in the XML, so the
 * benchmark measures discovery and metadata reading rather than the generator.
 */
import {
  writeBatchManifest,
  writeNewReleaseMessage,
  type BatchManifestEntry,
  type ErnDeal,
  type ErnParty,
  type ErnRelease,
  type ErnVersion,
} from './ern-writer';
import type { DeliveryLayout } from './catalogue';
import type { DeliveryWriter } from './generate';
import { SeededRandom, choreographyTimestamp, makeGrid, makeIsrc, makeUpc, md5Hex } from './ids';

export interface BulkDelivery {
  path: string;
  upc: string;
  messageId: string;
  threadId: string;
  ernVersion: ErnVersion;
  layout: DeliveryLayout;
  partnerFolder: string;
  batchId?: string;
  trackCount: number;
  artist: string;
  title: string;
}

export interface BulkBatch {
  partnerFolder: string;
  batchId: string;
  folder: string;
  manifestPath: string;
  messageCount: number;
}

export interface BulkManifest {
  count: number;
  seed: number;
  partners: (ErnParty & { folder: string })[];
  deliveries: BulkDelivery[];
  batches: BulkBatch[];
  /** Every file written: messages, media placeholders and batch manifests. */
  files: number;
  bytes: number;
  elapsedMs: number;
}

export interface BulkOptions {
  count: number;
  partners?: number;
  seed?: number;
  /** Releases per batch folder for partners delivering in batches. */
  batchSize?: number;
  /**
   * Writes kept in flight at once (default 8), for writers that talk to a storage service. A
   * batch's BatchComplete is written only after every write of the batch has finished.
   */
  concurrency?: number;
}

const RECIPIENT: ErnParty = { partyId: 'PADPIDA2024011501R', name: 'Backoffice Demo Distribution B.V.' };
const PARTNER_NAMES = ['Grachtengordel Records', 'Kempen Music', 'Atlantic Drift Distribution', 'Veluwe Sound', 'Maasland Audio', 'Harbour Lane Digital', 'Zeeland Platen', 'Brabant Beats'];
const FIRST_NAMES = ['Anouk', 'Bas', 'Lotte', 'Sem', 'Noor', 'Daan', 'Fleur', 'Luuk', 'Emma', 'Milan', 'Iris', 'Thijs', 'Olivia', 'Jack', 'Chloe', 'Leo', 'Maya', 'Hugo', 'Zoe', 'Felix'];
const LAST_NAMES = ['de Vries', 'Jansen', 'Visser', 'Smits', 'Peeters', 'Maes', 'Willems', 'Hart', 'Brooks', 'Quinn', 'Moreau', 'Lindberg', 'Costa', 'Novak', 'Okafor', 'Tanaka'];
const BAND_WORDS = ['Kanaal', 'Storm', 'Velvet', 'Neon', 'Harbour', 'Polder', 'Echo', 'Copper', 'Lantern', 'Tulip', 'Signal', 'Driftwood'];
const TITLE_WORDS_NL = ['Zomer', 'Nacht', 'Licht', 'Regen', 'Wind', 'Dijk', 'Haven', 'Dromen', 'Straat', 'Vrij', 'Thuis', 'Water'];
const TITLE_WORDS_EN = ['Summer', 'Night', 'Light', 'Rain', 'Wild', 'Golden', 'Echoes', 'Harbour', 'Dreams', 'Fire', 'Home', 'Static'];
const GENRES = ['Pop', 'Rock', 'Dance', 'Hip-Hop/Rap', 'Singer/Songwriter', 'Electronic', 'Jazz', 'Alternative'];

const BASE_TIME = Date.UTC(2026, 0, 5, 8, 0, 0);
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/**
 * Writes `count` deliveries through `writer`. Partner `p` of `partners` gets every delivery whose
 * index is p modulo `partners`; versions and layouts alternate so both appear for any count ≥ 4.
 */
export async function generateBulkDeliveries(writer: DeliveryWriter, opts: BulkOptions): Promise<BulkManifest> {
  const started = performance.now();
  const count = opts.count;
  const partnerCount = opts.partners ?? 4;
  const seed = opts.seed ?? 1;
  const batchSize = opts.batchSize ?? 20;
  if (!Number.isInteger(count) || count < 0 || count > 900_000) {
    throw new Error(`generateBulkDeliveries: count must be an integer from 0 to 900000, got ${count}`);
  }
  if (!Number.isInteger(partnerCount) || partnerCount < 1 || partnerCount > 99) {
    throw new Error(`generateBulkDeliveries: partners must be an integer from 1 to 99, got ${partnerCount}`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new Error(`generateBulkDeliveries: batchSize must be a positive integer, got ${batchSize}`);
  }
  const concurrency = opts.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) {
    throw new Error(`generateBulkDeliveries: concurrency must be an integer from 1 to 256, got ${concurrency}`);
  }

  const partners = Array.from({ length: partnerCount }, (_, p) => ({
    folder: `bulk-partner-${String(p + 1).padStart(2, '0')}`,
    name: `${PARTNER_NAMES[p % PARTNER_NAMES.length]}${p >= PARTNER_NAMES.length ? ` ${Math.floor(p / PARTNER_NAMES.length) + 1}` : ''}`,
    partyId: `PADPIDA2025${String(p + 1).padStart(6, '0')}B`,
  }));
  const random = new SeededRandom(seed);
  const artistPool = Math.max(1, Math.ceil(count / 3));
  const deliveries: BulkDelivery[] = [];
  const batches: BulkBatch[] = [];
  let files = 0;
  let bytes = 0;
  let trackCounter = 0;

  const inFlight = new Set<Promise<void>>();
  let writeFailure: unknown;
  const write = async (relPath: string, data: Uint8Array) => {
    if (writeFailure) throw writeFailure;
    const pending: Promise<void> = writer.write(relPath, data).then(
      () => {
        files += 1;
        bytes += data.length;
      },
      (error: unknown) => {
        writeFailure ??= error;
      },
    );
    const tracked = pending.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  };
  /** Waits for every write started so far; rethrows the first failure. */
  const drain = async () => {
    await Promise.all(inFlight);
    if (writeFailure) throw writeFailure;
  };

  interface OpenBatch {
    batchId: string;
    startedAt: number;
    entries: BatchManifestEntry[];
  }
  const openBatches = new Map<number, OpenBatch>();
  const closeBatch = async (p: number) => {
    const batch = openBatches.get(p);
    if (!batch) return;
    openBatches.delete(p);
    const partner = partners[p];
    const folder = `${partner.folder}/${batch.batchId}`;
    const manifestPath = `${folder}/BatchComplete_${batch.batchId}.xml`;
    // The choreography's promise: when BatchComplete exists, everything it lists is there.
    await drain();
    const xml = writeBatchManifest(
      {
        batchId: batch.batchId,
        messageId: `BULK-BATCH-${batch.batchId}-${p + 1}`,
        createdAt: new Date(batch.startedAt + batch.entries.length * 1000 + 500),
        sender: partner,
        recipient: RECIPIENT,
        messages: batch.entries,
      },
      { indent: '' },
    );
    await write(manifestPath, utf8(xml));
    batches.push({ partnerFolder: partner.folder, batchId: batch.batchId, folder, manifestPath, messageCount: batch.entries.length });
  };

  for (let i = 0; i < count; i++) {
    const p = i % partnerCount;
    const partner = partners[p];
    const ernVersion: ErnVersion = i % 2 === 0 ? '3.8.2' : '4.3';
    const layout: DeliveryLayout = Math.floor(i / 2) % 2 === 0 ? 'release-by-release' : 'batch';
    // Deliveries a minute apart; the few milliseconds keep folder names unique per partner.
    const createdAtMs = BASE_TIME + i * 60_000 + (i % 1000);
    const createdAt = new Date(createdAtMs);
    const upc = makeUpc(`879${String(p).padStart(3, '0')}`, i);
    const dutch = random.next() < 0.4;
    const artistIndex = random.int(0, artistPool - 1);
    const artist =
      artistIndex % 3 === 0
        ? `${BAND_WORDS[artistIndex % BAND_WORDS.length]} ${BAND_WORDS[Math.floor(artistIndex / BAND_WORDS.length) % BAND_WORDS.length]} ${artistIndex}`
        : `${FIRST_NAMES[artistIndex % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(artistIndex / FIRST_NAMES.length) % LAST_NAMES.length]} ${artistIndex}`;
    const words = dutch ? TITLE_WORDS_NL : TITLE_WORDS_EN;
    const title = `${random.pick(words)} ${random.pick(words)} ${i}`;
    const trackCount = random.int(10, 14);
    const genre = random.pick(GENRES);
    const label = `${partner.name} Label`;
    const year = 2026;

    let folder: string;
    let batch: OpenBatch | undefined;
    if (layout === 'batch') {
      batch = openBatches.get(p);
      if (!batch) {
        batch = { batchId: choreographyTimestamp(createdAt), startedAt: createdAtMs, entries: [] };
        openBatches.set(p, batch);
      }
      folder = `${partner.folder}/${batch.batchId}/${upc}`;
    } else {
      folder = `${partner.folder}/${choreographyTimestamp(createdAt)}_${upc}`;
    }

    const tracks: ErnRelease['tracks'] = [];
    for (let n = 1; n <= trackCount; n++) {
      trackCounter += 1;
      const fileName = `${upc}_01_${String(n).padStart(3, '0')}.wav`;
      const media = utf8(`placeholder ${upc} ${n}`);
      await write(`${folder}/resources/${fileName}`, media);
      tracks.push({
        isrc: makeIsrc('NL', `B${p.toString(36).toUpperCase().padStart(2, '0')}`, 20 + Math.floor(trackCounter / 100_000), trackCounter % 100_000),
        title: `${random.pick(words)} ${random.pick(words)}`,
        artists: [{ name: artist, role: 'MainArtist' }],
        contributors: [
          { name: artist, role: 'Composer' },
          { name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`, role: 'Producer' },
        ],
        durationSeconds: random.int(120, 300),
        languageOfPerformance: dutch ? 'nl' : 'en',
        parentalWarning: 'NotExplicit',
        pLineYear: year,
        pLineCompany: label,
        audio: { relativePath: `resources/${fileName}`, md5: md5Hex(media), sizeBytes: media.length, codec: 'PCM', channels: 2, samplingRateHz: 44_100, bitsPerSample: 16 },
      });
    }
    const cover = utf8(`placeholder ${upc} cover`);
    await write(`${folder}/resources/${upc}.jpg`, cover);

    const territories = dutch ? ['NL', 'BE'] : ['Worldwide'];
    const deals: ErnDeal[] = [
      { territories, commercialModels: ['SubscriptionModel', 'AdvertisementSupportedModel'], useTypes: ['OnDemandStream'], startDate: '2026-03-01' },
      { territories, commercialModels: ['PayAsYouGoModel'], useTypes: ['PermanentDownload'], startDate: '2026-03-01' },
    ];
    const threadId = `BULK-${upc}`;
    const messageId = `${threadId}-${choreographyTimestamp(createdAt)}`;
    const xml = utf8(
      writeNewReleaseMessage(
        {
          version: ernVersion,
          messageId,
          threadId,
          createdAt,
          sender: partner,
          recipient: RECIPIENT,
          release: {
            upc,
            grid: i % 3 === 0 ? makeGrid('BULK1', i) : undefined,
            catalogNumber: `BLK${String(i).padStart(6, '0')}`,
            title,
            releaseType: 'Album',
            artists: [{ name: artist, role: 'MainArtist' }],
            label,
            genre,
            parentalWarning: 'NotExplicit',
            pLineYear: year,
            pLineCompany: label,
            cLineYear: year,
            cLineCompany: label,
            releaseDate: '2026-03-01',
            originalReleaseDate: '2026-03-01',
            languageOfPerformance: dutch ? 'nl' : 'en',
            tracks,
            cover: { relativePath: `resources/${upc}.jpg`, md5: md5Hex(cover), sizeBytes: cover.length, codec: 'JPEG', width: 3000, height: 3000 },
          },
          deals,
        },
        { indent: '' },
      ),
    );
    const path = `${folder}/${upc}.xml`;
    await write(path, xml);
    deliveries.push({ path, upc, messageId, threadId, ernVersion, layout, partnerFolder: partner.folder, batchId: batch?.batchId, trackCount, artist, title });

    if (batch) {
      batch.entries.push({ messageType: 'NewReleaseMessage', messageId, url: `${upc}/${upc}.xml`, upc, md5: md5Hex(xml) });
      if (batch.entries.length >= batchSize) await closeBatch(p);
    }
  }
  for (const p of [...openBatches.keys()]) await closeBatch(p);
  await drain();

  return {
    count,
    seed,
    partners: partners.map(({ folder, name, partyId }) => ({ folder, name, partyId })),
    deliveries,
    batches,
    files,
    bytes,
    elapsedMs: Math.round(performance.now() - started),
  };
}
