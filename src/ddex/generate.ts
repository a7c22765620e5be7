// A synthetic ERN 4.3 album of any size, shaped like a label's real deliveries (PartyList,
// editions with delivery files and hashes, contributors, TrackReleases, a 240-territory deal).
// Used by the benchmark and by the demo; never by the read path.

export interface GenerateOptions {
  tracks: number;
  /** Explicit territory codes on the main deal (real messages list ~240). */
  territories?: number;
  icpn?: string;
  title?: string;
  artist?: string;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function territoryCodes(n: number): string[] {
  const out: string[] = [];
  for (let a = 65; a <= 90 && out.length < n; a++) for (let b = 65; b <= 90 && out.length < n; b++) out.push(String.fromCharCode(a, b));
  return out;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function generateErn43Album(opts: GenerateOptions): string {
  const icpn = opts.icpn ?? '0123456789012';
  const title = opts.title ?? 'Generated Album';
  const artist = opts.artist ?? 'The Generators';
  const n = opts.tracks;
  const parts: string[] = [];
  parts.push(`<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ReleaseProfileVersionId="Audio" LanguageAndScriptCode="en" AvsVersionId="3">
  <MessageHeader>
    <MessageThreadId>GEN-${icpn}</MessageThreadId>
    <MessageId>GEN-${icpn}-1</MessageId>
    <MessageSender><PartyId>PADPIDA0000000001G</PartyId><PartyName><FullName>Generator Records</FullName></PartyName></MessageSender>
    <MessageRecipient><PartyId>PADPIDA0000000002G</PartyId><PartyName><FullName>Back Office</FullName></PartyName></MessageRecipient>
    <MessageCreatedDateTime>2025-01-15T10:00:00Z</MessageCreatedDateTime>
    <MessageControlType>LiveMessage</MessageControlType>
  </MessageHeader>
  <PartyList>
    <Party><PartyReference>PArtist</PartyReference><PartyName><FullName>${esc(artist)}</FullName></PartyName></Party>
    <Party><PartyReference>PLabel</PartyReference><PartyName><FullName>Generator Records</FullName></PartyName></Party>
    <Party><PartyReference>PProducer</PartyReference><PartyName><FullName>Pat Producer</FullName></PartyName></Party>
    <Party><PartyReference>PComposer</PartyReference><PartyName><FullName>Casey Composer</FullName></PartyName></Party>
  </PartyList>
  <ResourceList>
`);
  for (let i = 1; i <= n; i++) {
    const isrc = `NLGEN${pad(i % 100, 2)}${pad(i, 5)}`;
    const secs = 120 + (i % 180);
    parts.push(`    <SoundRecording>
      <ResourceReference>A${i}</ResourceReference>
      <Type>MusicalWorkSoundRecording</Type>
      <SoundRecordingEdition>
        <ResourceId><ISRC>${isrc}</ISRC></ResourceId>
        <PLine><Year>2025</Year><PLineText>(P) 2025 Generator Records</PLineText></PLine>
        <TechnicalDetails>
          <TechnicalResourceDetailsReference>T${i}</TechnicalResourceDetailsReference>
          <DeliveryFile>
            <Type>AudioFile</Type>
            <AudioCodecType>FLAC</AudioCodecType>
            <BitRate UnitOfMeasure="kbps">1411</BitRate>
            <NumberOfChannels>2</NumberOfChannels>
            <SamplingRate UnitOfMeasure="kHz">44.1</SamplingRate>
            <BitsPerSample>16</BitsPerSample>
            <File>
              <URI>resources/${icpn}_01_${pad(i, 3)}.flac</URI>
              <HashSum><Algorithm>MD5</Algorithm><HashSumValue>${pad(i, 32)}</HashSumValue></HashSum>
              <FileSize>${secs * 176400}</FileSize>
            </File>
          </DeliveryFile>
        </TechnicalDetails>
      </SoundRecordingEdition>
      <DisplayTitleText>Track ${i}</DisplayTitleText>
      <DisplayTitle ApplicableTerritoryCode="Worldwide" IsDefault="true"><TitleText>Track ${i}</TitleText></DisplayTitle>
      <DisplayArtistName ApplicableTerritoryCode="Worldwide">${esc(artist)}</DisplayArtistName>
      <DisplayArtist SequenceNumber="1"><ArtistPartyReference>PArtist</ArtistPartyReference><DisplayArtistRole>MainArtist</DisplayArtistRole></DisplayArtist>
      <Contributor SequenceNumber="1"><ContributorPartyReference>PProducer</ContributorPartyReference><Role>Producer</Role></Contributor>
      <Contributor SequenceNumber="2"><ContributorPartyReference>PComposer</ContributorPartyReference><Role>Composer</Role></Contributor>
      <Duration>PT${Math.floor(secs / 60)}M${secs % 60}S</Duration>
      <ParentalWarningType>NotExplicit</ParentalWarningType>
      <LanguageOfPerformance>nl</LanguageOfPerformance>
    </SoundRecording>
`);
  }
  parts.push(`    <Image>
      <ResourceReference>A${n + 1}</ResourceReference>
      <Type>FrontCoverImage</Type>
      <ResourceId><ProprietaryId Namespace="PADPIDA0000000001G">COVER-${icpn}</ProprietaryId></ResourceId>
      <TechnicalDetails>
        <TechnicalResourceDetailsReference>T${n + 1}</TechnicalResourceDetailsReference>
        <ImageCodecType>JPEG</ImageCodecType><ImageHeight>3000</ImageHeight><ImageWidth>3000</ImageWidth>
        <File><URI>resources/${icpn}.jpg</URI></File>
      </TechnicalDetails>
    </Image>
  </ResourceList>
  <ReleaseList>
    <Release>
      <ReleaseReference>R0</ReleaseReference>
      <ReleaseType>Album</ReleaseType>
      <ReleaseId><ICPN>${icpn}</ICPN></ReleaseId>
      <DisplayTitleText>${esc(title)}</DisplayTitleText>
      <DisplayTitle ApplicableTerritoryCode="Worldwide" IsDefault="true"><TitleText>${esc(title)}</TitleText></DisplayTitle>
      <DisplayArtistName ApplicableTerritoryCode="Worldwide">${esc(artist)}</DisplayArtistName>
      <DisplayArtist SequenceNumber="1"><ArtistPartyReference>PArtist</ArtistPartyReference><DisplayArtistRole>MainArtist</DisplayArtistRole></DisplayArtist>
      <ReleaseLabelReference ApplicableTerritoryCode="Worldwide">PLabel</ReleaseLabelReference>
      <Genre ApplicableTerritoryCode="Worldwide"><GenreText>Pop</GenreText></Genre>
      <ReleaseDate>2025-02-01</ReleaseDate>
      <ParentalWarningType>NotExplicit</ParentalWarningType>
      <ResourceGroup>
        <ResourceGroup>
          <SequenceNumber>1</SequenceNumber>
`);
  for (let i = 1; i <= n; i++) {
    parts.push(`          <ResourceGroupContentItem><SequenceNumber>${i}</SequenceNumber><ReleaseResourceReference>A${i}</ReleaseResourceReference></ResourceGroupContentItem>\n`);
  }
  parts.push(`        </ResourceGroup>
        <LinkedReleaseResourceReference>A${n + 1}</LinkedReleaseResourceReference>
      </ResourceGroup>
    </Release>
`);
  for (let i = 1; i <= n; i++) {
    parts.push(`    <TrackRelease>
      <ReleaseReference>R${i}</ReleaseReference>
      <ReleaseId><ProprietaryId Namespace="PADPIDA0000000001G">${icpn}_${i}</ProprietaryId></ReleaseId>
      <ReleaseResourceReference>A${i}</ReleaseResourceReference>
      <ReleaseLabelReference ApplicableTerritoryCode="Worldwide">PLabel</ReleaseLabelReference>
      <Genre ApplicableTerritoryCode="Worldwide"><GenreText>Pop</GenreText></Genre>
    </TrackRelease>
`);
  }
  const codes = territoryCodes(opts.territories ?? 240)
    .map((c) => `<TerritoryCode>${c}</TerritoryCode>`)
    .join('');
  parts.push(`  </ReleaseList>
  <DealList>
    <ReleaseDeal>
      <DealReleaseReference>R0</DealReleaseReference>
      <Deal><DealTerms>${codes}<ValidityPeriod><StartDate>2025-02-01</StartDate></ValidityPeriod><CommercialModelType>SubscriptionModel</CommercialModelType><UseType>Stream</UseType></DealTerms></Deal>
      <Deal><DealTerms><TerritoryCode>Worldwide</TerritoryCode><ValidityPeriod><StartDate>2025-02-01</StartDate></ValidityPeriod><CommercialModelType>PayAsYouGoModel</CommercialModelType><UseType>PermanentDownload</UseType><PriceInformation><PriceCode Namespace="PADPIDA0000000001G">FRONT</PriceCode></PriceInformation></DealTerms></Deal>
    </ReleaseDeal>
    <ReleaseDeal>
`);
  for (let i = 1; i <= n; i++) parts.push(`      <DealReleaseReference>R${i}</DealReleaseReference>\n`);
  parts.push(`      <Deal><DealTerms><TerritoryCode>Worldwide</TerritoryCode><ValidityPeriod><StartDate>2025-02-01</StartDate></ValidityPeriod><CommercialModelType>PayAsYouGoModel</CommercialModelType><UseType>PermanentDownload</UseType></DealTerms></Deal>
    </ReleaseDeal>
  </DealList>
</ern:NewReleaseMessage>
`);
  return parts.join('');
}

/** An album of about `bytes` bytes (the track count is what varies). */
export function generateErn43OfSize(bytes: number, opts: Omit<GenerateOptions, 'tracks'> = {}): string {
  const probe = generateErn43Album({ ...opts, tracks: 100 });
  const base = generateErn43Album({ ...opts, tracks: 1 });
  const perTrack = (probe.length - base.length) / 99;
  const tracks = Math.max(1, Math.round((bytes - base.length) / perTrack) + 1);
  return generateErn43Album({ ...opts, tracks });
}
