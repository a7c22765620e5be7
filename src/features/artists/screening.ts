/**
 * Artist screening (DESIGN.md 6.4): fills benelux_roots, performs_in_dutch, benelux_audience,
 * ai_confidence_score and ai_reasoning from the artist's deliveries.
 *
 * - `gatherEvidence` re-reads the artist's ERN messages through the DDEX engine (languages of
 *   performance, track titles, labels, deal territories) and adds what scanning stored (partner,
 *   UPC, ISRCs, territories) and, for imported releases, the catalogue's languages.
 * - `defaultScreener` decides from that evidence alone (no network) and says which evidence led to
 *   which criterion. docs/screening.md documents every rule.
 * - With LLM_BASE_URL/LLM_MODEL set, `llmScreener` asks an OpenAI-compatible chat endpoint for a
 *   structured answer; any failure (timeout, non-2xx, unreadable answer) falls back to the default
 *   screener and the reasoning says so.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { parseErn, type ErnMessage, type Release, type Resource } from '@/ddex';
import type { TriState } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import type { AppConfig } from '@/server/config';
import { getSourceStorage } from '@/features/sources/service';
import type { StorageAdapter } from '@/storage';
import {
  BENELUX_TERRITORIES,
  beneluxPlaceIn,
  classifyLanguage,
  gs1Origin,
  isrcCountry,
  isUsuallyInstrumentalGenre,
  nameCues,
  primaryLanguage,
  titleIsDutch,
} from './cues';

export type ScreeningDeps = Pick<AppDeps, 'db' | 'config' | 'secrets' | 'logger'>;
export type ScreeningSource = 'heuristic' | 'llm' | 'heuristic_fallback';

/** How many of an artist's deliveries are re-read from their source (newest first). */
const MAX_FILES_READ = 12;
const DEFAULT_LLM_TIMEOUT_MS = 30_000;

export interface TrackEvidence {
  title: string;
  isrc: string | null;
  languages: string[];
}

export interface DeliveryEvidence {
  fileId: string;
  path: string;
  partnerId: string | null;
  partnerName: string | null;
  releaseTitle: string | null;
  label: string | null;
  genre: string | null;
  upc: string | null;
  isrcs: string[];
  /** Included territory codes of the deals ('Worldwide' when a deal is worldwide). */
  territories: string[];
  excludedTerritories: string[];
  tracks: TrackEvidence[];
  /** True when the message was re-read through the DDEX engine; false: only the scanned header fields. */
  reread: boolean;
  readProblem: string | null;
}

export interface PartnerProfile {
  id: string;
  name: string;
  files: number;
  /** Files whose first ISRC is registered in NL/BE/LU or whose UPC has a Dutch/Belgian GS1 prefix. */
  beneluxRegistered: number;
}

export interface ScreeningEvidence {
  artistName: string;
  deliveries: DeliveryEvidence[];
  partners: PartnerProfile[];
  /** Tracks of imported releases (used when no delivery could be re-read). */
  catalogueTracks: TrackEvidence[];
}

export interface ScreeningVerdict {
  beneluxRoots: TriState;
  performsInDutch: TriState;
  beneluxAudience: TriState;
  confidence: number;
  reasoning: string;
  source: ScreeningSource;
}

// ---- evidence --------------------------------------------------------------------------------

type FileRow = {
  id: string;
  source_id: string;
  source_path: string;
  partner_id: string | null;
  partner_name: string | null;
  release_title: string | null;
  upc: string | null;
  isrc: string | null;
  isrcs: string[] | null;
  territories: string[] | null;
};

const sameName = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** The releases of a message that credit the artist (by display artist), else its main release. */
function releasesOfArtist(message: ErnMessage, artistName: string): Release[] {
  const credited = message.releases.filter(
    (r) => !r.isTrackRelease && (r.displayArtists.some((a) => sameName(a.name, artistName)) || sameName(r.displayArtistName, artistName)),
  );
  if (credited.length > 0) return credited;
  return message.mainRelease ? [message.mainRelease] : [];
}

function tracksOf(message: ErnMessage, release: Release): Resource[] {
  const byRef = new Map(message.resources.map((r) => [r.reference, r]));
  const refs = release.trackList.length > 0 ? release.trackList.map((t) => t.resourceReference) : release.resourceReferences;
  return refs.map((ref) => byRef.get(ref)).filter((r): r is Resource => !!r && (r.kind === 'sound_recording' || r.kind === 'video'));
}

function deliveryFromMessage(row: FileRow, message: ErnMessage, artistName: string): DeliveryEvidence {
  const releases = releasesOfArtist(message, artistName);
  const tracks: TrackEvidence[] = [];
  const territories = new Set<string>();
  const excluded = new Set<string>();
  let label: string | null = null;
  let genre: string | null = null;
  for (const release of releases) {
    label ??= release.label;
    genre ??= release.genre;
    for (const track of tracksOf(message, release)) {
      label ??= track.label;
      genre ??= track.genre;
      tracks.push({ title: track.title ?? '', isrc: track.identifiers.isrc, languages: track.languagesOfPerformance });
    }
    for (const deal of message.deals.filter((d) => d.releaseReference === release.reference && !d.takedown)) {
      if (deal.territoriesIncluded.length > 0) deal.territoriesIncluded.forEach((t) => territories.add(t));
      else territories.add('Worldwide');
      deal.territoriesExcluded.forEach((t) => excluded.add(t));
    }
  }
  return {
    fileId: row.id,
    path: row.source_path,
    partnerId: row.partner_id,
    partnerName: row.partner_name ?? message.header.sender.name,
    releaseTitle: releases[0]?.title ?? row.release_title,
    label,
    genre,
    upc: row.upc,
    isrcs: [...new Set([...tracks.map((t) => t.isrc).filter((x): x is string => !!x), ...(row.isrcs ?? [])])],
    territories: territories.size > 0 ? [...territories].sort() : (row.territories ?? []),
    excludedTerritories: [...excluded].sort(),
    tracks,
    reread: true,
    readProblem: null,
  };
}

function deliveryFromRow(row: FileRow, problem: string | null): DeliveryEvidence {
  return {
    fileId: row.id,
    path: row.source_path,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    releaseTitle: row.release_title,
    label: null,
    genre: null,
    upc: row.upc,
    isrcs: row.isrcs ?? (row.isrc ? [row.isrc] : []),
    territories: row.territories ?? [],
    excludedTerritories: [],
    tracks: [],
    reread: false,
    readProblem: problem,
  };
}

export async function gatherEvidence(deps: ScreeningDeps, artistId: string): Promise<{ artistName: string; evidence: ScreeningEvidence } | null> {
  const artistRows = await deps.db.execute<{ name: string }>(sql`SELECT name FROM artist WHERE id = ${artistId}`);
  const artistName = artistRows.rows[0]?.name;
  if (artistName === undefined) return null;

  const files = (
    await deps.db.execute<FileRow>(sql`
      SELECT f.id, f.source_id, f.source_path, f.partner_id, p.name AS partner_name, f.release_title, f.upc, f.isrc, f.isrcs, f.territories
        FROM ddex_file_artist l
        JOIN ddex_file f ON f.id = l.ddex_file_id
        LEFT JOIN partner p ON p.id = f.partner_id
       WHERE l.artist_id = ${artistId} AND f.status <> 'error' AND f.message_type IS DISTINCT FROM 'PurgeReleaseMessage'
       ORDER BY f.is_latest_in_thread DESC, f.message_created_at DESC NULLS LAST, f.id
       LIMIT ${MAX_FILES_READ}`)
  ).rows;

  const storages = new Map<string, Promise<StorageAdapter>>();
  const deliveries = await Promise.all(
    files.map(async (row) => {
      try {
        let storage = storages.get(row.source_id);
        if (!storage) {
          storage = getSourceStorage(deps, row.source_id);
          storages.set(row.source_id, storage);
        }
        const bytes = await (await storage).readBuffer(row.source_path, { maxBytes: deps.config.ddexMaxFileBytes });
        const parsed = parseErn(bytes, { fileName: row.source_path });
        if (!parsed.ok) return deliveryFromRow(row, parsed.error.message);
        return deliveryFromMessage(row, parsed.message, artistName);
      } catch (error) {
        return deliveryFromRow(row, error instanceof Error ? error.message : String(error));
      }
    }),
  );

  const partnerIds = [...new Set(files.map((f) => f.partner_id).filter((x): x is string => !!x))];
  const partners =
    partnerIds.length === 0
      ? []
      : (
          await deps.db.execute<{ id: string; name: string; files: number; benelux: number }>(sql`
            SELECT p.id, p.name, count(f.id)::int AS files,
                   (count(f.id) FILTER (WHERE upper(left(f.isrc, 2)) IN ('NL', 'BE', 'LU') OR f.upc ~ '^(87|54)[0-9]{11}$'))::int AS benelux
              FROM partner p JOIN ddex_file f ON f.partner_id = p.id AND f.status <> 'error'
             WHERE p.id = ANY(${`{${partnerIds.join(',')}}`}::uuid[])
             GROUP BY p.id, p.name`)
        ).rows.map((r) => ({ id: r.id, name: r.name, files: Number(r.files), beneluxRegistered: Number(r.benelux) }));

  const catalogueTracks = (
    await deps.db.execute<{ title: string | null; isrc: string | null; language: string | null }>(sql`
      SELECT DISTINCT r.id, r.title, r.isrc, r.language_of_performance AS language
        FROM release_contributor rc
        JOIN release_resource rr ON rr.release_id = rc.release_id
        JOIN resource r ON r.id = rr.resource_id
       WHERE rc.artist_id = ${artistId} AND r.media_type IN ('audio', 'video')
       LIMIT 300`)
  ).rows.map((r) => ({ title: r.title ?? '', isrc: r.isrc, languages: r.language ? r.language.split(/[,;\s]+/).filter(Boolean) : [] }));

  return { artistName, evidence: { artistName, deliveries, partners, catalogueTracks } };
}

// ---- the default screener ---------------------------------------------------------------------

const LANGUAGE_NAMES: Record<string, string> = {
  nl: 'Dutch', nld: 'Dutch', dut: 'Dutch', vls: 'West Flemish', zea: 'Zeelandic', li: 'Limburgish', lim: 'Limburgish',
  fy: 'Frisian', fry: 'Frisian', lb: 'Luxembourgish', ltz: 'Luxembourgish', wa: 'Walloon', wln: 'Walloon',
  en: 'English', eng: 'English', fr: 'French', fra: 'French', fre: 'French', de: 'German', deu: 'German', ger: 'German',
  es: 'Spanish', spa: 'Spanish', pt: 'Portuguese', por: 'Portuguese', it: 'Italian', ita: 'Italian', ja: 'Japanese', jpn: 'Japanese',
  tr: 'Turkish', tur: 'Turkish', ar: 'Arabic', ara: 'Arabic', sv: 'Swedish', swe: 'Swedish', pl: 'Polish', pol: 'Polish',
};

/** "English (en)" for the reasoning; unknown codes as written. */
function languageName(code: string): string {
  const name = LANGUAGE_NAMES[code.toLowerCase()];
  return name ? `${name} (${code})` : code;
}

interface Point {
  weight: number;
  text: string;
}

const list = (items: string[], max = 4) => {
  const unique = [...new Set(items.filter(Boolean))];
  const shown = unique.slice(0, max).map((s) => `"${s}"`).join(', ');
  return unique.length > max ? `${shown} and ${unique.length - max} more` : shown;
};
const plural = (n: number, word: string) => `${n} ${n === 1 ? word : word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`}`;

function decide(points: Point[]): { value: TriState; score: number } {
  const score = points.reduce((sum, p) => sum + p.weight, 0);
  const anyFor = points.some((p) => p.weight > 0);
  if (score >= 2) return { value: 'true', score };
  if (score <= -2 || (score <= -1 && !anyFor)) return { value: 'false', score };
  return { value: 'unknown', score };
}

const certainty = (value: TriState, score: number) => (value === 'unknown' ? 0.35 : Math.min(0.95, 0.55 + 0.1 * Math.abs(score)));

function explain(label: string, value: TriState, points: Point[], fallback: string): string {
  const word = value === 'true' ? 'yes' : value === 'false' ? 'no' : 'unknown';
  const pro = points.filter((p) => p.weight > 0).map((p) => p.text);
  const contra = points.filter((p) => p.weight < 0).map((p) => p.text);
  const neutral = points.filter((p) => p.weight === 0).map((p) => p.text);
  const parts: string[] = [];
  if (pro.length) parts.push(`For: ${pro.join('; ')}.`);
  if (contra.length) parts.push(`Against: ${contra.join('; ')}.`);
  if (neutral.length) parts.push(`Neutral: ${neutral.join('; ')}.`);
  if (parts.length === 0) parts.push(fallback);
  return `${label}: ${word}. ${parts.join(' ')}`;
}

/** Tracks counted once each (by ISRC, else by title) across deliveries. */
function distinctTracks(evidence: ScreeningEvidence): TrackEvidence[] {
  const read = evidence.deliveries.filter((d) => d.reread);
  const all = read.length > 0 ? read.flatMap((d) => d.tracks) : evidence.catalogueTracks;
  const seen = new Map<string, TrackEvidence>();
  for (const track of all) {
    const key = track.isrc ? `isrc:${track.isrc}` : `title:${track.title.toLowerCase()}:${track.languages.join(',')}`;
    if (!seen.has(key)) seen.set(key, track);
  }
  return [...seen.values()];
}

export function defaultScreener(evidence: ScreeningEvidence): ScreeningVerdict {
  const deliveries = evidence.deliveries;
  const tracks = distinctTracks(evidence);
  const releaseTitles = deliveries.map((d) => d.releaseTitle ?? '').filter(Boolean);
  const titles = [...releaseTitles, ...tracks.map((t) => t.title)].filter(Boolean);

  // Languages of performance, per track: the first decisive class wins for a multi-language track.
  const counts = { dutch: 0, regional: 0, neutral: 0, other: 0, instrumental: 0, untagged: 0 };
  const otherCodes: string[] = [];
  const neutralCodes: string[] = [];
  const regionalCodes: string[] = [];
  for (const track of tracks) {
    const classes = track.languages.map((code) => ({ code: primaryLanguage(code), cls: classifyLanguage(code) }));
    if (classes.some((c) => c.cls === 'dutch')) counts.dutch++;
    else if (classes.some((c) => c.cls === 'benelux_regional')) {
      counts.regional++;
      regionalCodes.push(...classes.filter((c) => c.cls === 'benelux_regional').map((c) => c.code));
    } else if (classes.some((c) => c.cls === 'neutral_benelux')) {
      counts.neutral++;
      neutralCodes.push(...classes.filter((c) => c.cls === 'neutral_benelux').map((c) => c.code));
    } else if (classes.some((c) => c.cls === 'other')) {
      counts.other++;
      otherCodes.push(...classes.filter((c) => c.cls === 'other').map((c) => c.code));
    } else if (classes.some((c) => c.cls === 'instrumental')) counts.instrumental++;
    else counts.untagged++;
  }
  const sung = counts.dutch + counts.regional + counts.neutral + counts.other;
  const codes = (xs: string[]) => [...new Set(xs)].map(languageName).join(', ');
  const dutchShare = sung > 0 ? counts.dutch / sung : 0;
  const singsDutch = counts.dutch > 0 && (dutchShare >= 0.25 || counts.dutch >= 3);

  const dutchTitles = titles.filter(titleIsDutch);
  const titlesMostlyDutch = dutchTitles.length >= 2 && dutchTitles.length >= 0.4 * titles.length;
  const places = [...new Set(titles.map(beneluxPlaceIn).filter((p): p is string => !!p))];
  const genres = deliveries.map((d) => d.genre).filter((g): g is string => !!g);
  const instrumentalGenre = genres.length > 0 && genres.every(isUsuallyInstrumentalGenre);

  // ---- performs in Dutch
  const dutchPoints: Point[] = [];
  let dutchValue: TriState;
  let dutchCertainty: number;
  if (sung > 0) {
    if (singsDutch) {
      dutchValue = 'true';
      dutchPoints.push({ weight: 2, text: `LanguageOfPerformance is Dutch (nl) on ${counts.dutch} of ${plural(sung, 'track')} with a sung language` });
    } else {
      dutchValue = 'false';
      const langs = codes([...otherCodes, ...neutralCodes, ...regionalCodes]);
      dutchPoints.push({
        weight: -2,
        text: `LanguageOfPerformance is ${langs || 'not Dutch'} on ${sung - counts.dutch} of ${plural(sung, 'track')}${counts.dutch ? ` (Dutch on only ${counts.dutch})` : ''}`,
      });
    }
    dutchCertainty = sung >= 3 ? 0.9 : 0.75;
  } else if (counts.instrumental > 0) {
    dutchValue = 'false';
    dutchPoints.push({ weight: -2, text: `the tracks are marked as having no lyrics (LanguageOfPerformance zxx, ${plural(counts.instrumental, 'track')})` });
    dutchCertainty = 0.85;
  } else if (titlesMostlyDutch && !instrumentalGenre) {
    dutchValue = 'true';
    dutchPoints.push({ weight: 1, text: `no track gives a LanguageOfPerformance, but the titles are Dutch (${list(dutchTitles)})` });
    dutchCertainty = 0.55;
  } else {
    dutchValue = 'unknown';
    if (tracks.length > 0) {
      dutchPoints.push({
        weight: 0,
        text: `no track gives a LanguageOfPerformance${instrumentalGenre ? ` and the genre (${list(genres, 2)}) is usually instrumental` : ''}`,
      });
    }
    dutchCertainty = 0.35;
  }

  // ---- Benelux roots
  const rootPoints: Point[] = [];
  if (singsDutch) rootPoints.push({ weight: 2, text: `sings in Dutch (${counts.dutch} of ${plural(sung, 'track')})` });
  else if (counts.regional > 0) rootPoints.push({ weight: 2, text: `sings in a regional language of the Benelux (${codes(regionalCodes)})` });
  else if (sung > 0 && counts.other === sung) rootPoints.push({ weight: -1, text: `sings only in ${codes(otherCodes)}, not in a language of the Benelux` });
  else if (counts.neutral > 0 && counts.dutch === 0) {
    rootPoints.push({ weight: 0, text: `sings in ${codes(neutralCodes)}, also a language of Belgium and Luxembourg` });
  }

  const isrcs = [...new Set([...tracks.map((t) => t.isrc), ...deliveries.flatMap((d) => d.isrcs)].filter((x): x is string => !!x))];
  const countries = isrcs.map(isrcCountry).filter((c): c is string => !!c);
  const beneluxIsrcs = countries.filter((c) => BENELUX_TERRITORIES.has(c)).length;
  const upcOrigins = deliveries.map((d) => ({ title: d.releaseTitle, origin: gs1Origin(d.upc) })).filter((u) => u.origin !== null);
  const beneluxUpcs = upcOrigins.filter((u) => u.origin === 'NL' || u.origin === 'BE/LU');
  if (countries.length > 0 && beneluxIsrcs >= countries.length / 2) {
    const byCountry = [...new Set(countries.filter((c) => BENELUX_TERRITORIES.has(c)))].join(', ');
    rootPoints.push({ weight: 1, text: `ISRCs registered in ${byCountry} (${beneluxIsrcs} of ${countries.length})` });
  } else if (beneluxUpcs.length > 0) {
    rootPoints.push({ weight: 1, text: `UPC with a ${beneluxUpcs[0]!.origin === 'NL' ? 'Dutch' : 'Belgian/Luxembourg'} GS1 prefix (${beneluxUpcs.length} of ${upcOrigins.length} releases)` });
  } else if (countries.length > 0) {
    const foreign = [...new Set(countries.filter((c) => !BENELUX_TERRITORIES.has(c)))].join(', ');
    rootPoints.push({ weight: -1, text: `ISRCs registered outside the Benelux (${foreign})` });
  }

  const beneluxPartners = evidence.partners.filter((p) => p.files >= 3 && p.beneluxRegistered >= 0.6 * p.files);
  const labels = [...new Set(deliveries.map((d) => d.label).filter((l): l is string => !!l))];
  const dutchLabels = labels.filter((l) => titleIsDutch(l) || beneluxPlaceIn(l) !== null);
  if (beneluxPartners.length > 0) {
    const p = beneluxPartners[0]!;
    rootPoints.push({ weight: 1, text: `partner ${p.name} delivers mostly Benelux-registered releases (${p.beneluxRegistered} of ${plural(p.files, 'file')})` });
  } else if (dutchLabels.length > 0) {
    rootPoints.push({ weight: 1, text: `label with a Dutch/Benelux name (${list(dutchLabels, 2)})` });
  } else if (evidence.partners.length > 0) {
    const p = evidence.partners[0]!;
    rootPoints.push({ weight: 0, text: `partner ${p.name} is not a Benelux partner (${p.beneluxRegistered} of ${plural(p.files, 'file')} Benelux-registered)` });
  }

  const nameFound = nameCues(evidence.artistName);
  if (nameFound.length > 0) rootPoints.push({ weight: 1, text: `name: ${nameFound.map((c) => c.text).join(', ')}` });
  if (places.length > 0) rootPoints.push({ weight: 1, text: `titles name Benelux places (${list(places)})` });
  else if (titlesMostlyDutch && !singsDutch) rootPoints.push({ weight: 1, text: `titles are Dutch (${list(dutchTitles)})` });

  const roots = decide(rootPoints);

  // ---- Benelux audience
  const audiencePoints: Point[] = [];
  const targeted = deliveries.filter(
    (d) => d.territories.length > 0 && !d.territories.includes('Worldwide') && d.territories.length <= 8,
  );
  const targetedBenelux = targeted.filter((d) => d.territories.some((t) => BENELUX_TERRITORIES.has(t)));
  const notInBenelux = deliveries.filter(
    (d) =>
      d.territories.length > 0 &&
      ((!d.territories.includes('Worldwide') && !d.territories.some((t) => BENELUX_TERRITORIES.has(t))) ||
        [...BENELUX_TERRITORIES].every((t) => d.excludedTerritories.includes(t))),
  );
  const worldwide = deliveries.filter((d) => d.territories.includes('Worldwide'));
  if (targetedBenelux.length > 0) {
    const codesSeen = [...new Set(targetedBenelux.flatMap((d) => d.territories))].sort().join(', ');
    audiencePoints.push({ weight: 2, text: `deals target ${codesSeen} (${list(targetedBenelux.map((d) => d.releaseTitle ?? d.path), 3)})` });
  } else if (notInBenelux.length > 0 && notInBenelux.length === deliveries.filter((d) => d.territories.length > 0).length) {
    const codesSeen = [...new Set(notInBenelux.flatMap((d) => d.territories))].sort().join(', ');
    audiencePoints.push({ weight: -2, text: `no deal covers the Benelux (territories ${codesSeen})` });
  } else if (worldwide.length > 0) {
    audiencePoints.push({ weight: 0, text: 'released worldwide, which reaches the Benelux without targeting it' });
  }
  if (singsDutch) audiencePoints.push({ weight: 1, text: 'Dutch-language repertoire, whose audience is in the Netherlands and Flanders' });
  if (roots.value === 'true') audiencePoints.push({ weight: 1, text: 'Benelux roots give a home audience' });
  else if (roots.value === 'false') audiencePoints.push({ weight: -1, text: 'no Benelux roots' });
  const audience = decide(audiencePoints);

  const read = deliveries.filter((d) => d.reread).length;
  const volume = deliveries.length === 0 ? 0.5 : read === 0 && evidence.catalogueTracks.length === 0 ? 0.8 : 1;
  const confidence = Math.round(((certainty(roots.value, roots.score) + dutchCertainty + certainty(audience.value, audience.score)) / 3) * volume * 100) / 100;

  const unread = deliveries.filter((d) => !d.reread);
  const evidenceLine =
    deliveries.length === 0
      ? 'Evidence: no delivery of this artist was found; nothing to decide from.'
      : `Evidence: ${plural(deliveries.length, 'delivery')} (${list(releaseTitles, 5)}), ${read} re-read from the source` +
        (unread.length > 0 ? `; not re-read: ${unread.map((d) => `${d.path} (${d.readProblem ?? 'unreadable'})`).join('; ')}` : '') +
        (read === 0 && evidence.catalogueTracks.length > 0 ? `; languages from ${plural(evidence.catalogueTracks.length, 'imported track')}` : '') +
        '.';

  const reasoning = [
    explain('Benelux roots', roots.value, rootPoints, 'No evidence either way.'),
    explain('Performs in Dutch', dutchValue, dutchPoints, 'No track says which language is sung.'),
    explain('Benelux audience', audience.value, audiencePoints, 'No territory, language or roots evidence.'),
    evidenceLine,
  ].join('\n');

  return {
    beneluxRoots: roots.value,
    performsInDutch: dutchValue,
    beneluxAudience: audience.value,
    confidence: Math.min(1, Math.max(0, confidence)),
    reasoning,
    source: 'heuristic',
  };
}

// ---- the LLM screener -----------------------------------------------------------------------

export class LlmScreeningError extends Error {}

const triState = z.enum(['true', 'false', 'unknown']);
const llmAnswer = z.object({
  benelux_roots: triState,
  performs_in_dutch: triState,
  benelux_audience: triState,
  confidence: z.number().min(0).max(1),
  reasoning: z.string().min(1),
});

const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['benelux_roots', 'performs_in_dutch', 'benelux_audience', 'confidence', 'reasoning'],
  properties: {
    benelux_roots: { type: 'string', enum: ['true', 'false', 'unknown'], description: 'Is the artist from the Netherlands, Belgium or Luxembourg?' },
    performs_in_dutch: { type: 'string', enum: ['true', 'false', 'unknown'], description: 'Does the artist perform (sing/rap) in Dutch or Flemish?' },
    benelux_audience: { type: 'string', enum: ['true', 'false', 'unknown'], description: 'Does the artist have or target an audience in the Benelux?' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    reasoning: { type: 'string', description: 'Which evidence led to which criterion, in a few sentences.' },
  },
} as const;

const SYSTEM_PROMPT = [
  'You screen music artists for a Benelux (Netherlands, Belgium, Luxembourg) music distributor.',
  'Decide three criteria, each "true", "false" or "unknown": benelux_roots (the artist is from the Benelux),',
  'performs_in_dutch (the artist sings or raps in Dutch/Flemish), benelux_audience (the artist has or targets an audience in the Benelux).',
  'Use only the evidence given (DDEX deliveries: LanguageOfPerformance codes, titles, labels, partners, deal territories, ISRC/UPC registration).',
  'Answer "unknown" rather than guess. Give a confidence between 0 and 1 and reasoning that names the evidence behind each criterion.',
  'Answer with the JSON object only.',
].join(' ');

/** The evidence as the model reads it: compact, no internal ids. */
function promptEvidence(evidence: ScreeningEvidence) {
  return {
    artist: evidence.artistName,
    deliveries: evidence.deliveries.map((d) => ({
      release: d.releaseTitle,
      partner: d.partnerName,
      label: d.label,
      genre: d.genre,
      upc: d.upc,
      deal_territories: d.territories,
      excluded_territories: d.excludedTerritories,
      tracks: d.tracks.slice(0, 30).map((t) => ({ title: t.title, isrc: t.isrc, language_of_performance: t.languages })),
    })),
    imported_tracks: evidence.deliveries.some((d) => d.reread)
      ? []
      : evidence.catalogueTracks.slice(0, 30).map((t) => ({ title: t.title, isrc: t.isrc, language_of_performance: t.languages })),
    partners: evidence.partners.map((p) => ({ name: p.name, files: p.files, benelux_registered_files: p.beneluxRegistered })),
  };
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof LlmScreeningError) return error.message;
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `the endpoint did not answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return `could not reach the endpoint (${cause ?? e?.message ?? String(error)})`;
}

async function postChat(url: string, apiKey: string | null, body: unknown, timeoutMs: number): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
}

/** Reads the model's JSON, tolerating a ```json fence around it. */
function parseAnswer(content: unknown): z.infer<typeof llmAnswer> {
  if (typeof content !== 'string' || content.trim() === '') throw new LlmScreeningError('the answer had no message content');
  const text = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LlmScreeningError(`the answer was not JSON (${JSON.stringify(text.slice(0, 80))})`);
  }
  const parsed = llmAnswer.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmScreeningError(`the answer did not have the fields asked for (${issue?.path.join('.') || 'answer'}: ${issue?.message})`);
  }
  return parsed.data;
}

export async function llmScreener(
  llm: NonNullable<AppConfig['llm']>,
  evidence: ScreeningEvidence,
  opts: { timeoutMs?: number } = {},
): Promise<ScreeningVerdict> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const url = `${llm.baseUrl.replace(/\/$/, '')}/chat/completions`;
  const messages = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Screen this artist from its deliveries:\n${JSON.stringify(promptEvidence(evidence))}` },
  ];
  const base = { model: llm.model, temperature: 0, messages };
  let response = await postChat(url, llm.apiKey, { ...base, response_format: { type: 'json_schema', json_schema: { name: 'artist_screening', strict: true, schema: ANSWER_SCHEMA } } }, timeoutMs);
  if (response.status === 400) {
    // Endpoints without JSON-schema support refuse response_format; JSON mode is widely supported.
    const text = await response.text().catch(() => '');
    if (/response_format|json_schema/i.test(text)) {
      response = await postChat(url, llm.apiKey, { ...base, response_format: { type: 'json_object' } }, timeoutMs);
    } else {
      throw new LlmScreeningError(`the endpoint answered HTTP 400${text ? ` (${text.slice(0, 120)})` : ''}`);
    }
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new LlmScreeningError(`the endpoint answered HTTP ${response.status}${text ? ` (${text.slice(0, 120)})` : ''}`);
  }
  let payload: { choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }> };
  try {
    payload = (await response.json()) as typeof payload;
  } catch {
    throw new LlmScreeningError('the endpoint answered with something that is not JSON');
  }
  const message = payload?.choices?.[0]?.message;
  if (typeof message?.refusal === 'string' && message.refusal) throw new LlmScreeningError(`the model refused: ${message.refusal.slice(0, 120)}`);
  const answer = parseAnswer(message?.content);
  return {
    beneluxRoots: answer.benelux_roots,
    performsInDutch: answer.performs_in_dutch,
    beneluxAudience: answer.benelux_audience,
    confidence: Math.round(answer.confidence * 100) / 100,
    reasoning: `${answer.reasoning.trim()}\nAssessed by ${llm.model}.`,
    source: 'llm',
  };
}

// ---- screening one artist --------------------------------------------------------------------

export interface ScreenOptions {
  /** Bound on one chat-completions call; overrides LLM_TIMEOUT_SECONDS (default 30 s). */
  llmTimeoutMs?: number;
}

/** Screens one artist and stores the verdict; null when the artist does not exist. */
export async function screenArtist(deps: ScreeningDeps, artistId: string, opts: ScreenOptions = {}): Promise<ScreeningVerdict | null> {
  const gathered = await gatherEvidence(deps, artistId);
  if (!gathered) return null;
  const { evidence } = gathered;
  let verdict: ScreeningVerdict;
  const llm = deps.config.llm;
  if (llm) {
    const timeoutMs = opts.llmTimeoutMs ?? llm.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
    try {
      verdict = await llmScreener(llm, evidence, { timeoutMs });
    } catch (error) {
      const why = describeFailure(error, timeoutMs);
      deps.logger.warn({ artistId, err: error }, `LLM screening failed: ${why}`);
      const fallback = defaultScreener(evidence);
      verdict = {
        ...fallback,
        source: 'heuristic_fallback',
        reasoning: `AI screening with ${llm.model} failed: ${why}. The built-in screener decided instead.\n${fallback.reasoning}`,
      };
    }
  } else {
    verdict = defaultScreener(evidence);
  }
  await deps.db.execute(sql`
    UPDATE artist SET benelux_roots = ${verdict.beneluxRoots}, performs_in_dutch = ${verdict.performsInDutch},
           benelux_audience = ${verdict.beneluxAudience}, ai_confidence_score = ${verdict.confidence},
           ai_reasoning = ${verdict.reasoning}, screened_at = now(), screening_source = ${verdict.source}, updated_at = now()
     WHERE id = ${artistId}`);
  return verdict;
}
