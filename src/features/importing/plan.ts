/**
 * From a parsed ERN message to the rows the catalogue stores (DESIGN.md 6.3). Pure: no database,
 * no storage. The writer (writer.ts) applies a plan in one transaction.
 */
import path from 'node:path/posix';
import { normalizeDate, normalizeDateTime, type Contributor, type Deal, type DisplayArtist, type ErnMessage, type Line, type Release, type Resource, type ResourceFile } from '@/ddex';
import type { AssetKind } from '@/db/schema';
import { contentTypeFromName } from '@/storage/content-types';

export interface PlannedIdentifier {
  scheme: string;
  value: string;
  namespace: string | null;
}

export interface PlannedContributor {
  role: string;
  credited_name: string | null;
  sequence: number | null;
  /** Main artists are upserted into `artist`; other names are only linked when the artist exists. */
  is_main: boolean;
}

export interface PlannedTrack {
  resource_reference: string;
  track_number: number | null;
  disc_number: number | null;
}

export interface PlannedDeal {
  use_type: string | null;
  commercial_model: string | null;
  price_tier: string | null;
  start_at: string | null;
  end_at: string | null;
  deal_ref: string | null;
  is_takedown: boolean;
  territories: { code: string; included: boolean }[];
}

export interface PlannedRelease {
  reference: string;
  is_main: boolean;
  is_track_release: boolean;
  title: string;
  type: string;
  display_artist: string | null;
  label_name: string | null;
  upc: string | null;
  original_release_date: string | null;
  display_start_at: string | null;
  p_line_text: string | null;
  c_line_text: string | null;
  duration_ms: number | null;
  /** null: the message does not restate the deals (3.x without DealList): keep what is stored. */
  deals: PlannedDeal[] | null;
  /** null with deals null: keep the stored takedown flag. */
  is_taken_down: boolean | null;
  whitelist: string[];
  blacklist: string[];
  schedule: { release_date: string | null; schedule_from: string | null; embargo_until: string | null };
  identifiers: PlannedIdentifier[];
  contributors: PlannedContributor[];
  tracks: PlannedTrack[];
  /** ICPN/UPC/EAN values in every zero-padded spelling (12, 13, 14 digits), for matching. */
  icpn_candidates: string[];
  grid: string | null;
  proprietary: { namespace: string | null; value: string }[];
}

export interface PlannedResourceContributor {
  role: string;
  credited_name: string | null;
  contributor_type: 'direct' | 'indirect';
  instrument: string | null;
  sequence: number | null;
}

export interface PlannedTechnical {
  sampling_rate_hz: number | null;
  bitrate_kbps: number | null;
  bits_per_sample: number | null;
  codec: string | null;
  audio_channels: number | null;
  width: number | null;
  height: number | null;
  frame_rate: number | null;
  file_name: string | null;
}

export interface PlannedFile {
  /** Object key in the source: delivery folder + the path the message gives. */
  key: string;
  kind: AssetKind;
  /** Lower-case MD5 from the message; null when the message gives none (or another algorithm). */
  md5: string | null;
  mime_type: string | null;
  file_size: number | null;
  is_primary: boolean;
}

export interface PlannedResource {
  reference: string;
  media_type: string;
  title: string | null;
  display_artist: string | null;
  isrc: string | null;
  duration_ms: number | null;
  genre_primary: string | null;
  genre_secondary: string | null;
  parental_rating: string | null;
  language_of_performance: string | null;
  p_line_text: string | null;
  identifiers: PlannedIdentifier[];
  contributors: PlannedResourceContributor[];
  technical: PlannedTechnical[];
  rights: { right_type: string | null; controller_name: string | null; note: string | null }[];
  files: PlannedFile[];
}

export interface ImportPlan {
  kind: 'release' | 'purge';
  releases: PlannedRelease[];
  resources: PlannedResource[];
  /** Purge: the releases to take down, by their identifiers. */
  purged: { icpn_candidates: string[]; grid: string | null; proprietary: { namespace: string | null; value: string }[]; label: string }[];
  /** Names of main artists across the message's releases (upserted as pending main artists). */
  main_artists: string[];
}

const MAIN_ROLES = /^(MainArtist|PrimaryArtist)$/i;

/** Every spelling of a UPC/EAN/GTIN a partner may use for the same product (leading zeros differ). */
export function icpnCandidates(values: (string | null)[]): string[] {
  const out = new Set<string>();
  for (const raw of values) {
    if (!raw) continue;
    const value = raw.trim();
    if (!value) continue;
    out.add(value);
    if (!/^\d+$/.test(value)) continue;
    const bare = value.replace(/^0+/, '') || '0';
    for (const width of [12, 13, 14]) if (bare.length <= width) out.add(bare.padStart(width, '0'));
  }
  return [...out].sort();
}

function lineText(line: Line | null): string | null {
  if (!line) return null;
  if (line.text) return line.text;
  return line.year !== null ? String(line.year) : null;
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function releaseIdentifiers(release: Release): PlannedIdentifier[] {
  const ids = release.identifiers;
  const list: PlannedIdentifier[] = [];
  const add = (scheme: string, value: string | null, namespace: string | null = null) => {
    if (value && value.trim()) list.push({ scheme, value: value.trim(), namespace });
  };
  add('ICPN', ids.icpn);
  add('UPC', ids.upc);
  add('EAN', ids.ean);
  add('GRid', ids.grid);
  add('ISRC', ids.isrc);
  add('CatalogNumber', ids.catalogNumber);
  for (const p of ids.proprietary) add('ProprietaryId', p.value, p.namespace);
  return uniqueBy(list, (i) => `${i.scheme}\u0000${i.value}`);
}

function releaseType(release: Release, resourcesByRef: Map<string, Resource>): string {
  if (release.isTrackRelease) return 'TrackRelease';
  if (release.type) return release.type;
  const tracks = release.trackList.map((t) => resourcesByRef.get(t.resourceReference)).filter((r): r is Resource => !!r);
  const video = tracks.length > 0 && tracks.every((r) => r.kind === 'video');
  if (tracks.length <= 1) return video ? 'VideoSingle' : 'Single';
  return video ? 'VideoAlbum' : 'Album';
}

function contributorsOf(displayArtists: DisplayArtist[], displayName: string | null): PlannedContributor[] {
  const named = displayArtists.filter((a) => a.name && a.name.trim());
  if (named.length === 0) {
    return displayName && displayName.trim() ? [{ role: 'MainArtist', credited_name: displayName.trim(), sequence: 1, is_main: true }] : [];
  }
  return uniqueBy(
    named.map((a) => {
      const role = a.role ?? 'MainArtist';
      return { role, credited_name: a.name!.trim(), sequence: a.sequence, is_main: MAIN_ROLES.test(role) };
    }),
    (c) => `${c.role}\u0000${c.credited_name}`,
  );
}

function dealsOf(deals: Deal[]): PlannedDeal[] {
  const rows: PlannedDeal[] = [];
  for (const deal of deals) {
    const territories = uniqueBy(
      [
        ...deal.territoriesIncluded.map((code) => ({ code, included: true })),
        ...deal.territoriesExcluded.map((code) => ({ code, included: false })),
      ],
      (t) => t.code,
    );
    const useTypes = deal.useTypes.length > 0 ? deal.useTypes : [null];
    const models = deal.commercialModels.length > 0 ? deal.commercialModels : [null];
    for (const useType of useTypes) {
      for (const model of models) {
        rows.push({
          use_type: useType,
          commercial_model: model,
          price_tier: deal.priceTier,
          start_at: normalizeDateTime(deal.validFrom),
          end_at: normalizeDateTime(deal.validTo),
          deal_ref: deal.dealReference,
          is_takedown: deal.takedown,
          territories,
        });
      }
    }
  }
  return rows;
}

/** Earliest of a list of ISO strings, or null. */
function earliest(values: (string | null)[]): string | null {
  return values.filter((v): v is string => !!v).sort()[0] ?? null;
}

function planRelease(message: ErnMessage, release: Release, resourcesByRef: Map<string, Resource>): PlannedRelease {
  const own = message.deals.filter((d) => d.releaseReference === release.reference);
  // 3.x without a DealList restates no deals (a metadata update): the stored ones stay.
  const keepDeals = message.family === 3 && message.dealListAbsent;
  const deals = keepDeals ? null : dealsOf(own);
  const live = own.filter((d) => !d.takedown && !d.ended);
  const whitelist = [...new Set(live.flatMap((d) => d.territoriesIncluded))].sort();
  const blacklist = [...new Set(live.flatMap((d) => d.territoriesExcluded))].sort();
  const trackNumbers = new Map(release.trackList.map((t) => [t.resourceReference, t]));
  const tracks: PlannedTrack[] = uniqueBy(
    [...release.trackList.map((t) => t.resourceReference), ...release.resourceReferences],
    (ref) => ref,
  )
    .filter((ref) => resourcesByRef.has(ref))
    .map((ref) => {
      const entry = trackNumbers.get(ref);
      return { resource_reference: ref, track_number: entry?.trackNumber ?? null, disc_number: entry?.discNumber ?? null };
    });
  const ids = release.identifiers;
  const releaseDate = normalizeDate(release.releaseDate);
  const dealStart = earliest(own.filter((d) => !d.takedown).map((d) => normalizeDateTime(d.validFrom)));
  const upc = ids.icpn ?? ids.upc ?? ids.ean ?? null;
  return {
    reference: release.reference,
    is_main: release.isMain,
    is_track_release: release.isTrackRelease,
    title: release.title?.trim() || resourcesByRef.get(release.trackList[0]?.resourceReference ?? '')?.title?.trim() || release.reference,
    type: releaseType(release, resourcesByRef),
    display_artist: release.displayArtistName,
    label_name: release.label,
    upc,
    original_release_date: normalizeDate(release.originalReleaseDate) ?? releaseDate,
    display_start_at: normalizeDateTime(release.displayStartDate),
    p_line_text: lineText(release.pLine),
    c_line_text: lineText(release.cLine),
    duration_ms: release.durationMs,
    deals,
    is_taken_down: keepDeals ? null : release.takedown,
    whitelist,
    blacklist,
    schedule: {
      release_date: releaseDate,
      schedule_from: normalizeDateTime(release.displayStartDate) ?? dealStart,
      embargo_until: dealStart,
    },
    identifiers: releaseIdentifiers(release),
    contributors: contributorsOf(release.displayArtists, release.displayArtistName),
    tracks,
    icpn_candidates: icpnCandidates([ids.icpn, ids.upc, ids.ean]),
    grid: ids.grid,
    proprietary: ids.proprietary.map((p) => ({ namespace: p.namespace, value: p.value })),
  };
}

const MEDIA_TYPES: Record<Resource['kind'], string> = {
  sound_recording: 'audio',
  video: 'video',
  image: 'image',
  text: 'text',
  other: 'other',
};

function assetKind(resource: Resource, file: ResourceFile): AssetKind {
  if (file.isPreview) return 'preview';
  if (resource.kind === 'image') return /cover/i.test(resource.type ?? '') ? 'cover' : 'image';
  return 'master';
}

/** Joins the delivery folder and the message's relative path into an object key; null for remote URLs. */
export function assetKey(deliveryFolder: string, file: ResourceFile): string | null {
  const written = file.path ?? file.uri;
  if (!written) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(written)) return null;
  const joined = path.normalize(path.join(deliveryFolder || '.', written.replace(/\\/g, '/')));
  if (joined.startsWith('..') || joined.startsWith('/')) return null;
  return joined === '.' ? null : joined;
}

function resourceContributors(resource: Resource): PlannedResourceContributor[] {
  const fromCredits = resource.contributors
    .filter((c: Contributor) => c.name && c.name.trim())
    .map((c) => ({
      role: c.role ?? 'Contributor',
      credited_name: c.name!.trim(),
      contributor_type: c.direct ? ('direct' as const) : ('indirect' as const),
      instrument: c.instrument,
      sequence: c.sequence,
    }));
  const fromArtists = resource.displayArtists
    .filter((a) => a.name && a.name.trim())
    .map((a) => ({
      role: a.role ?? 'MainArtist',
      credited_name: a.name!.trim(),
      contributor_type: 'direct' as const,
      instrument: null,
      sequence: a.sequence,
    }));
  return uniqueBy([...fromArtists, ...fromCredits], (c) => `${c.role}\u0000${c.credited_name}\u0000${c.instrument ?? ''}`);
}

function planResource(resource: Resource, deliveryFolder: string): PlannedResource {
  const ids = resource.identifiers;
  const identifiers: PlannedIdentifier[] = [];
  const add = (scheme: string, value: string | null, namespace: string | null = null) => {
    if (value && value.trim()) identifiers.push({ scheme, value: value.trim(), namespace });
  };
  add('ISRC', ids.isrc);
  add('ISWC', ids.iswc);
  add('GRid', ids.grid);
  add('ISAN', ids.isan);
  add('CatalogNumber', ids.catalogNumber);
  for (const p of ids.proprietary) add('ProprietaryId', p.value, p.namespace);

  const files: PlannedFile[] = [];
  const primaryTaken = new Set<string>();
  for (const file of resource.files) {
    if (!file.provided) continue;
    const key = assetKey(deliveryFolder, file);
    if (!key || files.some((f) => f.key === key)) continue;
    const kind = assetKind(resource, file);
    const md5 = file.hash && (file.hashAlgorithm === null || /^md5$/i.test(file.hashAlgorithm)) && /^[0-9a-f]{32}$/i.test(file.hash.trim()) ? file.hash.trim().toLowerCase() : null;
    files.push({ key, kind, md5, mime_type: contentTypeFromName(key), file_size: file.size, is_primary: !primaryTaken.has(kind) });
    primaryTaken.add(kind);
  }
  const technical = resource.technicalDetails.map((t) => ({
    sampling_rate_hz: t.samplingRateHz,
    bitrate_kbps: t.bitrateKbps,
    bits_per_sample: t.bitsPerSample,
    codec: t.codec,
    audio_channels: t.channels,
    width: t.width,
    height: t.height,
    frame_rate: t.frameRate,
    file_name: resource.files.find((f) => f.technicalReference && f.technicalReference === t.reference)?.path?.split('/').pop() ?? null,
  }));
  const rights = resource.rightsControllers.map((r) => {
    const notes = [
      r.rightSharePercentage !== null ? `${r.rightSharePercentage}%` : null,
      r.territories.length > 0 ? r.territories.join(', ') : null,
    ].filter(Boolean);
    return { right_type: r.role, controller_name: r.name, note: notes.length > 0 ? notes.join(' · ') : null };
  });
  return {
    reference: resource.reference,
    media_type: MEDIA_TYPES[resource.kind],
    title: resource.title,
    display_artist: resource.displayArtistName,
    isrc: ids.isrc,
    duration_ms: resource.durationMs,
    genre_primary: resource.genre,
    genre_secondary: resource.subGenre,
    parental_rating: resource.parentalWarning,
    language_of_performance: resource.languagesOfPerformance[0] ?? null,
    p_line_text: lineText(resource.pLine),
    identifiers: uniqueBy(identifiers, (i) => `${i.scheme}\u0000${i.value}`),
    contributors: resourceContributors(resource),
    technical,
    rights,
    files,
  };
}

/** The whole message as rows. `deliveryFolder` is where the message's relative file paths start. */
export function planImport(message: ErnMessage, deliveryFolder: string): ImportPlan {
  if (message.kind === 'PurgeReleaseMessage') {
    return {
      kind: 'purge',
      releases: [],
      resources: [],
      purged: message.purgedReleaseIds.map((ids, i) => ({
        icpn_candidates: icpnCandidates([ids.icpn, ids.upc, ids.ean]),
        grid: ids.grid,
        proprietary: ids.proprietary.map((p) => ({ namespace: p.namespace, value: p.value })),
        label: ids.icpn ?? ids.upc ?? ids.ean ?? (ids.grid ? `GRid ${ids.grid}` : null) ?? ids.proprietary[0]?.value ?? message.releases[i]?.title ?? `purged release ${i + 1}`,
      })),
      main_artists: [],
    };
  }
  const resourcesByRef = new Map(message.resources.map((r) => [r.reference, r]));
  const releases = message.releases.map((r) => planRelease(message, r, resourcesByRef));
  // The main release first: TrackReleases point at it.
  releases.sort((a, b) => Number(b.is_main) - Number(a.is_main));
  const mainArtists = [...new Set(releases.filter((r) => !r.is_track_release).flatMap((r) => r.contributors.filter((c) => c.is_main).map((c) => c.credited_name!)))];
  return {
    kind: 'release',
    releases,
    resources: message.resources.map((r) => planResource(r, deliveryFolder)),
    purged: [],
    main_artists: mainArtists.sort(),
  };
}
