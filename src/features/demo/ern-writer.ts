/**
 * A small ERN message writer for ERN 3.8.2 and ERN 4.3, shaped after what partners actually send
 * (FUGA-style 3.8.2 with TrackReleases and TakeDown deals, 4.3 with a PartyList). It writes only
 * the parts the product reads, in the element order the official XSDs require.
 */
import { XmlBuilder } from './xml';
import { isoDuration, xsDateTime } from './ids';

export type ErnVersion = '3.8.2' | '4.3';

export const ERN_NAMESPACES: Record<ErnVersion, string> = {
  '3.8.2': 'http://ddex.net/xml/ern/382',
  '4.3': 'http://ddex.net/xml/ern/43',
};

/** ERN choreography (ERN-C) namespace used for BatchComplete manifests. */
export const ERN_C_NAMESPACE = 'http://ddex.net/xml/ern-c/15';

export interface ErnParty {
  /** DDEX Party Id (DPID), e.g. PADPIDA2019061401D. */
  partyId: string;
  name: string;
}

export type DisplayArtistRole = 'MainArtist' | 'FeaturedArtist';
export type ContributorRole = 'Composer' | 'Lyricist' | 'ComposerLyricist' | 'Producer' | 'Arranger' | 'Mixer';
export type ParentalWarning = 'Explicit' | 'NotExplicit' | 'NoAdviceAvailable';

export interface ErnArtistCredit {
  name: string;
  role: DisplayArtistRole;
}

export interface ErnContributor {
  name: string;
  role: ContributorRole;
}

/** A file of the delivery, referenced relative to the message's folder. */
export interface ErnFileRef {
  /** e.g. "resources/8712345678901_01_001.wav" */
  relativePath: string;
  md5: string;
  sizeBytes: number;
}

export interface ErnAudioFile extends ErnFileRef {
  codec: 'PCM' | 'FLAC' | 'MP3';
  channels: number;
  samplingRateHz: number;
  bitsPerSample: number;
}

export interface ErnImageFile extends ErnFileRef {
  codec: 'JPEG' | 'PNG';
  width: number;
  height: number;
}

export interface ErnTrack {
  isrc: string;
  title: string;
  /** e.g. "Remastered 2024"; appended to the display title in parentheses. */
  version?: string;
  artists: ErnArtistCredit[];
  contributors: ErnContributor[];
  durationSeconds: number;
  /** ISO 639 language code of the vocals, e.g. "nl". Omitted for instrumentals. */
  languageOfPerformance?: string;
  parentalWarning: ParentalWarning;
  pLineYear: number;
  pLineCompany: string;
  /** Absent in metadata-only updates and takedowns. */
  audio?: ErnAudioFile;
}

export type ErnReleaseType = 'Album' | 'EP' | 'Single';

export interface ErnRelease {
  upc: string;
  grid?: string;
  catalogNumber: string;
  title: string;
  releaseType: ErnReleaseType;
  artists: ErnArtistCredit[];
  label: string;
  genre: string;
  subGenre?: string;
  parentalWarning: ParentalWarning;
  pLineYear: number;
  pLineCompany: string;
  cLineYear: number;
  cLineCompany: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  /** YYYY-MM-DD */
  originalReleaseDate: string;
  languageOfPerformance?: string;
  tracks: ErnTrack[];
  /** The front cover file; absent in metadata-only updates and takedowns. */
  cover?: ErnImageFile;
  /**
   * Without a cover file, still describe the cover image resource (no file): what partners do in
   * metadata-only updates so the release keeps pointing at the image delivered before.
   */
  coverWithoutFile?: boolean;
}

export type CommercialModel = 'SubscriptionModel' | 'AdvertisementSupportedModel' | 'PayAsYouGoModel';
export type UseType = 'OnDemandStream' | 'NonInteractiveStream' | 'PermanentDownload' | 'ConditionalDownload' | 'Stream';

export interface ErnDeal {
  /** ISO 3166 codes or "Worldwide". */
  territories: string[];
  commercialModels: CommercialModel[];
  useTypes: UseType[];
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD; a deal whose end date has passed is over. */
  endDate?: string;
  /** ERN 3.8.2 only: a takedown deal (`<TakeDown>true</TakeDown>`) instead of usage terms. */
  takeDown?: boolean;
}

export interface ErnHeader {
  version: ErnVersion;
  messageId: string;
  threadId: string;
  createdAt: Date;
  sender: ErnParty;
  recipient: ErnParty;
}

export interface NewReleaseMessageSpec extends ErnHeader {
  release: ErnRelease;
  deals: ErnDeal[];
  /** ERN 3.8.2 only: the `UpdateIndicator` partners still send on metadata-only updates. */
  updateIndicator?: 'OriginalMessage' | 'UpdateMessage';
}

export interface PurgeReleaseMessageSpec extends ErnHeader {
  upc: string;
  grid?: string;
  title?: string;
}

// --- shared pieces -------------------------------------------------------------------------

function displayTitle(track: ErnTrack): string {
  return track.version ? `${track.title} (${track.version})` : track.title;
}

function displayArtistName(artists: ErnArtistCredit[]): string {
  const main = artists.filter((a) => a.role === 'MainArtist').map((a) => a.name);
  const featured = artists.filter((a) => a.role === 'FeaturedArtist').map((a) => a.name);
  const mainText = main.length <= 1 ? (main[0] ?? '') : `${main.slice(0, -1).join(', ')} & ${main[main.length - 1]}`;
  return featured.length > 0 ? `${mainText} feat. ${featured.join(', ')}` : mainText;
}

function splitPath(relativePath: string): { fileName: string; filePath: string } {
  const slash = relativePath.lastIndexOf('/');
  return slash < 0
    ? { fileName: relativePath, filePath: '' }
    : { fileName: relativePath.slice(slash + 1), filePath: relativePath.slice(0, slash + 1) };
}

function validateSpec(spec: NewReleaseMessageSpec): void {
  const problems: string[] = [];
  if (!ERN_NAMESPACES[spec.version]) problems.push(`unsupported ERN version "${spec.version}"`);
  if (!spec.messageId) problems.push('messageId is empty');
  if (Number.isNaN(spec.createdAt?.getTime?.())) problems.push('createdAt is not a valid date');
  if (!/^\d{12,14}$/.test(spec.release.upc)) problems.push(`UPC "${spec.release.upc}" is not 12 to 14 digits`);
  if (spec.release.tracks.length === 0) problems.push('the release has no tracks');
  if (!spec.release.artists.some((a) => a.role === 'MainArtist')) problems.push('the release has no MainArtist');
  if (spec.deals.length === 0) problems.push('the message has no deals');
  if (spec.version === '4.3' && spec.deals.some((d) => d.takeDown)) {
    problems.push('ERN 4.3 has no TakeDown deal: send a PurgeReleaseMessage or end the deals');
  }
  for (const track of spec.release.tracks) {
    if (!/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(track.isrc)) problems.push(`ISRC "${track.isrc}" has the wrong shape`);
  }
  if (problems.length > 0) throw new Error(`Cannot write ERN message ${spec.messageId}: ${problems.join('; ')}`);
}

// --- ERN 3.8.2 -----------------------------------------------------------------------------

function header382(x: XmlBuilder, spec: ErnHeader): void {
  x.open('MessageHeader');
  x.leaf('MessageThreadId', spec.threadId);
  x.leaf('MessageId', spec.messageId);
  for (const [element, party] of [['MessageSender', spec.sender], ['MessageRecipient', spec.recipient]] as const) {
    x.open(element).leaf('PartyId', party.partyId).open('PartyName').leaf('FullName', party.name).close().close();
  }
  x.leaf('MessageCreatedDateTime', xsDateTime(spec.createdAt));
  x.leaf('MessageControlType', 'LiveMessage');
  x.close('MessageHeader');
}

function artist382(x: XmlBuilder, artists: ErnArtistCredit[]): void {
  artists.forEach((artist, index) => {
    x.open('DisplayArtist', { SequenceNumber: index + 1 });
    x.open('PartyName').leaf('FullName', artist.name).close();
    x.leaf('ArtistRole', artist.role);
    x.close('DisplayArtist');
  });
}

function soundRecording382(x: XmlBuilder, spec: NewReleaseMessageSpec, track: ErnTrack, index: number): void {
  const release = spec.release;
  const ref = `A${index + 1}`;
  x.open('SoundRecording');
  x.leaf('SoundRecordingType', 'MusicalWorkSoundRecording');
  x.open('SoundRecordingId').leaf('ISRC', track.isrc).close();
  x.leaf('ResourceReference', ref);
  x.open('ReferenceTitle').leaf('TitleText', track.title).leaf('SubTitle', track.version).close();
  x.leaf('LanguageOfPerformance', track.languageOfPerformance);
  x.leaf('Duration', isoDuration(track.durationSeconds));
  x.open('SoundRecordingDetailsByTerritory');
  x.leaf('TerritoryCode', 'Worldwide');
  x.open('Title', { TitleType: 'FormalTitle' }).leaf('TitleText', track.title).leaf('SubTitle', track.version).close();
  x.open('Title', { TitleType: 'DisplayTitle' }).leaf('TitleText', displayTitle(track)).close();
  artist382(x, track.artists);
  const direct = track.contributors.filter((c) => c.role === 'Producer' || c.role === 'Mixer' || c.role === 'Arranger');
  const indirect = track.contributors.filter((c) => !direct.includes(c));
  direct.forEach((c, i) => {
    x.open('ResourceContributor', { SequenceNumber: i + 1 });
    x.open('PartyName').leaf('FullName', c.name).close();
    x.leaf('ResourceContributorRole', c.role);
    x.close('ResourceContributor');
  });
  indirect.forEach((c, i) => {
    x.open('IndirectResourceContributor', { SequenceNumber: i + 1 });
    x.open('PartyName').leaf('FullName', c.name).close();
    x.leaf('IndirectResourceContributorRole', c.role);
    x.close('IndirectResourceContributor');
  });
  x.leaf('DisplayArtistName', displayArtistName(track.artists));
  x.leaf('LabelName', release.label);
  x.open('PLine')
    .leaf('Year', track.pLineYear)
    .leaf('PLineCompany', track.pLineCompany)
    .leaf('PLineText', `(P) ${track.pLineYear} ${track.pLineCompany}`)
    .close();
  x.open('Genre').leaf('GenreText', release.genre).leaf('SubGenre', release.subGenre).close();
  x.leaf('ParentalWarningType', track.parentalWarning);
  if (track.audio) {
    const { fileName, filePath } = splitPath(track.audio.relativePath);
    x.open('TechnicalSoundRecordingDetails');
    x.leaf('TechnicalResourceDetailsReference', `T${index + 1}`);
    x.leaf('AudioCodecType', track.audio.codec);
    x.leaf('NumberOfChannels', track.audio.channels);
    x.leaf('SamplingRate', track.audio.samplingRateHz, { UnitOfMeasure: 'Hz' });
    x.leaf('BitsPerSample', track.audio.bitsPerSample);
    x.leaf('IsPreview', false);
    x.open('File');
    x.leaf('FileName', fileName);
    if (filePath) x.leaf('FilePath', filePath);
    x.open('HashSum').leaf('HashSum', track.audio.md5).leaf('HashSumAlgorithmType', 'MD5').close();
    x.close('File');
    x.close('TechnicalSoundRecordingDetails');
  }
  x.close('SoundRecordingDetailsByTerritory');
  x.close('SoundRecording');
}

function hasCoverResource(r: ErnRelease): boolean {
  return Boolean(r.cover || r.coverWithoutFile);
}

function image382(x: XmlBuilder, spec: NewReleaseMessageSpec, cover: ErnImageFile | undefined, ref: string, techRef: string): void {
  x.open('Image');
  x.leaf('ImageType', 'FrontCoverImage');
  x.open('ImageId').leaf('ProprietaryId', `${spec.release.upc}_cover`, { Namespace: `DPID:${spec.sender.partyId}` }).close();
  x.leaf('ResourceReference', ref);
  x.open('ImageDetailsByTerritory');
  x.leaf('TerritoryCode', 'Worldwide');
  x.leaf('ParentalWarningType', 'NotExplicit');
  if (cover) {
    const { fileName, filePath } = splitPath(cover.relativePath);
    x.open('TechnicalImageDetails');
    x.leaf('TechnicalResourceDetailsReference', techRef);
    x.leaf('ImageCodecType', cover.codec);
    x.leaf('ImageHeight', cover.height);
    x.leaf('ImageWidth', cover.width);
    x.open('File');
    x.leaf('FileName', fileName);
    if (filePath) x.leaf('FilePath', filePath);
    x.open('HashSum').leaf('HashSum', cover.md5).leaf('HashSumAlgorithmType', 'MD5').close();
    x.close('File');
    x.close('TechnicalImageDetails');
  }
  x.close('ImageDetailsByTerritory');
  x.close('Image');
}

function pcLines382(x: XmlBuilder, r: ErnRelease): void {
  x.open('PLine').leaf('Year', r.pLineYear).leaf('PLineCompany', r.pLineCompany).leaf('PLineText', `(P) ${r.pLineYear} ${r.pLineCompany}`).close();
  x.open('CLine').leaf('Year', r.cLineYear).leaf('CLineCompany', r.cLineCompany).leaf('CLineText', `(C) ${r.cLineYear} ${r.cLineCompany}`).close();
}

function releases382(x: XmlBuilder, spec: NewReleaseMessageSpec): void {
  const r = spec.release;
  const imageRef = `A${r.tracks.length + 1}`;
  const totalSeconds = r.tracks.reduce((sum, t) => sum + t.durationSeconds, 0);
  x.open('ReleaseList');
  x.open('Release', { IsMainRelease: true });
  x.open('ReleaseId');
  x.leaf('GRid', r.grid);
  x.leaf('ICPN', r.upc, { IsEan: r.upc.length === 13 });
  x.leaf('CatalogNumber', r.catalogNumber, { Namespace: `DPID:${spec.sender.partyId}` });
  x.close('ReleaseId');
  x.leaf('ReleaseReference', 'R0');
  x.open('ReferenceTitle').leaf('TitleText', r.title).close();
  x.open('ReleaseResourceReferenceList');
  r.tracks.forEach((_, i) => x.leaf('ReleaseResourceReference', `A${i + 1}`, { ReleaseResourceType: 'PrimaryResource' }));
  if (hasCoverResource(r)) x.leaf('ReleaseResourceReference', imageRef, { ReleaseResourceType: 'SecondaryResource' });
  x.close('ReleaseResourceReferenceList');
  x.leaf('ReleaseType', r.releaseType);
  x.open('ReleaseDetailsByTerritory');
  x.leaf('TerritoryCode', 'Worldwide');
  x.leaf('DisplayArtistName', displayArtistName(r.artists));
  x.leaf('LabelName', r.label);
  x.open('Title', { TitleType: 'FormalTitle' }).leaf('TitleText', r.title).close();
  x.open('Title', { TitleType: 'DisplayTitle' }).leaf('TitleText', r.title).close();
  artist382(x, r.artists);
  x.leaf('ParentalWarningType', r.parentalWarning);
  x.open('ResourceGroup');
  x.open('ResourceGroup');
  x.open('Title', { TitleType: 'GroupingTitle' }).leaf('TitleText', 'Component 1').close();
  x.leaf('SequenceNumber', 1);
  r.tracks.forEach((_, i) => {
    x.open('ResourceGroupContentItem');
    x.leaf('SequenceNumber', i + 1);
    x.leaf('ResourceType', 'SoundRecording');
    x.leaf('ReleaseResourceReference', `A${i + 1}`, { ReleaseResourceType: 'PrimaryResource' });
    x.close('ResourceGroupContentItem');
  });
  x.close('ResourceGroup');
  if (hasCoverResource(r)) {
    x.open('ResourceGroupContentItem');
    x.leaf('ResourceType', 'Image');
    x.leaf('ReleaseResourceReference', imageRef, { ReleaseResourceType: 'SecondaryResource' });
    x.close('ResourceGroupContentItem');
  }
  x.close('ResourceGroup');
  x.open('Genre').leaf('GenreText', r.genre).leaf('SubGenre', r.subGenre).close();
  x.leaf('ReleaseDate', r.releaseDate);
  x.leaf('OriginalReleaseDate', r.originalReleaseDate);
  x.close('ReleaseDetailsByTerritory');
  x.leaf('LanguageOfPerformance', r.languageOfPerformance);
  x.leaf('Duration', isoDuration(totalSeconds));
  pcLines382(x, r);
  x.close('Release');

  r.tracks.forEach((track, i) => {
    x.open('Release');
    x.open('ReleaseId');
    x.leaf('ISRC', track.isrc);
    x.leaf('ProprietaryId', `${r.upc}_${track.isrc}`, { Namespace: `DPID:${spec.sender.partyId}` });
    x.close('ReleaseId');
    x.leaf('ReleaseReference', `R${i + 1}`);
    x.open('ReferenceTitle').leaf('TitleText', track.title).leaf('SubTitle', track.version).close();
    x.open('ReleaseResourceReferenceList');
    x.leaf('ReleaseResourceReference', `A${i + 1}`, { ReleaseResourceType: 'PrimaryResource' });
    x.close('ReleaseResourceReferenceList');
    x.leaf('ReleaseType', 'TrackRelease');
    x.open('ReleaseDetailsByTerritory');
    x.leaf('TerritoryCode', 'Worldwide');
    x.leaf('DisplayArtistName', displayArtistName(track.artists));
    x.leaf('LabelName', r.label);
    x.open('Title', { TitleType: 'FormalTitle' }).leaf('TitleText', track.title).leaf('SubTitle', track.version).close();
    x.open('Title', { TitleType: 'DisplayTitle' }).leaf('TitleText', displayTitle(track)).close();
    artist382(x, track.artists);
    x.leaf('ParentalWarningType', track.parentalWarning);
    x.open('ResourceGroup');
    x.open('ResourceGroupContentItem');
    x.leaf('SequenceNumber', 1);
    x.leaf('ResourceType', 'SoundRecording');
    x.leaf('ReleaseResourceReference', `A${i + 1}`, { ReleaseResourceType: 'PrimaryResource' });
    x.close('ResourceGroupContentItem');
    x.close('ResourceGroup');
    x.open('Genre').leaf('GenreText', r.genre).leaf('SubGenre', r.subGenre).close();
    x.leaf('ReleaseDate', r.releaseDate);
    x.leaf('OriginalReleaseDate', r.originalReleaseDate);
    x.close('ReleaseDetailsByTerritory');
    x.leaf('LanguageOfPerformance', track.languageOfPerformance);
    x.leaf('Duration', isoDuration(track.durationSeconds));
    x.open('PLine')
      .leaf('Year', track.pLineYear)
      .leaf('PLineCompany', track.pLineCompany)
      .leaf('PLineText', `(P) ${track.pLineYear} ${track.pLineCompany}`)
      .close();
    x.open('CLine').leaf('Year', r.cLineYear).leaf('CLineCompany', r.cLineCompany).leaf('CLineText', `(C) ${r.cLineYear} ${r.cLineCompany}`).close();
    x.close('Release');
  });
  x.close('ReleaseList');
}

function deal382(x: XmlBuilder, deal: ErnDeal): void {
  x.open('Deal').open('DealTerms');
  if (deal.takeDown) {
    x.leaf('TakeDown', true);
  } else {
    for (const model of deal.commercialModels) x.leaf('CommercialModelType', model);
    x.open('Usage');
    for (const use of deal.useTypes) x.leaf('UseType', use);
    x.close('Usage');
  }
  for (const territory of deal.territories) x.leaf('TerritoryCode', territory);
  x.open('ValidityPeriod').leaf('StartDate', deal.startDate).leaf('EndDate', deal.endDate).close();
  x.close('DealTerms').close('Deal');
}

function deals382(x: XmlBuilder, spec: NewReleaseMessageSpec): void {
  x.open('DealList');
  x.open('ReleaseDeal');
  x.leaf('DealReleaseReference', 'R0');
  for (const deal of spec.deals) deal382(x, deal);
  x.close('ReleaseDeal');
  x.open('ReleaseDeal');
  spec.release.tracks.forEach((_, i) => x.leaf('DealReleaseReference', `R${i + 1}`));
  for (const deal of spec.deals) deal382(x, deal);
  x.close('ReleaseDeal');
  x.close('DealList');
}

function newReleaseMessage382(spec: NewReleaseMessageSpec, indent: string): string {
  const r = spec.release;
  const x = new XmlBuilder(indent).declaration();
  x.open('ern:NewReleaseMessage', {
    'xmlns:ern': ERN_NAMESPACES['3.8.2'],
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${ERN_NAMESPACES['3.8.2']} http://ddex.net/xml/ern/382/release-notification.xsd`,
    MessageSchemaVersionId: 'ern/382',
    BusinessProfileVersionId: r.releaseType === 'Single' ? 'CommonDealTypes/18/AudioSingle' : 'CommonDealTypes/18/AudioAlbumMusicOnly',
    ReleaseProfileVersionId:
      r.releaseType === 'Single' ? 'CommonReleaseTypes/14/AudioSingle' : 'CommonReleaseTypes/14/AudioAlbumMusicOnly',
    LanguageAndScriptCode: 'en',
  });
  header382(x, spec);
  x.leaf('UpdateIndicator', spec.updateIndicator);
  x.open('ResourceList');
  r.tracks.forEach((track, i) => soundRecording382(x, spec, track, i));
  if (hasCoverResource(r)) image382(x, spec, r.cover, `A${r.tracks.length + 1}`, `T${r.tracks.length + 1}`);
  x.close('ResourceList');
  releases382(x, spec);
  deals382(x, spec);
  x.close('ern:NewReleaseMessage');
  return x.toString();
}

// --- ERN 4.3 -------------------------------------------------------------------------------

function header43(x: XmlBuilder, spec: ErnHeader): void {
  x.open('MessageHeader');
  x.leaf('MessageThreadId', spec.threadId);
  x.leaf('MessageId', spec.messageId);
  for (const [element, party] of [['MessageSender', spec.sender], ['MessageRecipient', spec.recipient]] as const) {
    x.open(element).leaf('PartyId', party.partyId).open('PartyName').leaf('FullName', party.name).close().close();
  }
  x.leaf('MessageCreatedDateTime', xsDateTime(spec.createdAt));
  x.leaf('MessageControlType', 'LiveMessage');
  x.close('MessageHeader');
}

/** Party references are derived from names so the same person gets one Party in the PartyList. */
function partyReference(name: string): string {
  const cleaned = name.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
  return `P${cleaned || 'Party'}`;
}

function collectParties(r: ErnRelease): Map<string, string> {
  const parties = new Map<string, string>();
  const add = (name: string) => {
    let ref = partyReference(name);
    // Two names that clean to the same reference still need distinct references.
    while (parties.has(ref) && parties.get(ref) !== name) ref += 'X';
    parties.set(ref, name);
  };
  for (const a of r.artists) add(a.name);
  for (const t of r.tracks) {
    for (const a of t.artists) add(a.name);
    for (const c of t.contributors) add(c.name);
  }
  add(r.label);
  return parties;
}

function refFor(parties: Map<string, string>, name: string): string {
  for (const [ref, partyName] of parties) if (partyName === name) return ref;
  throw new Error(`no party reference for "${name}"`);
}

function displayArtists43(x: XmlBuilder, parties: Map<string, string>, artists: ErnArtistCredit[]): void {
  artists.forEach((artist, i) => {
    x.open('DisplayArtist', { SequenceNumber: i + 1 });
    x.leaf('ArtistPartyReference', refFor(parties, artist.name));
    x.leaf('DisplayArtistRole', artist.role);
    x.close('DisplayArtist');
  });
}

function soundRecording43(x: XmlBuilder, parties: Map<string, string>, track: ErnTrack, index: number): void {
  x.open('SoundRecording');
  x.leaf('ResourceReference', `A${index + 1}`);
  x.leaf('Type', 'MusicalWorkSoundRecording');
  x.open('SoundRecordingEdition');
  x.open('ResourceId').leaf('ISRC', track.isrc).close();
  x.open('PLine')
    .leaf('Year', track.pLineYear)
    .leaf('PLineCompany', track.pLineCompany)
    .leaf('PLineText', `(P) ${track.pLineYear} ${track.pLineCompany}`)
    .close();
  if (track.audio) {
    x.open('TechnicalDetails');
    x.leaf('TechnicalResourceDetailsReference', `T${index + 1}`);
    x.open('DeliveryFile');
    x.leaf('Type', 'AudioFile');
    x.leaf('AudioCodecType', track.audio.codec);
    x.leaf('NumberOfChannels', track.audio.channels);
    x.leaf('SamplingRate', track.audio.samplingRateHz, { UnitOfMeasure: 'Hz' });
    x.leaf('BitsPerSample', track.audio.bitsPerSample);
    x.open('File');
    x.leaf('URI', track.audio.relativePath);
    x.open('HashSum').leaf('Algorithm', 'MD5').leaf('HashSumValue', track.audio.md5).close();
    x.leaf('FileSize', track.audio.sizeBytes);
    x.close('File');
    x.close('DeliveryFile');
    x.close('TechnicalDetails');
  }
  x.close('SoundRecordingEdition');
  x.leaf('DisplayTitleText', displayTitle(track));
  x.open('DisplayTitle', { ApplicableTerritoryCode: 'Worldwide', IsDefault: true });
  x.leaf('TitleText', track.title).leaf('SubTitle', track.version);
  x.close('DisplayTitle');
  x.leaf('DisplayArtistName', displayArtistName(track.artists), { ApplicableTerritoryCode: 'Worldwide', IsDefault: true });
  displayArtists43(x, parties, track.artists);
  track.contributors.forEach((c, i) => {
    x.open('Contributor', { SequenceNumber: i + 1 });
    x.leaf('ContributorPartyReference', refFor(parties, c.name));
    // ERN 4's role list has no plain "Producer"; the studio producer is what partners mean.
    x.leaf('Role', c.role === 'Producer' ? 'StudioProducer' : c.role);
    x.close('Contributor');
  });
  x.leaf('Duration', isoDuration(track.durationSeconds));
  x.leaf('ParentalWarningType', track.parentalWarning, { ApplicableTerritoryCode: 'Worldwide' });
  if (!track.languageOfPerformance) x.leaf('IsInstrumental', true);
  x.leaf('LanguageOfPerformance', track.languageOfPerformance);
  x.close('SoundRecording');
}

function image43(x: XmlBuilder, spec: NewReleaseMessageSpec, cover: ErnImageFile | undefined, index: number): void {
  x.open('Image');
  x.leaf('ResourceReference', `A${index}`);
  x.leaf('Type', 'FrontCoverImage');
  x.open('ResourceId').leaf('ProprietaryId', `${spec.release.upc}_cover`, { Namespace: `DPID:${spec.sender.partyId}` }).close();
  x.leaf('ParentalWarningType', 'NotExplicit', { ApplicableTerritoryCode: 'Worldwide' });
  if (cover) {
    x.open('TechnicalDetails');
    x.leaf('TechnicalResourceDetailsReference', `T${index}`);
    x.leaf('ImageCodecType', cover.codec);
    x.leaf('ImageHeight', cover.height, { UnitOfMeasure: 'Pixel' });
    x.leaf('ImageWidth', cover.width, { UnitOfMeasure: 'Pixel' });
    x.open('File');
    x.leaf('URI', cover.relativePath);
    x.open('HashSum').leaf('Algorithm', 'MD5').leaf('HashSumValue', cover.md5).close();
    x.leaf('FileSize', cover.sizeBytes);
    x.close('File');
    x.close('TechnicalDetails');
  }
  x.close('Image');
}

function releases43(x: XmlBuilder, spec: NewReleaseMessageSpec, parties: Map<string, string>): void {
  const r = spec.release;
  const labelRef = refFor(parties, r.label);
  const imageIndex = r.tracks.length + 1;
  const totalSeconds = r.tracks.reduce((sum, t) => sum + t.durationSeconds, 0);
  x.open('ReleaseList');
  x.open('Release');
  x.leaf('ReleaseReference', 'R0');
  x.leaf('ReleaseType', r.releaseType);
  x.open('ReleaseId');
  x.leaf('GRid', r.grid);
  x.leaf('ICPN', r.upc);
  x.leaf('CatalogNumber', r.catalogNumber, { Namespace: `DPID:${spec.sender.partyId}` });
  x.close('ReleaseId');
  x.leaf('DisplayTitleText', r.title);
  x.open('DisplayTitle', { ApplicableTerritoryCode: 'Worldwide', IsDefault: true }).leaf('TitleText', r.title).close();
  x.leaf('DisplayArtistName', displayArtistName(r.artists), { ApplicableTerritoryCode: 'Worldwide', IsDefault: true });
  displayArtists43(x, parties, r.artists);
  x.leaf('ReleaseLabelReference', labelRef, { ApplicableTerritoryCode: 'Worldwide' });
  x.open('PLine', { ApplicableTerritoryCode: 'Worldwide' })
    .leaf('Year', r.pLineYear)
    .leaf('PLineCompany', r.pLineCompany)
    .leaf('PLineText', `(P) ${r.pLineYear} ${r.pLineCompany}`)
    .close();
  x.open('CLine', { ApplicableTerritoryCode: 'Worldwide' })
    .leaf('Year', r.cLineYear)
    .leaf('CLineCompany', r.cLineCompany)
    .leaf('CLineText', `(C) ${r.cLineYear} ${r.cLineCompany}`)
    .close();
  x.leaf('Duration', isoDuration(totalSeconds));
  x.open('Genre', { ApplicableTerritoryCode: 'Worldwide' }).leaf('GenreText', r.genre).leaf('SubGenre', r.subGenre).close();
  x.leaf('ReleaseDate', r.releaseDate, { ApplicableTerritoryCode: 'Worldwide' });
  x.leaf('OriginalReleaseDate', r.originalReleaseDate, { ApplicableTerritoryCode: 'Worldwide' });
  x.leaf('ParentalWarningType', r.parentalWarning, { ApplicableTerritoryCode: 'Worldwide' });
  x.leaf('IsMultiArtistCompilation', false);
  x.open('ResourceGroup');
  x.open('AdditionalTitle').leaf('TitleText', 'Component 1').close();
  x.leaf('SequenceNumber', 1);
  r.tracks.forEach((_, i) => {
    x.open('ResourceGroupContentItem');
    x.leaf('SequenceNumber', i + 1);
    x.leaf('ReleaseResourceReference', `A${i + 1}`);
    x.close('ResourceGroupContentItem');
  });
  if (hasCoverResource(r)) x.leaf('LinkedReleaseResourceReference', `A${imageIndex}`);
  x.close('ResourceGroup');
  x.close('Release');

  r.tracks.forEach((track, i) => {
    x.open('TrackRelease');
    x.leaf('ReleaseReference', `R${i + 1}`);
    x.open('ReleaseId').leaf('ProprietaryId', `${r.upc}_${track.isrc}`, { Namespace: `DPID:${spec.sender.partyId}` }).close();
    x.leaf('DisplayTitleText', displayTitle(track));
    x.open('DisplayTitle', { ApplicableTerritoryCode: 'Worldwide', IsDefault: true });
    x.leaf('TitleText', track.title).leaf('SubTitle', track.version);
    x.close('DisplayTitle');
    x.leaf('ReleaseResourceReference', `A${i + 1}`);
    x.leaf('ReleaseLabelReference', labelRef, { ApplicableTerritoryCode: 'Worldwide' });
    x.open('Genre', { ApplicableTerritoryCode: 'Worldwide' }).leaf('GenreText', r.genre).leaf('SubGenre', r.subGenre).close();
    x.close('TrackRelease');
  });
  x.close('ReleaseList');
}

function deal43(x: XmlBuilder, deal: ErnDeal): void {
  x.open('Deal').open('DealTerms');
  for (const territory of deal.territories) x.leaf('TerritoryCode', territory);
  x.open('ValidityPeriod').leaf('StartDate', deal.startDate).leaf('EndDate', deal.endDate).close();
  for (const model of deal.commercialModels) x.leaf('CommercialModelType', model);
  for (const use of deal.useTypes) x.leaf('UseType', use);
  x.close('DealTerms').close('Deal');
}

function newReleaseMessage43(spec: NewReleaseMessageSpec, indent: string): string {
  const r = spec.release;
  const parties = collectParties(r);
  const x = new XmlBuilder(indent).declaration();
  x.open('ern:NewReleaseMessage', {
    'xmlns:ern': ERN_NAMESPACES['4.3'],
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${ERN_NAMESPACES['4.3']} http://ddex.net/xml/ern/43/release-notification.xsd`,
    ReleaseProfileVersionId: 'Audio',
    LanguageAndScriptCode: 'en',
    AvsVersionId: '3',
  });
  header43(x, spec);
  x.open('PartyList');
  for (const [ref, name] of parties) {
    x.open('Party').leaf('PartyReference', ref).open('PartyName').leaf('FullName', name).close().close();
  }
  x.close('PartyList');
  x.open('ResourceList');
  r.tracks.forEach((track, i) => soundRecording43(x, parties, track, i));
  if (hasCoverResource(r)) image43(x, spec, r.cover, r.tracks.length + 1);
  x.close('ResourceList');
  releases43(x, spec, parties);
  x.open('DealList');
  x.open('ReleaseDeal');
  x.leaf('DealReleaseReference', 'R0');
  for (const deal of spec.deals) deal43(x, deal);
  x.close('ReleaseDeal');
  x.open('ReleaseDeal');
  r.tracks.forEach((_, i) => x.leaf('DealReleaseReference', `R${i + 1}`));
  for (const deal of spec.deals) deal43(x, deal);
  x.close('ReleaseDeal');
  x.close('DealList');
  x.close('ern:NewReleaseMessage');
  return x.toString();
}

// --- public API ----------------------------------------------------------------------------

export interface WriteOptions {
  /** Indentation per level; '' writes one element per line with no indentation (bulk). */
  indent?: string;
}

export function writeNewReleaseMessage(spec: NewReleaseMessageSpec, options: WriteOptions = {}): string {
  validateSpec(spec);
  const indent = options.indent ?? '  ';
  return spec.version === '3.8.2' ? newReleaseMessage382(spec, indent) : newReleaseMessage43(spec, indent);
}

export function writePurgeReleaseMessage(spec: PurgeReleaseMessageSpec, options: WriteOptions = {}): string {
  if (!ERN_NAMESPACES[spec.version]) throw new Error(`Cannot write PurgeReleaseMessage: unsupported ERN version "${spec.version}"`);
  if (!/^\d{12,14}$/.test(spec.upc)) throw new Error(`Cannot write PurgeReleaseMessage: UPC "${spec.upc}" is not 12 to 14 digits`);
  const x = new XmlBuilder(options.indent ?? '  ').declaration();
  const is382 = spec.version === '3.8.2';
  x.open('ern:PurgeReleaseMessage', {
    'xmlns:ern': ERN_NAMESPACES[spec.version],
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${ERN_NAMESPACES[spec.version]} http://ddex.net/xml/ern/${is382 ? '382' : '43'}/release-notification.xsd`,
    MessageSchemaVersionId: is382 ? 'ern/382' : undefined,
    LanguageAndScriptCode: 'en',
    AvsVersionId: is382 ? undefined : '3',
  });
  if (is382) header382(x, spec);
  else header43(x, spec);
  x.open('PurgedRelease');
  x.open('ReleaseId');
  x.leaf('GRid', spec.grid);
  x.leaf('ICPN', spec.upc, is382 ? { IsEan: spec.upc.length === 13 } : undefined);
  x.close('ReleaseId');
  if (spec.title) {
    if (is382) x.open('Title', { TitleType: 'DisplayTitle' }).leaf('TitleText', spec.title).close();
    else x.open('Title').leaf('TitleText', spec.title).close();
  }
  x.close('PurgedRelease');
  x.close('ern:PurgeReleaseMessage');
  return x.toString();
}

export interface BatchManifestEntry {
  messageType: 'NewReleaseMessage' | 'PurgeReleaseMessage';
  messageId: string;
  /** Path of the message relative to the batch root, e.g. "8712345678901/8712345678901.xml". */
  url: string;
  upc: string;
  grid?: string;
  md5: string;
}

export interface BatchManifestSpec {
  batchId: string;
  messageId: string;
  createdAt: Date;
  sender: ErnParty;
  recipient: ErnParty;
  messages: BatchManifestEntry[];
  isTest?: boolean;
}

/** The choreography's `BatchComplete_<batchId>.xml`: an ERN-C ManifestMessage that closes a batch. */
export function writeBatchManifest(spec: BatchManifestSpec, options: WriteOptions = {}): string {
  if (!/^\d{17}$/.test(spec.batchId)) throw new Error(`Batch id "${spec.batchId}" is not YYYYMMDDhhmmssnnn`);
  const x = new XmlBuilder(options.indent ?? '  ').declaration();
  x.open('ern-c:ManifestMessage', { 'xmlns:ern-c': ERN_C_NAMESPACE, MessageVersionId: '1.5' });
  x.open('MessageHeader');
  x.leaf('MessageThreadId', spec.batchId);
  x.leaf('MessageId', spec.messageId);
  for (const [element, party] of [['MessageSender', spec.sender], ['MessageRecipient', spec.recipient]] as const) {
    x.open(element).leaf('PartyId', party.partyId).open('PartyName').leaf('FullName', party.name).close().close();
  }
  x.leaf('MessageCreatedDateTime', xsDateTime(spec.createdAt));
  x.close('MessageHeader');
  x.leaf('IsTestFlag', spec.isTest ?? false);
  x.leaf('RootDirectory', spec.batchId);
  x.leaf('NumberOfMessages', spec.messages.length);
  for (const message of spec.messages) {
    x.open('MessageInBatch');
    x.leaf('MessageType', message.messageType);
    x.leaf('MessageId', message.messageId);
    x.leaf('URL', message.url);
    x.open('IncludedReleaseId').leaf('GRid', message.grid).leaf('ICPN', message.upc).close();
    x.leaf('DeliveryType', message.messageType === 'PurgeReleaseMessage' ? 'PurgeReleaseDelivery' : 'NewReleaseDelivery');
    x.leaf('ProductType', 'AudioProduct');
    x.open('HashSum').leaf('HashSum', message.md5).leaf('HashSumAlgorithmType', 'MD5').close();
    x.close('MessageInBatch');
  }
  x.close('ern-c:ManifestMessage');
  return x.toString();
}
