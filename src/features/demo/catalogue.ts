/**
 * The demo data set: three fictional partners and the releases they deliver. All names are
 * invented. The mix is chosen to give artist screening something to decide: Dutch-language
 * artists on Dutch labels, Flemish artists, Benelux artists who sing in English or French,
 * instrumentals, and clearly international artists on an aggregator.
 */
import type { CommercialModel, ErnReleaseType, ErnVersion, UseType } from './ern-writer';

export type DeliveryLayout = 'batch' | 'release-by-release';
export type ArtistOrigin = 'NL' | 'BE' | 'INT';

export interface DemoPartnerSeed {
  /** Folder at the root of the demo source. */
  folder: string;
  name: string;
  partyId: string;
  kind: 'label' | 'aggregator';
  country: string;
  description: string;
  /** GS1 company prefix the partner's UPCs start with. */
  upcPrefix: string;
  isrcCountry: string;
  isrcRegistrant: string;
  catalogPrefix: string;
  /** 5-character GRid issuer code, for partners that send GRids. */
  gridIssuer?: string;
}

export interface DemoArtistSeed {
  name: string;
  origin: ArtistOrigin;
  writers: string[];
  producer: string;
}

export interface DemoTrackSeed {
  title: string;
  version?: string;
  featuring?: string;
}

export interface DemoReleaseSeed {
  key: string;
  partner: string;
  artist: string;
  title: string;
  type: ErnReleaseType;
  label: string;
  genre: string;
  subGenre?: string;
  /** ISO 639 code of the vocals; undefined for instrumentals. */
  language?: string;
  explicit?: boolean;
  releaseDate: string;
  originalReleaseDate?: string;
  territories: string[];
  ernVersion: ErnVersion;
  layout: DeliveryLayout;
  /** Key of the batch this release travels in (batch layout only). */
  batch?: string;
  /** How many days before `now` the partner delivered it (release-by-release layout). */
  deliveredDaysAgo?: number;
  tracks: DemoTrackSeed[];
}

export interface DemoBatchSeed {
  key: string;
  partner: string;
  /** Minutes before `now` the batch was started; the incomplete batch is minutes old. */
  startedMinutesAgo: number;
  /** False for the batch whose BatchComplete manifest has not arrived. */
  complete: boolean;
}

export const DEMO_RECIPIENT = { partyId: 'PADPIDA2024011501R', name: 'Backoffice Demo Distribution B.V.' };

export const DEMO_PARTNERS: DemoPartnerSeed[] = [
  {
    folder: 'dijkstra-platen',
    name: 'Dijkstra Platen',
    partyId: 'PADPIDA2018050301K',
    kind: 'label',
    country: 'NL',
    description: 'Dutch indie label from Utrecht; ERN 3.8.2, release by release',
    upcPrefix: '87201934',
    isrcCountry: 'NL',
    isrcRegistrant: 'D7K',
    catalogPrefix: 'DKP',
  },
  {
    folder: 'schelde-sound',
    name: 'Schelde Sound',
    partyId: 'PADPIDA2016112201B',
    kind: 'label',
    country: 'BE',
    description: 'Flemish label from Antwerp; ERN 4.3 in batches closed by a BatchComplete manifest',
    upcPrefix: '54105872',
    isrcCountry: 'BE',
    isrcRegistrant: 'S3L',
    catalogPrefix: 'SCH',
    gridIssuer: 'SCHL5',
  },
  {
    folder: 'northwind-digital',
    name: 'Northwind Digital Distribution',
    partyId: 'PADPIDA2012090701N',
    kind: 'aggregator',
    country: 'GB',
    description: 'International aggregator; ERN 3.8.2 batches and ERN 4.3 release by release',
    upcPrefix: '0196427',
    isrcCountry: 'GB',
    isrcRegistrant: 'K9N',
    catalogPrefix: 'NWD',
    gridIssuer: 'NWDD1',
  },
];

export const DEMO_ARTISTS: DemoArtistSeed[] = [
  { name: 'Sanne Verhoef', origin: 'NL', writers: ['Sanne Verhoef', 'Kees Blom'], producer: 'Ruud Smit' },
  { name: 'De Kromme Sloot', origin: 'NL', writers: ['Henk Zwart', 'Pieter de Boer'], producer: 'Ruud Smit' },
  { name: 'Mees Hoogland', origin: 'NL', writers: ['Mees Hoogland', 'Yassine El Amrani'], producer: 'DJ Grachtengordel' },
  { name: 'Fenna Kuipers', origin: 'NL', writers: ['Fenna Kuipers'], producer: 'Fenna Kuipers' },
  { name: 'Teun Harmsen', origin: 'NL', writers: ['Teun Harmsen', 'Marloes Vink'], producer: 'Joris van Dalen' },
  { name: 'The Dune Collective', origin: 'NL', writers: ['Daan Visser', 'Eline Koster'], producer: 'Joris van Dalen' },
  { name: 'Lien Vermeersch', origin: 'BE', writers: ['Lien Vermeersch', 'Koen Maes'], producer: 'Jef Van Acker' },
  { name: 'Het Zuiderkwartet', origin: 'BE', writers: ['Ward Janssens'], producer: 'Jef Van Acker' },
  { name: 'Wout Declercq', origin: 'BE', writers: ['Wout Declercq'], producer: 'Sofie Wouters' },
  { name: 'Amélie Claes', origin: 'BE', writers: ['Amélie Claes', 'Luc Dubois'], producer: 'Sofie Wouters' },
  { name: 'Bram Goossens', origin: 'BE', writers: ['Bram Goossens'], producer: 'Bram Goossens' },
  { name: 'Nora Peeters', origin: 'BE', writers: ['Nora Peeters', 'Koen Maes'], producer: 'Jef Van Acker' },
  { name: 'Staf De Wilde', origin: 'BE', writers: ['Staf De Wilde'], producer: 'Sofie Wouters' },
  { name: 'Ivy Calder', origin: 'INT', writers: ['Ivy Calder', 'Tom Ashworth'], producer: 'Marcus Lane' },
  { name: 'Kaito Morishima', origin: 'INT', writers: ['Kaito Morishima'], producer: 'Kaito Morishima' },
  { name: 'Rio Estrada', origin: 'INT', writers: ['Rio Estrada', 'Lucía Moreno'], producer: 'Diego Salas' },
  { name: 'The Paper Lanterns', origin: 'INT', writers: ['Callum Reid', 'Aoife Byrne'], producer: 'Marcus Lane' },
  { name: 'Celeste Marlowe', origin: 'INT', writers: ['Celeste Marlowe', 'Andre Hollis'], producer: 'Andre Hollis' },
  { name: 'Jesse Bakker', origin: 'NL', writers: ['Jesse Bakker'], producer: 'Marcus Lane' },
  { name: 'Okoro Sound System', origin: 'INT', writers: ['Chidi Okoro', 'Ana Ferreira'], producer: 'Chidi Okoro' },
  { name: 'Mila Novak', origin: 'INT', writers: ['Mila Novak'], producer: 'Mila Novak' },
  { name: 'Freya Lindqvist', origin: 'INT', writers: ['Freya Lindqvist', 'Nils Berg'], producer: 'Nils Berg' },
];

const BENELUX = ['NL', 'BE', 'LU'];
const WORLDWIDE = ['Worldwide'];

export const DEMO_STREAM_AND_DOWNLOAD: { commercialModels: CommercialModel[]; useTypes: UseType[] }[] = [
  { commercialModels: ['SubscriptionModel', 'AdvertisementSupportedModel'], useTypes: ['OnDemandStream', 'NonInteractiveStream'] },
  { commercialModels: ['PayAsYouGoModel'], useTypes: ['PermanentDownload'] },
];

export const DEMO_BATCHES: DemoBatchSeed[] = [
  { key: 'schelde-1', partner: 'schelde-sound', startedMinutesAgo: 60 * 24 * 41 + 75, complete: true },
  { key: 'schelde-2', partner: 'schelde-sound', startedMinutesAgo: 60 * 24 * 19 + 20, complete: true },
  { key: 'schelde-3', partner: 'schelde-sound', startedMinutesAgo: 7, complete: false },
  { key: 'northwind-1', partner: 'northwind-digital', startedMinutesAgo: 60 * 24 * 33 + 310, complete: true },
  { key: 'northwind-2', partner: 'northwind-digital', startedMinutesAgo: 60 * 24 * 12 + 45, complete: true },
];

const t = (title: string, version?: string, featuring?: string): DemoTrackSeed => ({ title, version, featuring });
const titles = (...names: string[]) => names.map((name) => t(name));

export const DEMO_RELEASES: DemoReleaseSeed[] = [
  // --- Dijkstra Platen (NL), ERN 3.8.2, release by release ---
  {
    key: 'zomer-aan-zee', partner: 'dijkstra-platen', artist: 'Sanne Verhoef', title: 'Zomer aan Zee', type: 'Album',
    label: 'Dijkstra Platen', genre: 'Pop', subGenre: 'Nederpop', language: 'nl', releaseDate: '2025-06-13',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 52,
    tracks: titles('Zomer aan Zee', 'Blote Voeten', 'Zoutwater', 'Jij en Ik en de Noordzee', 'Strandpaviljoen', 'Golven', 'Laatste Veerboot', 'Tot Morgen'),
  },
  {
    key: 'lichtjes-in-de-stad', partner: 'dijkstra-platen', artist: 'Sanne Verhoef', title: 'Lichtjes in de Stad', type: 'Single',
    label: 'Dijkstra Platen', genre: 'Pop', subGenre: 'Nederpop', language: 'nl', releaseDate: '2025-11-28',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 30,
    tracks: [t('Lichtjes in de Stad'), t('Lichtjes in de Stad', 'Akoestisch')],
  },
  {
    key: 'waar-de-wind-waait', partner: 'dijkstra-platen', artist: 'Sanne Verhoef', title: 'Waar de Wind Waait', type: 'EP',
    label: 'Dijkstra Platen', genre: 'Pop', subGenre: 'Nederpop', language: 'nl', releaseDate: '2026-02-06',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 16,
    tracks: [t('Waar de Wind Waait'), t('Fietsen in de Regen'), t("Oude Foto's"), t('Thuiskomen', undefined, 'Teun Harmsen')],
  },
  {
    key: 'polderblues', partner: 'dijkstra-platen', artist: 'De Kromme Sloot', title: 'Polderblues', type: 'Album',
    label: 'Dijkstra Platen', genre: 'Rock', subGenre: 'Nederrock', language: 'nl', releaseDate: '2025-09-19',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 47,
    tracks: titles('Polderblues', 'Dijkgraaf Blues', 'Klompen op het Asfalt', 'Molenwiek', 'Kwelder', 'Boerenzoon', 'Laag Water'),
  },
  {
    key: 'veenbrand', partner: 'dijkstra-platen', artist: 'De Kromme Sloot', title: 'Veenbrand', type: 'Single',
    label: 'Dijkstra Platen', genre: 'Rock', subGenre: 'Nederrock', language: 'nl', releaseDate: '2025-10-24',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 44,
    tracks: titles('Veenbrand'),
  },
  {
    key: 'straatwerk', partner: 'dijkstra-platen', artist: 'Mees Hoogland', title: 'Straatwerk', type: 'EP',
    label: 'Dijkstra Platen', genre: 'Hip-Hop/Rap', subGenre: 'Nederhop', language: 'nl', explicit: true, releaseDate: '2026-01-16',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 25,
    tracks: titles('Straatwerk', 'Nachtbus', 'Geen Tijd', 'Beton & Bloemen', 'Moeders Keuken'),
  },
  {
    key: 'dauw', partner: 'dijkstra-platen', artist: 'Fenna Kuipers', title: 'Dauw', type: 'Single',
    label: 'Dijkstra Platen', genre: 'Classical', subGenre: 'Neo-Classical', releaseDate: '2026-03-06',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 9,
    tracks: titles('Dauw', 'Ochtendmist'),
  },
  {
    key: 'kompas', partner: 'dijkstra-platen', artist: 'Teun Harmsen', title: 'Kompas', type: 'Album',
    label: 'Dijkstra Platen', genre: 'Singer/Songwriter', language: 'nl', releaseDate: '2025-04-04',
    originalReleaseDate: '2019-04-05',
    territories: BENELUX, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 58,
    tracks: titles('Kompas', 'Noorderlicht', 'Rechtdoor', 'Verdwaald in Deventer', 'Handen', 'Het Laatste Lied'),
  },
  {
    key: 'low-tide-lights', partner: 'dijkstra-platen', artist: 'The Dune Collective', title: 'Low Tide Lights', type: 'EP',
    label: 'Dijkstra Platen', genre: 'Alternative', subGenre: 'Indie Rock', language: 'en', releaseDate: '2025-12-12',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'release-by-release', deliveredDaysAgo: 21,
    tracks: titles('Low Tide Lights', 'Scheveningen Sunrise', 'Breakwater', 'Salt in the Static'),
  },

  // --- Schelde Sound (BE), ERN 4.3, batches ---
  {
    key: 'noorderzon', partner: 'schelde-sound', artist: 'Lien Vermeersch', title: 'Noorderzon', type: 'Album',
    label: 'Schelde Sound', genre: 'Pop', subGenre: 'Vlaamse Pop', language: 'nl', releaseDate: '2025-10-03',
    territories: ['BE', 'NL'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-1',
    tracks: titles('Noorderzon', 'Zondagskind', 'Vlaamse Luchten', 'Klaprozen', 'Het Zand van de Schelde', 'Lage Landen', 'Trein naar Brugge', 'Slaap Zacht'),
  },
  {
    key: 'schelde-suite', partner: 'schelde-sound', artist: 'Het Zuiderkwartet', title: 'Schelde Suite', type: 'Album',
    label: 'Schelde Sound', genre: 'Jazz', subGenre: 'Contemporary Jazz', releaseDate: '2025-10-17',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'batch', batch: 'schelde-1',
    tracks: titles('Schelde Suite I: Eb', 'Schelde Suite II: Vloed', 'Schelde Suite III: Mist', 'Kaaien', 'Tolhuis', 'Ruien'),
  },
  {
    key: 'gent-bij-nacht', partner: 'schelde-sound', artist: 'Wout Declercq', title: 'Gent bij Nacht', type: 'EP',
    label: 'Schelde Sound', genre: 'Singer/Songwriter', language: 'nl', releaseDate: '2025-10-31',
    territories: ['BE', 'NL'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-1',
    tracks: titles('Gent bij Nacht', 'Graslei', 'Kotstudent', 'Laatste Tram'),
  },
  {
    key: 'kleine-uren', partner: 'schelde-sound', artist: 'Lien Vermeersch', title: 'Kleine Uren', type: 'Single',
    label: 'Schelde Sound', genre: 'Pop', subGenre: 'Vlaamse Pop', language: 'nl', releaseDate: '2026-01-23',
    territories: ['BE', 'NL'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-2',
    tracks: [t('Kleine Uren'), t('Kleine Uren', 'Radio Edit')],
  },
  {
    key: 'over-de-grens', partner: 'schelde-sound', artist: 'Wout Declercq', title: 'Over de Grens', type: 'Single',
    label: 'Schelde Sound', genre: 'Singer/Songwriter', language: 'nl', releaseDate: '2026-02-13',
    territories: ['BE', 'NL'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-2',
    tracks: titles('Over de Grens'),
  },
  {
    key: 'les-dunes', partner: 'schelde-sound', artist: 'Amélie Claes', title: 'Les Dunes', type: 'EP',
    label: 'Schelde Sound', genre: 'French Pop', language: 'fr', releaseDate: '2026-02-20',
    territories: ['BE', 'FR', 'LU'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-2',
    tracks: titles('Les Dunes', 'Mer du Nord', 'Bruxelles sous la pluie', 'Marée basse'),
  },
  {
    key: 'vrijdagavond', partner: 'schelde-sound', artist: 'Bram Goossens', title: 'Vrijdagavond', type: 'Single',
    label: 'Schelde Sound', genre: 'Dance', subGenre: 'House', language: 'nl', releaseDate: '2026-02-27',
    territories: ['BE', 'NL'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-2',
    tracks: [t('Vrijdagavond'), t('Vrijdagavond', 'Extended Mix')],
  },
  {
    key: 'kanaalweg', partner: 'schelde-sound', artist: 'Nora Peeters', title: 'Kanaalweg', type: 'Album',
    label: 'Schelde Sound', genre: 'Alternative', subGenre: 'Indie Pop', language: 'en', releaseDate: '2026-04-10',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'batch', batch: 'schelde-3',
    tracks: titles('Canal Road', 'Harbour Lights', 'Grey Morning', 'Cobblestones', 'Letters Home', 'Winter Market', 'Kanaalweg'),
  },
  {
    key: 'kermis', partner: 'schelde-sound', artist: 'Staf De Wilde', title: 'Kermis', type: 'Single',
    label: 'Schelde Sound', genre: 'Schlager', language: 'nl', releaseDate: '2026-04-17',
    territories: ['BE', 'NL'], ernVersion: '4.3', layout: 'batch', batch: 'schelde-3',
    tracks: titles('Kermis', "Botsauto's"),
  },

  // --- Northwind Digital Distribution (aggregator): ERN 3.8.2 batches ---
  {
    key: 'paper-satellites', partner: 'northwind-digital', artist: 'Ivy Calder', title: 'Paper Satellites', type: 'Album',
    label: 'Calder Music', genre: 'Pop', subGenre: 'Indie Pop', language: 'en', releaseDate: '2025-11-07',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-1',
    tracks: titles('Paper Satellites', 'Gravity Games', 'Ocean Static', 'Falling Upwards', 'Polaroid Summer', 'Signal Fire', 'Halfway Home', 'Tin Can Telephone', 'Orbit'),
  },
  {
    key: 'glasshouse', partner: 'northwind-digital', artist: 'Ivy Calder', title: 'Glasshouse', type: 'Single',
    label: 'Calder Music', genre: 'Pop', subGenre: 'Indie Pop', language: 'en', releaseDate: '2025-12-05',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-1',
    tracks: [t('Glasshouse'), t('Glasshouse', 'Instrumental')],
  },
  {
    key: 'neon-tide', partner: 'northwind-digital', artist: 'Kaito Morishima', title: 'Neon Tide', type: 'EP',
    label: 'Tidewater Records', genre: 'Electronic', subGenre: 'Downtempo', releaseDate: '2025-11-21',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-1',
    tracks: titles('Neon Tide', 'Shibuya Rain', 'Midnight Ferry', 'Afterglow'),
  },
  {
    key: 'calor-de-medianoche', partner: 'northwind-digital', artist: 'Rio Estrada', title: 'Calor de Medianoche', type: 'Single',
    label: 'Sol y Sombra Music', genre: 'Latin', subGenre: 'Reggaeton', language: 'es', releaseDate: '2025-11-14',
    territories: ['ES', 'MX', 'AR', 'CO', 'US'], ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-1',
    tracks: titles('Calor de Medianoche', 'Bailando Sola'),
  },
  {
    key: 'northern-wires', partner: 'northwind-digital', artist: 'The Paper Lanterns', title: 'Northern Wires', type: 'Album',
    label: 'Lantern House Records', genre: 'Rock', subGenre: 'Indie Rock', language: 'en', releaseDate: '2026-01-30',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-2',
    tracks: titles('Northern Wires', 'Copper Hearts', 'Radio Silence', 'Ghost Town Parade', 'Steel & Smoke', 'Lantern Light', 'Borderlands', 'The Long Drive'),
  },
  {
    key: 'velvet-hours', partner: 'northwind-digital', artist: 'Celeste Marlowe', title: 'Velvet Hours', type: 'EP',
    label: 'Marlowe Sound', genre: 'R&B/Soul', subGenre: 'Contemporary R&B', language: 'en', explicit: true, releaseDate: '2026-02-06',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-2',
    tracks: titles('Velvet Hours', 'Slow Burn', 'Say It Twice', 'Midnight Call', 'Honey & Ice'),
  },
  {
    key: 'binnenstebuiten', partner: 'northwind-digital', artist: 'Jesse Bakker', title: 'Binnenstebuiten', type: 'Single',
    label: 'Jesse Bakker Music', genre: 'Pop', subGenre: 'Nederpop', language: 'nl', releaseDate: '2026-02-13',
    territories: WORLDWIDE, ernVersion: '3.8.2', layout: 'batch', batch: 'northwind-2',
    tracks: titles('Binnenstebuiten', 'Eerlijk Gezegd'),
  },

  // --- Northwind Digital Distribution: ERN 4.3 release by release ---
  {
    key: 'lagos-to-lisbon', partner: 'northwind-digital', artist: 'Okoro Sound System', title: 'Lagos to Lisbon', type: 'Album',
    label: 'Okoro Records', genre: 'World', subGenre: 'Afrobeat', language: 'en', releaseDate: '2026-03-13',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'release-by-release', deliveredDaysAgo: 11,
    tracks: titles('Lagos to Lisbon', 'Highlife Drive', 'Sunday Market', 'Brass & Bass', 'Coastline', 'Palm Wine', 'Homecoming'),
  },
  {
    key: 'glasshouse-remixes', partner: 'northwind-digital', artist: 'Ivy Calder', title: 'Glasshouse (Remixes)', type: 'EP',
    label: 'Calder Music', genre: 'Electronic', subGenre: 'Dance Pop', language: 'en', releaseDate: '2026-03-20',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'release-by-release', deliveredDaysAgo: 8,
    tracks: [
      t('Glasshouse', 'Kaito Morishima Remix', 'Kaito Morishima'),
      t('Glasshouse', 'Night Drive Remix'),
      t('Glasshouse', 'Acoustic'),
      t('Glasshouse', 'Club Mix'),
    ],
  },
  {
    key: 'quiet-rooms', partner: 'northwind-digital', artist: 'Mila Novak', title: 'Quiet Rooms', type: 'Single',
    label: 'Stillwater Audio', genre: 'Ambient', releaseDate: '2025-12-19',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'release-by-release', deliveredDaysAgo: 38,
    tracks: titles('Quiet Rooms'),
  },
  {
    key: 'ember-and-ash', partner: 'northwind-digital', artist: 'Freya Lindqvist', title: 'Ember & Ash', type: 'EP',
    label: 'Fjord & Pine', genre: 'Folk', subGenre: 'Indie Folk', language: 'en', releaseDate: '2026-03-27',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'release-by-release', deliveredDaysAgo: 4,
    tracks: titles('Ember & Ash', 'Pine Needles', 'River Song', 'Northern Star'),
  },
  {
    key: 'live-in-leeds', partner: 'northwind-digital', artist: 'The Paper Lanterns', title: 'Live in Leeds', type: 'Album',
    label: 'Lantern House Records', genre: 'Rock', subGenre: 'Indie Rock', language: 'en', releaseDate: '2026-04-03',
    territories: WORLDWIDE, ernVersion: '4.3', layout: 'release-by-release', deliveredDaysAgo: 2,
    tracks: [
      t('Northern Wires', 'Live'),
      t('Copper Hearts', 'Live'),
      t('Radio Silence', 'Live'),
      t('Steel & Smoke', 'Live'),
      t('Lantern Light', 'Live'),
      t('The Long Drive', 'Live'),
    ],
  },
];

/** The follow-up deliveries that exercise delivery threads. */
export const DEMO_SCENARIOS = {
  /** Full redelivery with remastered audio for the first tracks (new hashes), the rest unchanged. */
  redelivery: { release: 'zomer-aan-zee', deliveredDaysAgo: 6, remasteredTracks: 3 },
  /** Metadata-only update: a corrected track title and a moved release date, no files. */
  metadataUpdate: {
    release: 'polderblues',
    deliveredDaysAgo: 5,
    trackIndex: 1,
    newTrackTitle: 'De Dijkgraaf Blues',
    newReleaseDate: '2025-09-26',
  },
  /** ERN 3.8.2 takedown: a NewReleaseMessage whose deals say TakeDown. */
  takedownDeal: { release: 'veenbrand', deliveredDaysAgo: 3 },
  /** ERN 4.3 takedown: a PurgeReleaseMessage. */
  purge: { release: 'quiet-rooms', deliveredDaysAgo: 1 },
  /** The delivery whose XML was cut off mid-upload. */
  malformed: { release: 'live-in-leeds' },
} as const;
