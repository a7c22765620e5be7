// The public read path: decode → refuse DTDs → saxes tree → normalise. Never throws.

import type { DdexError, ErnMessage, MessageKind, ParseOptions, ParseResult, Summary } from './types';
import { decodeXml, refuseDtd, DEFAULT_MAX_BYTES } from './decode';
import { buildTree } from './xml';
import { ErnCollector, STREAMED_LISTS } from './normalize';
import { ernVersionFromNamespace, isChoreographyNamespace, kindOfRoot } from './versions';

// Lists the model never reads: leaving them out of the tree saves time and memory on big catalogues.
const FULL_SKIP = new Set(['WorkList', 'CueSheetList', 'CollectionList', 'SupplementalDocumentList', 'ChapterList']);

// The summary also drops subtrees it never shows and that carry no cross-reference to check,
// so it reports exactly the refusals the full parse reports, only faster.
const SUMMARY_SKIP = new Set([
  ...FULL_SKIP,
  'TechnicalDetails',
  'TechnicalSoundRecordingDetails',
  'TechnicalVideoDetails',
  'TechnicalImageDetails',
  'TechnicalTextDetails',
  'TechnicalSheetMusicDetails',
  'TechnicalSoftwareDetails',
  'TechnicalMidiDetails',
  'ResourceContributor',
  'IndirectResourceContributor',
  'RightsController',
  'Keywords',
  'Synopsis',
  'MarketingComment',
  'RelatedRelease',
  'RelatedResource',
  'CourtesyLine',
  'Character',
  // Shown nowhere in a summary and free of cross-references:
  'PLine',
  'CLine',
  'Genre',
  'ParentalWarningType',
  'LanguageOfPerformance',
  'AdditionalTitle',
  'CreationDate',
  'FirstPublicationDate',
  'IsInstrumental',
  'Usage',
  'UseType',
  'CommercialModelType',
  'PriceInformation',
  'DistributionChannel',
  'ExcludedDistributionChannel',
  'PhysicalReturns',
  'RightsClaimPolicy',
  'WebPolicy',
  'ConsumerRentalPeriod',
]);

function internalError(err: unknown): DdexError {
  return { code: 'unsupported_message', message: `Could not read the message: ${err instanceof Error ? err.message : String(err)}` };
}

function read(input: Uint8Array | string, opts: ParseOptions, skip: ReadonlySet<string>, lite: boolean): ParseResult {
  try {
    const decoded = decodeXml(input, opts.maxBytes ?? DEFAULT_MAX_BYTES);
    if (!decoded.ok) return decoded;
    const refused = refuseDtd(decoded.text);
    if (refused) return { ok: false, error: refused };
    const collector = new ErnCollector({ today: opts.today, lite });
    const tree = buildTree(decoded.text, { skip, streamed: STREAMED_LISTS, onRecord: collector.onRecord, onSubRecord: collector.onSubRecord });
    if (!tree.ok) return tree;
    return collector.finish(tree.root, tree.rootQName);
  } catch (err) {
    return { ok: false, error: internalError(err) };
  }
}

export function parseErn(input: Uint8Array | string, opts: ParseOptions = {}): ParseResult {
  return read(input, opts, FULL_SKIP, false);
}

const EMPTY_SUMMARY: Omit<Summary, 'file' | 'error'> = {
  messageType: null,
  ernVersion: null,
  messageId: null,
  messageThreadId: null,
  messageCreatedAt: null,
  senderName: null,
  senderPartyId: null,
  controlType: null,
  releaseType: null,
  releaseTitle: null,
  artistName: null,
  upc: null,
  grid: null,
  catalogNumber: null,
  label: null,
  releaseDate: null,
  trackCount: null,
  isrcs: null,
  isrc: null,
  durationMs: null,
  territories: null,
  takedown: null,
};

/** The summary line of a parsed message (exactly the CLI `summary` fields). */
export function summaryOf(msg: ErnMessage, file: string | null = null): Summary {
  const h = msg.header;
  const s: Summary = {
    file,
    ...EMPTY_SUMMARY,
    messageType: msg.rootElement,
    ernVersion: msg.ernVersion,
    messageId: h.messageId,
    messageThreadId: h.threadId,
    messageCreatedAt: h.createdAt,
    senderName: h.sender.name,
    senderPartyId: h.sender.partyId,
    controlType: h.controlType,
    error: null,
  };
  if (msg.kind !== 'NewReleaseMessage' && msg.kind !== 'PurgeReleaseMessage') return s;
  s.takedown = msg.isTakedown;
  const main = msg.mainRelease;
  if (!main) return s;
  s.releaseType = main.type;
  s.releaseTitle = main.title;
  s.artistName = main.displayArtistName;
  s.upc = main.identifiers.icpn ?? main.identifiers.upc ?? main.identifiers.ean;
  s.grid = main.identifiers.grid;
  s.catalogNumber = main.identifiers.catalogNumber;
  s.label = main.label;
  s.releaseDate = main.releaseDate ?? main.displayStartDate ?? main.originalReleaseDate;
  if (msg.kind === 'PurgeReleaseMessage') return s;

  const byRef = new Map(msg.resources.map((r) => [r.reference, r]));
  const isrcs: string[] = [];
  let duration = 0;
  let anyDuration = false;
  for (const t of main.trackList) {
    const res = byRef.get(t.resourceReference);
    if (!res) continue;
    if (res.identifiers.isrc) isrcs.push(res.identifiers.isrc);
    if (res.durationMs !== null) {
      duration += res.durationMs;
      anyDuration = true;
    }
  }
  s.trackCount = main.trackList.length;
  s.isrcs = isrcs;
  s.isrc = isrcs[0] ?? null;
  s.durationMs = anyDuration ? duration : null;
  const territories = new Set<string>();
  for (const d of msg.deals) {
    if (d.releaseReference !== main.reference || d.takedown || d.ended) continue;
    if (d.territoriesIncluded.length > 0) for (const t of d.territoriesIncluded) territories.add(t);
    else if (d.territoriesExcluded.length > 0) territories.add('Worldwide');
  }
  s.territories = [...territories].sort();
  return s;
}

export function summarize(input: Uint8Array | string, opts: ParseOptions = {}): Summary {
  const result = read(input, opts, SUMMARY_SKIP, true);
  const file = opts.fileName ?? null;
  if (!result.ok) return { file, ...EMPTY_SUMMARY, error: result.error.message };
  return summaryOf(result.message, file);
}

export interface MessageKindInfo {
  kind: MessageKind;
  namespace: string | null;
  ernVersion: string | null;
}

/**
 * What a file is, from its first few KB only: the scanner calls this before reading a file whole.
 * Reads the root element's name and namespace declarations without parsing the document.
 */
export function detectMessageKind(head: Uint8Array | string): MessageKindInfo {
  const none: MessageKindInfo = { kind: 'other', namespace: null, ernVersion: null };
  let text: string;
  if (typeof head === 'string') text = head.slice(0, 16384);
  else {
    const bytes = head.subarray(0, 16384);
    let enc = 'utf-8';
    let from = 0;
    if (bytes[0] === 0xff && bytes[1] === 0xfe) [enc, from] = ['utf-16le', 2];
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) [enc, from] = ['utf-16be', 2];
    else if (bytes[0] === 0x3c && bytes[1] === 0x00) enc = 'utf-16le';
    else if (bytes[0] === 0x00 && bytes[1] === 0x3c) enc = 'utf-16be';
    else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) from = 3;
    try {
      text = new TextDecoder(enc).decode(bytes.subarray(from));
    } catch {
      return none;
    }
  }
  // Skip the prolog: declaration, processing instructions, comments, a DOCTYPE.
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return none;
    let close: number;
    if (text.startsWith('<?', lt)) close = text.indexOf('?>', lt) + 2;
    else if (text.startsWith('<!--', lt)) close = text.indexOf('-->', lt) + 3;
    else if (text.startsWith('<!', lt)) close = text.indexOf('>', lt) + 1;
    else {
      i = lt;
      break;
    }
    if (close <= lt) return none; // the head ends inside the prolog
    i = close;
  }
  const end = text.indexOf('>', i);
  const tag = end < 0 ? text.slice(i) : text.slice(i, end);
  const nameMatch = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)/.exec(tag);
  if (!nameMatch) return none;
  const qname = nameMatch[1];
  const colon = qname.indexOf(':');
  const local = colon < 0 ? qname : qname.slice(colon + 1);
  const prefix = colon < 0 ? null : qname.slice(0, colon);
  let namespace: string | null = null;
  const attrRe = /\s([\w.:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  for (let m = attrRe.exec(tag); m; m = attrRe.exec(tag)) {
    const name = m[1];
    const value = m[3] ?? m[4];
    if ((prefix === null && name === 'xmlns') || (prefix !== null && name === `xmlns:${prefix}`)) namespace = value.trim();
  }
  const kind = kindOfRoot(local);
  const ernVersion = isChoreographyNamespace(namespace) ? null : ernVersionFromNamespace(namespace);
  return { kind, namespace, ernVersion };
}
