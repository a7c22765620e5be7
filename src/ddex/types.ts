// The normalised model of an ERN message, shared by 3.x and 4.x. Every field the importer stores
// has one place here; version differences are resolved by the normaliser, not by callers.

export type MessageKind =
  | 'NewReleaseMessage'
  | 'PurgeReleaseMessage'
  | 'ManifestMessage'
  | 'Acknowledgement'
  | 'other';

export type DdexErrorCode =
  | 'malformed_xml'
  | 'dtd_refused'
  | 'too_large'
  | 'unknown_namespace'
  | 'unresolved_reference'
  | 'not_ern'
  | 'encoding'
  | 'unsupported_message';

export interface DdexError {
  code: DdexErrorCode;
  /** What a person reads in the Error column: names the problem and where it is. */
  message: string;
  line?: number;
  column?: number;
}

export type ParseResult = { ok: true; message: ErnMessage } | { ok: false; error: DdexError };

export interface ParseOptions {
  /** Refuse inputs above this many bytes (default 200 MB). */
  maxBytes?: number;
  /** Used in messages only. */
  fileName?: string;
  /** "Today" for deciding whether a deal has ended (YYYY-MM-DD); defaults to the current UTC date. */
  today?: string;
}

export interface PartyRef {
  /** 4.x PartyReference; null for 3.x inline parties. */
  reference: string | null;
  name: string | null;
  partyIds: string[];
  isni: string | null;
  ipi: string | null;
  proprietaryIds: ProprietaryId[];
  /** Names in other languages/scripts, e.g. { "ja-Jpan": "しゅうさえこ" }. */
  namesByLanguage: Record<string, string>;
}

export interface MessageParty {
  partyId: string | null;
  name: string | null;
}

export interface MessageHeader {
  messageId: string | null;
  threadId: string | null;
  sender: MessageParty;
  sentOnBehalfOf: MessageParty | null;
  recipients: MessageParty[];
  /** ISO 8601 in UTC (a time without zone is read as UTC); null when absent or unreadable. */
  createdAt: string | null;
  /** As written in the message. */
  createdAtRaw: string | null;
  controlType: string | null;
  /** 3.x OriginalMessage | UpdateMessage; null in 4.x (removed from the standard). */
  updateIndicator: string | null;
}

export interface ProprietaryId {
  namespace: string | null;
  value: string;
}

export interface DisplayArtist {
  name: string | null;
  role: string | null;
  sequence: number | null;
  partyId: string | null;
  /** 4.x ArtistPartyReference. */
  partyReference: string | null;
}

export interface Contributor {
  name: string | null;
  role: string | null;
  /** false for indirect contributors (composers, lyricists of the work). */
  direct: boolean;
  instrument: string | null;
  sequence: number | null;
  partyId: string | null;
  partyReference: string | null;
}

export interface RightsController {
  name: string | null;
  partyId: string | null;
  partyReference: string | null;
  role: string | null;
  rightSharePercentage: number | null;
  territories: string[];
}

export interface Line {
  year: number | null;
  text: string | null;
}

export interface Genre {
  genre: string | null;
  subGenre: string | null;
}

/** A value that differs by territory: 3.x ...DetailsByTerritory or 4.x ApplicableTerritoryCode. */
export interface TerritoryVariant {
  territories: string[];
  excludedTerritories: string[];
  title: string | null;
  subtitle: string | null;
  displayArtistName: string | null;
  displayArtists: DisplayArtist[];
  label: string | null;
  genre: string | null;
  subGenre: string | null;
  parentalWarning: string | null;
  releaseDate: string | null;
}

export interface ReleaseIdentifiers {
  icpn: string | null;
  upc: string | null;
  ean: string | null;
  grid: string | null;
  isrc: string | null;
  catalogNumber: string | null;
  proprietary: ProprietaryId[];
}

export interface TrackListEntry {
  resourceReference: string;
  discNumber: number;
  trackNumber: number;
  /** Position in the whole release, 1-based. */
  sequence: number;
  /** Title of the group (disc/component) holding the track, when the message gives one. */
  groupTitle: string | null;
}

export interface Release {
  reference: string;
  isMain: boolean;
  isTrackRelease: boolean;
  /** Album, Single, EP, VideoSingle, TrackRelease...; the UserDefinedValue when the type is UserDefined. */
  type: string | null;
  /** The ReleaseType as written (e.g. "UserDefined"). */
  declaredType: string | null;
  identifiers: ReleaseIdentifiers;
  title: string | null;
  subtitle: string | null;
  displayArtistName: string | null;
  displayArtists: DisplayArtist[];
  label: string | null;
  genre: string | null;
  subGenre: string | null;
  parentalWarning: string | null;
  pLine: Line | null;
  cLine: Line | null;
  /** YYYY-MM-DD (YYYY and YYYY-MM are completed with -01). */
  releaseDate: string | null;
  originalReleaseDate: string | null;
  /** From ReleaseDisplayStartDate / ReleaseVisibility of this release's deals, else the earliest deal start. */
  displayStartDate: string | null;
  /** The release's Duration, else the sum of its tracks' durations (null when none is known). */
  durationMs: number | null;
  trackList: TrackListEntry[];
  /** Every resource the release names (tracks, cover images, booklets), in message order. */
  resourceReferences: string[];
  /** True when the release is taken down (see docs/ddex-engine.md for the rule). */
  takedown: boolean;
  /** Non-default territory variants, for screens that show them. */
  byTerritory: TerritoryVariant[];
  line: number;
}

export type ResourceKind = 'sound_recording' | 'video' | 'image' | 'text' | 'other';

export interface ResourceIdentifiers {
  isrc: string | null;
  /** ISWC of the underlying work (3.x IndirectSoundRecordingId, 4.x WorkId). */
  iswc: string | null;
  grid: string | null;
  isan: string | null;
  catalogNumber: string | null;
  proprietary: ProprietaryId[];
}

export interface TechnicalDetails {
  reference: string | null;
  codec: string | null;
  bitrateKbps: number | null;
  samplingRateHz: number | null;
  bitsPerSample: number | null;
  channels: number | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  fileSize: number | null;
  durationMs: number | null;
  isPreview: boolean;
}

export interface ResourceFile {
  /** Folder and name joined, relative to the message's folder as written (e.g. "resources/a.flac"). */
  path: string | null;
  /** 4.x URI or 3.x URL as written. */
  uri: string | null;
  hashAlgorithm: string | null;
  hash: string | null;
  size: number | null;
  /** Whether the file travels with this delivery. */
  provided: boolean;
  isPreview: boolean;
  technicalReference: string | null;
}

export interface Resource {
  kind: ResourceKind;
  /** The element's local name (SoundRecording, Video, Image, Text, ...). */
  element: string;
  reference: string;
  /** MusicalWorkSoundRecording, FrontCoverImage...; the UserDefinedValue when UserDefined. */
  type: string | null;
  identifiers: ResourceIdentifiers;
  title: string | null;
  subtitle: string | null;
  displayArtistName: string | null;
  displayArtists: DisplayArtist[];
  contributors: Contributor[];
  durationMs: number | null;
  languagesOfPerformance: string[];
  rightsControllers: RightsController[];
  pLine: Line | null;
  genre: string | null;
  subGenre: string | null;
  parentalWarning: string | null;
  label: string | null;
  technicalDetails: TechnicalDetails[];
  files: ResourceFile[];
  byTerritory: TerritoryVariant[];
  line: number;
}

export interface Deal {
  releaseReference: string;
  dealReference: string | null;
  useTypes: string[];
  commercialModels: string[];
  territoriesIncluded: string[];
  territoriesExcluded: string[];
  /** YYYY-MM-DD or full date-time as written. */
  validFrom: string | null;
  validTo: string | null;
  takedown: boolean;
  /** Ended: validTo before today. */
  ended: boolean;
  priceTier: string | null;
  displayStartDate: string | null;
}

export interface ManifestEntry {
  messageId: string | null;
  messageType: string | null;
  url: string | null;
  releaseIds: string[];
  hash: string | null;
  hashAlgorithm: string | null;
}

export interface ErnMessage {
  kind: MessageKind;
  /** The root element's local name, e.g. NewReleaseMessage or FtpAcknowledgementMessage. */
  rootElement: string;
  /** "3.8.2", "4.3"; null for choreography messages. */
  ernVersion: string | null;
  /** 3 or 4; null for choreography messages. */
  family: 3 | 4 | null;
  namespace: string | null;
  header: MessageHeader;
  parties: PartyRef[];
  releases: Release[];
  resources: Resource[];
  deals: Deal[];
  /** Index into releases, or -1 when the message has no release. */
  mainReleaseIndex: number;
  mainRelease: Release | null;
  isTakedown: boolean;
  /** No file is provided with this delivery (a metadata-only update). */
  isMetadataOnly: boolean;
  /** The message has no DealList (3.x: deals not restated; 4.x: every release is taken down). */
  dealListAbsent: boolean;
  /** Releases named by a PurgeReleaseMessage. */
  purgedReleaseIds: ReleaseIdentifiers[];
  /** ManifestMessage (BatchComplete) content. */
  manifest: { numberOfMessages: number | null; messages: ManifestEntry[] } | null;
}

/** One line of `npm run ddex -- summary`: exactly these fields, null where the message has none. */
export interface Summary {
  file: string | null;
  messageType: string | null;
  ernVersion: string | null;
  messageId: string | null;
  messageThreadId: string | null;
  messageCreatedAt: string | null;
  senderName: string | null;
  senderPartyId: string | null;
  controlType: string | null;
  releaseType: string | null;
  releaseTitle: string | null;
  artistName: string | null;
  upc: string | null;
  grid: string | null;
  catalogNumber: string | null;
  label: string | null;
  releaseDate: string | null;
  trackCount: number | null;
  isrcs: string[] | null;
  isrc: string | null;
  durationMs: number | null;
  territories: string[] | null;
  takedown: boolean | null;
  error: string | null;
}

export interface ValidationFinding {
  severity: 'error' | 'warning';
  line: number | null;
  column?: number | null;
  message: string;
  /** 'xml' for refusals, 'structure' for our checks, 'xsd' for schema errors. */
  source: 'xml' | 'structure' | 'xsd';
}
