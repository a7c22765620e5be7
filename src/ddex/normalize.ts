// Tree → ErnMessage. One normaliser for both families: 3.x keeps display data in
// ...DetailsByTerritory blocks and names parties inline; 4.x puts it on the element with
// ApplicableTerritoryCode / IsDefault attributes and names parties through the PartyList.

import type {
  Contributor,
  DdexError,
  Deal,
  DisplayArtist,
  ErnMessage,
  Line,
  ManifestEntry,
  MessageHeader,
  MessageKind,
  MessageParty,
  ParseResult,
  PartyRef,
  ProprietaryId,
  Release,
  ReleaseIdentifiers,
  Resource,
  ResourceFile,
  ResourceIdentifiers,
  ResourceKind,
  RightsController,
  TerritoryVariant,
} from './types';
import { XNode, attr, avsValue, kid, kidText, kidTexts, kids, txt } from './xml';
import {
  SUPPORTED_VERSIONS_TEXT,
  ernVersionFromNamespace,
  ernVersionFromSchemaVersionId,
  kindOfRoot,
  namespaceOf,
} from './versions';
import {
  bitrateKbps,
  normalizeDate,
  normalizeDateTime,
  parseBool,
  parseDurationMs,
  parseInteger,
  parseNumber,
  samplingRateHz,
} from './values';

class UnresolvedReference extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

interface RefUse {
  ref: string;
  line: number;
  element: string;
}

/** A release's references as read; resolved once every list has been read. */
interface PendingRelease {
  /** Track-list candidates in order, with the disc their group gives them. */
  items: (RefUse & { disc: number; groupTitle: string | null })[];
  /** Every resource the release names (items, links, reference lists). */
  refs: RefUse[];
  visibility: RefUse | null;
}

interface Ctx {
  family: 3 | 4;
  /** Summary mode: TrackReleases and credits are only checked for their references, not read. */
  lite: boolean;
  today: string;
  parties: Map<string, PartyRef>;
  partyList: PartyRef[];
  resources: Map<string, Resource>;
  resourceList: Resource[];
  releases: Release[];
  pendingReleases: Map<Release, PendingRelease>;
  deals: Deal[];
  dealRefs: RefUse[];
  dealVisibility: { deal: Deal; use: RefUse }[];
  visibility: Map<string, string | null>;
  /** Party references (4.x), applied when the PartyList is known in full. */
  pendingParties: { use: RefUse; apply: (p: PartyRef) => void }[];
}

const WORLDWIDE = 'Worldwide';

export interface NormalizeOptions {
  today?: string;
  /** Read only what a summary shows, with the same refusals as a full read. */
  lite?: boolean;
}

/** Lists whose entries are normalised as soon as each closes, so their subtrees never pile up. */
export const STREAMED_LISTS = new Set(['PartyList', 'ResourceList', 'ReleaseList', 'DealList']);

/**
 * Reads an ERN message while saxes streams it: each party, resource, release and deal becomes
 * model as its element closes and its subtree is dropped; references are resolved at the end,
 * so memory stays near the size of the model and the order of the lists does not matter.
 */
export class ErnCollector {
  private ctx: Ctx | null = null;
  private decided = false;
  private readonly today: string;
  private readonly lite: boolean;

  constructor(opts: NormalizeOptions = {}) {
    this.today = opts.today ?? new Date().toISOString().slice(0, 10);
    this.lite = opts.lite ?? false;
  }

  private decide(root: XNode, rootQName: string): Ctx | null {
    if (this.decided) return this.ctx;
    this.decided = true;
    const version = ernVersionOf(root, rootQName);
    if (kindOfRoot(root.name) !== 'NewReleaseMessage' || version === null) return null;
    this.ctx = {
      family: version.startsWith('3') ? 3 : 4,
      lite: this.lite,
      today: this.today,
      parties: new Map(),
      partyList: [],
      resources: new Map(),
      resourceList: [],
      releases: [],
      pendingReleases: new Map(),
      deals: [],
      dealRefs: [],
      dealVisibility: [],
      visibility: new Map(),
      pendingParties: [],
    };
    return this.ctx;
  }

  /** Called by the tree builder when a child of a top-level list closes; true drops the subtree. */
  onRecord = (node: XNode, list: XNode, root: XNode, rootQName: string): boolean => {
    const ctx = this.decide(root, rootQName);
    if (ctx === null) return false;
    switch (list.name) {
      case 'PartyList':
        if (node.name === 'Party') readParty(node, ctx);
        return true;
      case 'ResourceList':
        readResource(node, ctx);
        return true;
      case 'ReleaseList':
        if (node.name === 'Release' || node.name === 'TrackRelease' || node.name === 'ClipRelease') {
          if (ctx.lite && isTrackReleaseNode(node, ctx)) ctx.releases.push(releaseLite(node, ctx));
          else ctx.releases.push(ctx.family === 3 ? release3(node, ctx) : release4(node, ctx));
        }
        return true;
      case 'DealList':
        if (node.name === 'ReleaseDeal') readReleaseDeal(node, ctx);
        else if (node.name === 'ReleaseVisibility' || node.name === 'TrackReleaseVisibility') readVisibility(node, ctx);
        return true;
      default:
        return false;
    }
  };

  /** A Deal is read as soon as it closes when its ReleaseDeal has already named its releases. */
  onSubRecord = (node: XNode, entry: XNode, list: XNode, root: XNode, rootQName: string): boolean => {
    if (list.name !== 'DealList' || entry.name !== 'ReleaseDeal' || node.name !== 'Deal') return false;
    const ctx = this.decide(root, rootQName);
    if (ctx === null) return false;
    const refs = kids(entry, 'DealReleaseReference');
    if (refs.length === 0) return false; // references written after the deals: read at the ReleaseDeal's close
    readDeal(node, refs.map(use), ctx);
    return true;
  };

  finish(root: XNode, rootQName: string): ParseResult {
    const kind = kindOfRoot(root.name);
    const namespace = namespaceOf(rootQName, root.attrs);
    if (kind === 'other') {
      if (namespace && ernVersionFromNamespace(namespace)) {
        return fail('unsupported_message', `<${root.name}> is an ERN message this product does not import (it reads NewReleaseMessage and PurgeReleaseMessage)`, root.line);
      }
      return fail('not_ern', `Not an ERN message: the root element is <${root.name}>${namespace ? ` in namespace ${namespace}` : ''}, not NewReleaseMessage or PurgeReleaseMessage`, root.line);
    }
    const header = readHeader(root);
    if (kind === 'ManifestMessage' || kind === 'Acknowledgement') {
      return { ok: true, message: choreographyMessage(kind, root, namespace, header) };
    }
    const ernVersion = ernVersionOf(root, rootQName);
    if (ernVersion === null) {
      if (namespace) {
        return fail('unknown_namespace', `Unknown namespace "${namespace}" on <${root.name}>: not an ERN version this engine reads (${SUPPORTED_VERSIONS_TEXT})`, root.line);
      }
      return fail('unknown_namespace', `<${root.name}> declares no ERN namespace (and no MessageSchemaVersionId): cannot tell which ERN version it is`, root.line);
    }
    const family: 3 | 4 = ernVersion.startsWith('3') ? 3 : 4;
    const base: ErnMessage = {
      kind,
      rootElement: root.name,
      ernVersion,
      family,
      namespace,
      header,
      parties: [],
      releases: [],
      resources: [],
      deals: [],
      mainReleaseIndex: -1,
      mainRelease: null,
      isTakedown: false,
      isMetadataOnly: false,
      dealListAbsent: kid(root, 'DealList') === null,
      purgedReleaseIds: [],
      manifest: null,
    };
    if (kind === 'PurgeReleaseMessage') return { ok: true, message: purgeMessage(base, root) };
    // A message without any list never called onRecord: set up now.
    const ctx = this.decide(root, rootQName) as Ctx;
    try {
      resolveAll(ctx);
    } catch (err) {
      if (err instanceof UnresolvedReference) {
        return fail('unresolved_reference', `Unresolved reference at line ${err.line}: ${err.detail}`, err.line);
      }
      throw err;
    }
    const releases = ctx.releases;
    const mainReleaseIndex = pickMainRelease(releases, family);
    for (let i = 0; i < releases.length; i++) releases[i].isMain = i === mainReleaseIndex;
    const mainRelease = mainReleaseIndex >= 0 ? releases[mainReleaseIndex] : null;
    let anyProvided = false;
    for (const r of ctx.resourceList) for (const f of r.files) if (f.provided) anyProvided = true;
    base.parties = ctx.partyList;
    base.resources = ctx.resourceList;
    base.releases = releases;
    base.deals = ctx.deals;
    base.mainReleaseIndex = mainReleaseIndex;
    base.mainRelease = mainRelease;
    base.isTakedown = mainRelease?.takedown ?? false;
    base.isMetadataOnly = !anyProvided;
    return { ok: true, message: base };
  }
}

function ernVersionOf(root: XNode, rootQName: string): string | null {
  const namespace = namespaceOf(rootQName, root.attrs);
  if (namespace) return ernVersionFromNamespace(namespace);
  // No namespace at all: accept only an explicit MessageSchemaVersionId, never a guess.
  return ernVersionFromSchemaVersionId(attr(root, 'MessageSchemaVersionId'));
}

function use(node: XNode): RefUse {
  return { ref: txt(node) ?? '', line: node.line, element: node.name };
}

/** Resolves every reference the lists made to each other, then derives tracks, takedowns, dates. */
function resolveAll(ctx: Ctx): void {
  for (const { use: u, apply } of ctx.pendingParties) {
    const party = ctx.parties.get(u.ref);
    if (!party) throw new UnresolvedReference(u.line, `${u.element} "${u.ref}" names no Party in the PartyList`);
    apply(party);
  }
  for (const res of ctx.resourceList) {
    if (res.displayArtistName === null) res.displayArtistName = composeDisplayName(res.displayArtists);
  }
  const releaseRefs = new Set<string>();
  for (const rel of ctx.releases) {
    releaseRefs.add(rel.reference);
    const pending = ctx.pendingReleases.get(rel) as PendingRelease;
    const seen = new Set<string>();
    for (const u of pending.refs) {
      const res = ctx.resources.get(u.ref);
      if (!res) throw new UnresolvedReference(u.line, `${u.element} "${u.ref}" names no resource in the ResourceList`);
      if (!seen.has(u.ref)) {
        seen.add(u.ref);
        rel.resourceReferences.push(u.ref);
      }
    }
    const perDisc = new Map<number, number>();
    for (const item of pending.items) {
      const res = ctx.resources.get(item.ref) as Resource;
      if (!isTrackKind(res.kind)) continue;
      const n = (perDisc.get(item.disc) ?? 0) + 1;
      perDisc.set(item.disc, n);
      rel.trackList.push({ resourceReference: item.ref, discNumber: item.disc, trackNumber: n, sequence: rel.trackList.length + 1, groupTitle: item.groupTitle });
    }
    if (pending.visibility) {
      const v = pending.visibility;
      if (!ctx.visibility.has(v.ref)) throw new UnresolvedReference(v.line, `${v.element} "${v.ref}" names no ReleaseVisibility in the DealList`);
      rel.displayStartDate = ctx.visibility.get(v.ref) ?? null;
    }
    if (rel.isTrackRelease && rel.trackList.length > 0) {
      // A TrackRelease often states only ids and a label: the rest is its resource's.
      const res = ctx.resources.get(rel.trackList[0].resourceReference) as Resource;
      rel.title ??= res.title;
      rel.subtitle ??= res.subtitle;
      rel.displayArtistName ??= res.displayArtistName;
      if (rel.displayArtists.length === 0) rel.displayArtists = res.displayArtists;
      rel.durationMs ??= res.durationMs;
      rel.parentalWarning ??= res.parentalWarning;
      rel.pLine ??= res.pLine;
    }
    if (rel.displayArtistName === null) rel.displayArtistName = composeDisplayName(rel.displayArtists);
    if (rel.durationMs === null) rel.durationMs = sumDurations(rel, ctx);
  }
  // "No DisplayArtistName is shown here as the DisplayArtistName is the same as for the Release"
  // (DDEX's own profile samples): a track without one takes its release's, the main release first.
  const byPriority = [...ctx.releases].sort((a, b) => Number(b.isMain) - Number(a.isMain) || Number(a.isTrackRelease) - Number(b.isTrackRelease));
  for (const rel of byPriority) {
    for (const t of rel.trackList) {
      const res = ctx.resources.get(t.resourceReference) as Resource;
      if (res.displayArtistName === null && rel.displayArtistName !== null) {
        res.displayArtistName = rel.displayArtistName;
        if (res.displayArtists.length === 0) res.displayArtists = rel.displayArtists;
      }
    }
  }
  for (const u of ctx.dealRefs) {
    if (!releaseRefs.has(u.ref)) throw new UnresolvedReference(u.line, `${u.element} "${u.ref}" names no release in the ReleaseList`);
  }
  for (const { deal, use: u } of ctx.dealVisibility) {
    if (!ctx.visibility.has(u.ref)) throw new UnresolvedReference(u.line, `${u.element} "${u.ref}" names no ReleaseVisibility in the DealList`);
    deal.displayStartDate ??= ctx.visibility.get(u.ref) ?? null;
  }
  applyDeals(ctx.releases, ctx.deals, ctx);
}

function fail(code: DdexError['code'], message: string, line?: number): ParseResult {
  return { ok: false, error: { code, message, line } };
}

// ---------------------------------------------------------------- header and parties

function messageParty(node: XNode | null): MessageParty {
  if (!node) return { partyId: null, name: null };
  const idNode = kid(node, 'PartyId');
  let partyId = txt(idNode);
  if (partyId === null && idNode) partyId = kidText(idNode, 'DPID') ?? kidText(idNode, 'ProprietaryId');
  return { partyId, name: partyName(node) ?? kidText(node, 'TradingName') };
}

/** The default PartyName's FullName: the one without a language tag, else the first. */
function partyName(node: XNode | null): string | null {
  const names = kids(node, 'PartyName');
  if (names.length === 0) return null;
  let chosen = names[0];
  for (const n of names) {
    if (n.attrs.LanguageAndScriptCode === undefined) {
      chosen = n;
      break;
    }
  }
  return kidText(chosen, 'FullName') ?? kidText(chosen, 'FullNameAsWritten') ?? kidText(chosen, 'KeyName') ?? txt(chosen);
}

function readHeader(root: XNode): MessageHeader {
  const h = kid(root, 'MessageHeader');
  const createdAtRaw = kidText(h, 'MessageCreatedDateTime');
  const onBehalf = kid(h, 'SentOnBehalfOf');
  return {
    messageId: kidText(h, 'MessageId'),
    threadId: kidText(h, 'MessageThreadId'),
    sender: messageParty(kid(h, 'MessageSender')),
    sentOnBehalfOf: onBehalf ? messageParty(onBehalf) : null,
    recipients: kids(h, 'MessageRecipient').map(messageParty),
    createdAt: normalizeDateTime(createdAtRaw),
    createdAtRaw,
    controlType: kidText(h, 'MessageControlType') ?? kidText(root, 'MessageControlType'),
    updateIndicator: kidText(root, 'UpdateIndicator'),
  };
}

function readParty(p: XNode, ctx: Ctx): void {
  const reference = kidText(p, 'PartyReference');
  const party: PartyRef = { reference, name: partyName(p), partyIds: [], isni: null, ipi: null, proprietaryIds: [], namesByLanguage: {} };
  for (const n of kids(p, 'PartyName')) {
    const lang = attr(n, 'LanguageAndScriptCode');
    const full = kidText(n, 'FullName');
    if (lang && full) party.namesByLanguage[lang] = full;
  }
  for (const idNode of kids(p, 'PartyId')) {
    const plain = txt(idNode);
    if (plain !== null) party.partyIds.push(plain);
    party.isni ??= kidText(idNode, 'ISNI');
    party.ipi ??= kidText(idNode, 'IpiNameNumber');
    const dpid = kidText(idNode, 'DPID');
    if (dpid) party.partyIds.push(dpid);
    for (const pid of kids(idNode, 'ProprietaryId')) pushProprietary(party.proprietaryIds, pid);
  }
  ctx.partyList.push(party);
  if (reference) ctx.parties.set(reference, party);
}

/** Registers a 4.x party reference; `apply` runs with the party once the PartyList is complete. */
function deferParty(refNode: XNode | null, ctx: Ctx, apply: (p: PartyRef) => void): void {
  if (refNode === null) return;
  const ref = txt(refNode);
  if (ref === null) return;
  // The PartyList normally comes first: resolve at once, and keep only the rest for the end.
  const known = ctx.parties.get(ref);
  if (known) apply(known);
  else ctx.pendingParties.push({ use: use(refNode), apply });
}

function partyIdOf(p: PartyRef): string | null {
  return p.partyIds[0] ?? p.isni ?? null;
}

// ---------------------------------------------------------------- shared readers

function pushProprietary(list: ProprietaryId[], node: XNode): void {
  const value = txt(node);
  if (value !== null) list.push({ namespace: attr(node, 'Namespace'), value });
}

/**
 * Among 4.x repeated elements (DisplayTitleText, DisplayArtistName, Genre...), the one for display:
 * IsDefault first, then Worldwide (or no territory), then one without a language tag.
 */
function choose(nodes: XNode[]): XNode | null {
  if (nodes.length <= 1) return nodes[0] ?? null;
  let best: XNode | null = null;
  let bestScore = -1;
  for (const n of nodes) {
    const a = n.attrs;
    const territory = a.ApplicableTerritoryCode;
    const score =
      (a.IsDefault !== undefined && a.IsDefault.trim() === 'true' ? 8 : 0) +
      (territory === undefined || territory.trim() === WORLDWIDE ? 4 : 0) +
      (a.LanguageAndScriptCode === undefined ? 2 : 0);
    if (score > bestScore) {
      best = n;
      bestScore = score;
    }
  }
  return best;
}

function readLine(node: XNode | null, textName: string): Line | null {
  if (!node) return null;
  const year = parseInteger(kidText(node, 'Year'));
  const text = kidText(node, textName);
  if (year === null && text === null) return null;
  return { year, text };
}

function sortBySequence<T extends { sequence: number | null }>(list: T[]): T[] {
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1].sequence;
    const b = list[i].sequence;
    if (a !== null && b !== null && a > b) {
      return list
        .map((v, idx) => ({ v, idx }))
        .sort((x, y) => (x.v.sequence ?? Infinity) - (y.v.sequence ?? Infinity) || x.idx - y.idx)
        .map((x) => x.v);
    }
  }
  return list;
}

function readDisplayArtists(parent: XNode | null, ctx: Ctx): DisplayArtist[] {
  const nodes = kids(parent, 'DisplayArtist');
  if (nodes.length === 0) return [];
  const out: DisplayArtist[] = [];
  for (const da of nodes) {
    const refNode = kid(da, 'ArtistPartyReference');
    const artist: DisplayArtist = {
      name: partyName(da),
      role: displayArtistRole(da),
      sequence: parseInteger(attr(da, 'SequenceNumber')),
      partyId: kidText(da, 'PartyId'),
      partyReference: txt(refNode),
    };
    deferParty(refNode, ctx, (p) => {
      artist.name = p.name;
      artist.partyId = partyIdOf(p);
    });
    out.push(artist);
  }
  return sortBySequence(out);
}

/**
 * A display artist's role. Some labels list several ArtistRoles on one DisplayArtist
 * (AssociatedPerformer, MainArtist, Producer...): MainArtist wins when present, else the first.
 */
function displayArtistRole(da: XNode): string | null {
  let first: string | null = null;
  for (const c of da.children ?? []) {
    if (c.name !== 'DisplayArtistRole' && c.name !== 'ArtistRole') continue;
    const v = avsValue(c);
    if (v === 'MainArtist') return v;
    first ??= v;
  }
  return first;
}

/** The name as displayed when the message gives only the artists: main artists in sequence. */
function composeDisplayName(artists: DisplayArtist[]): string | null {
  const main = artists.filter((a) => a.name && (a.role === null || a.role === 'MainArtist'));
  const use = main.length > 0 ? main : artists.filter((a) => a.name);
  return use.length > 0 ? use.map((a) => a.name).join(', ') : null;
}

const NOOP = () => {};

function readContributors(parent: XNode | null, ctx: Ctx, out: Contributor[]): void {
  const ch = parent?.children;
  if (!ch) return;
  if (ctx.lite) {
    for (const c of ch) if (c.name === 'Contributor' || c.name === 'IndirectContributor') deferParty(kid(c, 'ContributorPartyReference'), ctx, NOOP);
    return;
  }
  for (const c of ch) {
    let direct: boolean;
    let roleName: string;
    let refName: string;
    if (c.name === 'Contributor' || c.name === 'ResourceContributor') {
      direct = true;
      roleName = c.name === 'Contributor' ? 'Role' : 'ResourceContributorRole';
      refName = 'ContributorPartyReference';
    } else if (c.name === 'IndirectResourceContributor' || c.name === 'IndirectContributor') {
      direct = false;
      roleName = c.name === 'IndirectContributor' ? 'Role' : 'IndirectResourceContributorRole';
      refName = 'ContributorPartyReference';
    } else continue;
    const refNode = kid(c, refName);
    const roles = kids(c, roleName);
    const roleValues = roles.length > 0 ? roles.map(avsValue) : [avsValue(kid(c, 'Role'))];
    const instrument = avsValue(kid(c, 'InstrumentType'));
    const sequence = parseInteger(attr(c, 'SequenceNumber'));
    const entries: Contributor[] = [];
    for (const role of roleValues) {
      const entry: Contributor = { name: partyName(c), role, direct, instrument, sequence, partyId: kidText(c, 'PartyId'), partyReference: txt(refNode) };
      entries.push(entry);
      out.push(entry);
    }
    deferParty(refNode, ctx, (p) => {
      for (const e of entries) {
        e.name = p.name;
        e.partyId = partyIdOf(p);
      }
    });
  }
}

function readRightsControllers(parent: XNode | null, territories: string[], ctx: Ctx, out: RightsController[]): void {
  const ch = parent?.children;
  if (!ch) return;
  if (ctx.lite) {
    for (const c of ch) if (c.name === 'ResourceRightsController') deferParty(kid(c, 'RightsControllerPartyReference'), ctx, NOOP);
    return;
  }
  for (const c of ch) {
    if (c.name !== 'RightsController' && c.name !== 'ResourceRightsController') continue;
    const refNode = kid(c, 'RightsControllerPartyReference');
    const applicable = attr(c, 'ApplicableTerritoryCode');
    const controller: RightsController = {
      name: partyName(c),
      partyId: kidText(c, 'PartyId'),
      partyReference: txt(refNode),
      role: avsValue(kid(c, 'RightsControllerRole')) ?? avsValue(kid(c, 'RightsControlType')),
      rightSharePercentage: parseNumber(kidText(c, 'RightSharePercentage')),
      territories: applicable ? [applicable] : territories,
    };
    deferParty(refNode, ctx, (p) => {
      controller.name = p.name;
      controller.partyId = partyIdOf(p);
    });
    out.push(controller);
  }
}

function readGenre(node: XNode | null): { genre: string | null; subGenre: string | null } {
  return { genre: kidText(node, 'GenreText'), subGenre: kidText(node, 'SubGenre') };
}

// ---- 3.x territory variants ----

function variantsOf(node: XNode, suffix: string): XNode[] {
  const ch = node.children;
  if (!ch) return [];
  const out: XNode[] = [];
  for (const c of ch) if (c.name.endsWith(suffix)) out.push(c);
  return out;
}

/** The variant to display: Worldwide, else "everywhere except" (ExcludedTerritoryCode), else the first. */
function defaultVariant(variants: XNode[]): XNode | null {
  if (variants.length <= 1) return variants[0] ?? null;
  for (const v of variants) for (const t of kids(v, 'TerritoryCode')) if (txt(t) === WORLDWIDE) return v;
  for (const v of variants) if (kid(v, 'ExcludedTerritoryCode')) return v;
  return variants[0];
}

/** A field from the default variant, else from the first other variant that has it. */
function fromVariants<T>(def: XNode | null, variants: XNode[], read: (v: XNode) => T | null): T | null {
  if (def) {
    const v = read(def);
    if (v !== null) return v;
  }
  for (const v of variants) {
    if (v === def) continue;
    const r = read(v);
    if (r !== null) return r;
  }
  return null;
}

function titleNode3(v: XNode): XNode | null {
  const titles = kids(v, 'Title');
  if (titles.length === 0) return null;
  return (
    titles.find((t) => t.attrs.TitleType === 'DisplayTitle') ??
    titles.find((t) => t.attrs.TitleType === 'FormalTitle') ??
    titles[0]
  );
}

function variant3(v: XNode, ctx: Ctx): TerritoryVariant {
  const t = titleNode3(v);
  const genre = readGenre(kid(v, 'Genre'));
  const displayArtists = readDisplayArtists(v, ctx);
  return {
    territories: kidTexts(v, 'TerritoryCode'),
    excludedTerritories: kidTexts(v, 'ExcludedTerritoryCode'),
    title: kidText(t, 'TitleText'),
    subtitle: kidText(t, 'SubTitle'),
    displayArtistName: kidText(v, 'DisplayArtistName') ?? composeDisplayName(displayArtists),
    displayArtists,
    label: kidText(v, 'LabelName'),
    genre: genre.genre,
    subGenre: genre.subGenre,
    parentalWarning: avsValue(kid(v, 'ParentalWarningType')),
    releaseDate: normalizeDate(kidText(v, 'ReleaseDate')),
  };
}

// ---- 4.x territory variants ----

const TERRITORIAL_4 = ['DisplayTitleText', 'DisplayTitle', 'DisplayArtistName', 'ReleaseLabelReference', 'Genre', 'ParentalWarningType', 'ReleaseDate'];

function variants4(node: XNode, ctx: Ctx): TerritoryVariant[] {
  const codes = new Set<string>();
  const ch = node.children;
  if (!ch) return [];
  for (const c of ch) {
    const t = c.attrs.ApplicableTerritoryCode;
    if (t !== undefined && t.trim() !== WORLDWIDE && TERRITORIAL_4.includes(c.name)) codes.add(t.trim());
  }
  if (codes.size === 0) return [];
  const out: TerritoryVariant[] = [];
  for (const code of codes) {
    const pick = (name: string) => choose(kids(node, name).filter((n) => attr(n, 'ApplicableTerritoryCode') === code));
    const label = pick('ReleaseLabelReference');
    const genre = readGenre(pick('Genre'));
    const title = pick('DisplayTitle');
    const variant: TerritoryVariant = {
      territories: [code],
      excludedTerritories: [],
      title: txt(pick('DisplayTitleText')) ?? kidText(title, 'TitleText'),
      subtitle: kidText(title, 'SubTitle'),
      displayArtistName: txt(pick('DisplayArtistName')),
      displayArtists: [],
      label: null,
      genre: genre.genre,
      subGenre: genre.subGenre,
      parentalWarning: avsValue(pick('ParentalWarningType')),
      releaseDate: normalizeDate(txt(pick('ReleaseDate'))),
    };
    deferParty(label, ctx, (p) => {
      variant.label = p.name;
    });
    out.push(variant);
  }
  return out;
}

// ---------------------------------------------------------------- resources

const RESOURCE_KINDS: Record<string, ResourceKind> = {
  SoundRecording: 'sound_recording',
  Video: 'video',
  Image: 'image',
  Text: 'text',
  SheetMusic: 'other',
  Software: 'other',
  MIDI: 'other',
  UserDefinedResource: 'other',
};

const RESOURCE_ID_ELEMENTS = new Set([
  'ResourceId',
  'SoundRecordingId',
  'VideoId',
  'ImageId',
  'TextId',
  'SheetMusicId',
  'SoftwareId',
  'MidiId',
  'IndirectSoundRecordingId',
  'IndirectVideoId',
  'WorkId',
]);

function readResourceIds(nodes: XNode[], into: ResourceIdentifiers): void {
  for (const idNode of nodes) {
    into.isrc ??= kidText(idNode, 'ISRC');
    into.iswc ??= kidText(idNode, 'ISWC');
    into.grid ??= kidText(idNode, 'GRid');
    into.isan ??= kidText(idNode, 'ISAN') ?? kidText(idNode, 'VISAN');
    into.catalogNumber ??= kidText(idNode, 'CatalogNumber');
    for (const p of kids(idNode, 'ProprietaryId')) pushProprietary(into.proprietary, p);
  }
}

function idNodesOf(node: XNode): XNode[] {
  const ch = node.children;
  if (!ch) return [];
  const out: XNode[] = [];
  for (const c of ch) if (RESOURCE_ID_ELEMENTS.has(c.name)) out.push(c);
  return out;
}

function readResource(r: XNode, ctx: Ctx): void {
  const kind = RESOURCE_KINDS[r.name];
  if (kind === undefined) return;
  const reference = kidText(r, 'ResourceReference');
  if (reference === null) return;
  const res = ctx.family === 3 ? resource3(r, kind, reference, ctx) : resource4(r, kind, reference, ctx);
  ctx.resourceList.push(res);
  if (!ctx.resources.has(reference)) ctx.resources.set(reference, res);
}

function emptyResource(r: XNode, kind: ResourceKind, reference: string): Resource {
  return {
    kind,
    element: r.name,
    reference,
    type: null,
    identifiers: { isrc: null, iswc: null, grid: null, isan: null, catalogNumber: null, proprietary: [] },
    title: null,
    subtitle: null,
    displayArtistName: null,
    displayArtists: [],
    contributors: [],
    durationMs: parseDurationMs(kidText(r, 'Duration')),
    languagesOfPerformance: kidTexts(r, 'LanguageOfPerformance'),
    rightsControllers: [],
    pLine: null,
    genre: null,
    subGenre: null,
    parentalWarning: null,
    label: null,
    technicalDetails: [],
    files: [],
    byTerritory: [],
    line: r.line,
  };
}

function resource3(r: XNode, kind: ResourceKind, reference: string, ctx: Ctx): Resource {
  const res = emptyResource(r, kind, reference);
  res.type = avsValue(kid(r, `${r.name}Type`)) ?? avsValue(kid(r, 'Type'));
  readResourceIds(idNodesOf(r), res.identifiers);
  const variants = variantsOf(r, 'DetailsByTerritory');
  const def = defaultVariant(variants);
  const titleNode = fromVariants(def, variants, titleNode3);
  const refTitle = kid(r, 'ReferenceTitle');
  res.title = kidText(titleNode, 'TitleText') ?? kidText(refTitle, 'TitleText');
  res.subtitle = kidText(titleNode, 'SubTitle') ?? kidText(refTitle, 'SubTitle');
  res.displayArtists = def ? readDisplayArtists(def, ctx) : [];
  res.displayArtistName = fromVariants(def, variants, (v) => kidText(v, 'DisplayArtistName'));
  if (def) readContributors(def, ctx, res.contributors);
  res.contributors = sortBySequence(res.contributors);
  for (const v of variants) readRightsControllers(v, kidTexts(v, 'TerritoryCode'), ctx, res.rightsControllers);
  res.pLine = readLine(kid(r, 'PLine') ?? fromVariants(def, variants, (v) => kid(v, 'PLine')), 'PLineText');
  const genre = readGenre(fromVariants(def, variants, (v) => kid(v, 'Genre')));
  res.genre = genre.genre;
  res.subGenre = genre.subGenre;
  res.parentalWarning = fromVariants(def, variants, (v) => avsValue(kid(v, 'ParentalWarningType')));
  res.label = fromVariants(def, variants, (v) => kidText(v, 'LabelName'));
  if (res.languagesOfPerformance.length === 0 && def) res.languagesOfPerformance = kidTexts(def, 'LanguageOfPerformance');
  const seen = new Set<string>();
  for (const v of variants) {
    const vch = v.children;
    if (!vch) continue;
    for (const t of vch) {
      if (!t.name.startsWith('Technical') || !t.name.endsWith('Details')) continue;
      const techRef = kidText(t, 'TechnicalResourceDetailsReference');
      if (techRef !== null) {
        if (seen.has(techRef)) continue;
        seen.add(techRef);
      }
      readTechnical(t, t, techRef, res);
    }
  }
  for (const v of variants) if (v !== def) res.byTerritory.push(variant3(v, ctx));
  return res;
}

/** The children of a 4.x resource that the model reads, sorted into buckets in one pass. */
interface Resource4Parts {
  type: XNode | null;
  ids: XNode[];
  editions: XNode[];
  titleTexts: XNode[];
  titles: XNode[];
  referenceTitle: XNode | null;
  artistNames: XNode[];
  pLines: XNode[];
  genres: XNode[];
  warnings: XNode[];
  labelRefs: XNode[];
  labelName: XNode | null;
  technical: XNode[];
  territorial: boolean;
}

function resource4Parts(r: XNode): Resource4Parts {
  const p: Resource4Parts = {
    type: null,
    ids: [],
    editions: [],
    titleTexts: [],
    titles: [],
    referenceTitle: null,
    artistNames: [],
    pLines: [],
    genres: [],
    warnings: [],
    labelRefs: [],
    labelName: null,
    technical: [],
    territorial: false,
  };
  for (const c of r.children ?? []) {
    switch (c.name) {
      case 'Type':
        p.type ??= c;
        break;
      case 'ResourceId':
        p.ids.push(c);
        break;
      case 'DisplayTitleText':
        p.titleTexts.push(c);
        break;
      case 'DisplayTitle':
        p.titles.push(c);
        break;
      case 'ReferenceTitle':
        p.referenceTitle = c;
        break;
      case 'DisplayArtistName':
        p.artistNames.push(c);
        break;
      case 'PLine':
        p.pLines.push(c);
        break;
      case 'Genre':
        p.genres.push(c);
        break;
      case 'ParentalWarningType':
        p.warnings.push(c);
        break;
      case 'ResourceLabelReference':
        p.labelRefs.push(c);
        break;
      case 'LabelName':
        p.labelName = c;
        break;
      case 'TechnicalDetails':
        p.technical.push(c);
        break;
      default:
        if (c.name.endsWith('Edition')) p.editions.push(c);
        else if (RESOURCE_ID_ELEMENTS.has(c.name)) p.ids.push(c);
        else if (c.name.endsWith('Type') && p.type === null && c.name === `${r.name}Type`) p.type = c;
    }
    const t = c.attrs.ApplicableTerritoryCode;
    if (t !== undefined && !p.territorial && t.trim() !== WORLDWIDE) p.territorial = true;
  }
  return p;
}

function resource4(r: XNode, kind: ResourceKind, reference: string, ctx: Ctx): Resource {
  const res = emptyResource(r, kind, reference);
  const p = resource4Parts(r);
  res.type = avsValue(p.type);
  readResourceIds(p.ids, res.identifiers);
  for (const e of p.editions) readResourceIds(idNodesOf(e), res.identifiers);
  const title = choose(p.titles);
  res.title = txt(choose(p.titleTexts)) ?? kidText(title, 'TitleText') ?? kidText(p.referenceTitle, 'TitleText');
  res.subtitle = kidText(title, 'SubTitle') ?? kidText(p.referenceTitle, 'SubTitle');
  res.displayArtists = readDisplayArtists(r, ctx);
  res.displayArtistName = txt(choose(p.artistNames));
  readContributors(r, ctx, res.contributors);
  res.contributors = sortBySequence(res.contributors);
  readRightsControllers(r, [], ctx, res.rightsControllers);
  let pLine = choose(p.pLines);
  for (const e of p.editions) pLine ??= kid(e, 'PLine');
  res.pLine = readLine(pLine, 'PLineText');
  const genre = readGenre(choose(p.genres));
  res.genre = genre.genre;
  res.subGenre = genre.subGenre;
  res.parentalWarning = avsValue(choose(p.warnings));
  res.label = txt(p.labelName);
  deferParty(choose(p.labelRefs), ctx, (party) => {
    res.label = party.name;
  });
  const techHolders = p.technical;
  for (const e of p.editions) for (const t of kids(e, 'TechnicalDetails')) techHolders.push(t);
  for (const t of techHolders) {
    const techRef = kidText(t, 'TechnicalResourceDetailsReference');
    const deliveryFiles = kids(t, 'DeliveryFile');
    if (deliveryFiles.length === 0) readTechnical(t, t, techRef, res);
    else for (const df of deliveryFiles) readTechnical(df, t, techRef, res);
  }
  if (p.territorial) res.byTerritory = variants4(r, ctx);
  return res;
}

/** One set of technical details and its file. `holder` has the values, `outer` the clip/preview flags. */
function readTechnical(holder: XNode, outer: XNode, techRef: string | null, res: Resource): void {
  // One pass over the children: this runs once per file of every track of a catalogue.
  let codec: string | null = null;
  let container: string | null = null;
  let rateNode: XNode | null = null;
  let bitNode: XNode | null = null;
  let fileNode: XNode | null = null;
  let bits: string | null = null;
  let channels: string | null = null;
  let width: string | null = null;
  let height: string | null = null;
  let frameRate: string | null = null;
  let duration: string | null = null;
  let sizeText: string | null = null;
  let preview: boolean | null = null;
  let providedFlag: boolean | null = null;
  const ch = holder.children;
  if (ch) {
    for (const c of ch) {
      switch (c.name) {
        case 'AudioCodecType':
        case 'VideoCodecType':
        case 'ImageCodecType':
        case 'TextCodecType':
          codec ??= avsValue(c);
          break;
        case 'ContainerFormat':
          container ??= avsValue(c);
          break;
        case 'SamplingRate':
        case 'AudioSamplingRate':
          rateNode ??= c;
          break;
        case 'BitRate':
        case 'AudioBitRate':
        case 'VideoBitRate':
          bitNode ??= c;
          break;
        case 'File':
          fileNode ??= c;
          break;
        case 'BitsPerSample':
        case 'AudioBitsPerSample':
        case 'BitDepth':
          bits ??= txt(c);
          break;
        case 'NumberOfChannels':
        case 'NumberOfAudioChannels':
          channels ??= txt(c);
          break;
        case 'ImageWidth':
        case 'VideoWidth':
          width ??= txt(c);
          break;
        case 'ImageHeight':
        case 'VideoHeight':
          height ??= txt(c);
          break;
        case 'FrameRate':
          frameRate = txt(c);
          break;
        case 'Duration':
          duration = txt(c);
          break;
        case 'FileSize':
          sizeText = txt(c);
          break;
        case 'IsPreview':
        case 'IsClip':
          preview ??= parseBool(txt(c));
          break;
        case 'IsProvidedInDelivery':
          providedFlag = parseBool(txt(c));
          break;
      }
    }
  }
  if (holder !== outer) {
    bitNode ??= kid(outer, 'OverallBitRate');
    preview ??= parseBool(kidText(outer, 'IsClip')) ?? parseBool(kidText(outer, 'IsPreview'));
  }
  const isPreview = preview ?? false;
  const fileSize = parseInteger(kidText(fileNode, 'FileSize') ?? sizeText);
  res.technicalDetails.push({
    reference: techRef,
    codec: codec ?? container,
    bitrateKbps: bitNode ? bitrateKbps(txt(bitNode), bitNode.attrs.UnitOfMeasure) : null,
    samplingRateHz: rateNode ? samplingRateHz(txt(rateNode), rateNode.attrs.UnitOfMeasure) : null,
    bitsPerSample: parseInteger(bits),
    channels: parseInteger(channels),
    width: parseInteger(width),
    height: parseInteger(height),
    frameRate: parseNumber(frameRate),
    fileSize,
    durationMs: parseDurationMs(duration),
    isPreview,
  });
  if (!fileNode) return;
  let name: string | null = null;
  let folder: string | null = null;
  let uri: string | null = null;
  let hashNode: XNode | null = null;
  for (const c of fileNode.children ?? []) {
    if (c.name === 'FileName') name = txt(c);
    else if (c.name === 'FilePath') folder = txt(c);
    else if (c.name === 'URI' || c.name === 'URL') uri ??= txt(c);
    else if (c.name === 'HashSum') hashNode = c;
  }
  let filePath: string | null = null;
  if (name !== null) {
    const last = folder === null ? '' : folder[folder.length - 1];
    filePath = folder ? (last === '/' || last === '\\' ? folder + name : `${folder}/${name}`) : name;
  } else if (uri !== null && !/^[a-z][a-z0-9+.-]*:/i.test(uri)) filePath = uri; // a relative URI is a path in the delivery
  let hash: string | null = null;
  let hashAlgorithm: string | null = null;
  if (hashNode) {
    hash = kidText(hashNode, 'HashSumValue') ?? kidText(hashNode, 'HashSum') ?? txt(hashNode);
    hashAlgorithm = avsValue(kid(hashNode, 'Algorithm')) ?? avsValue(kid(hashNode, 'HashSumAlgorithmType')) ?? attr(hashNode, 'HashSumAlgorithmType');
  }
  const file: ResourceFile = {
    path: filePath,
    uri,
    hashAlgorithm,
    hash,
    size: fileSize,
    provided: providedFlag ?? (filePath !== null || uri !== null),
    isPreview,
    technicalReference: techRef,
  };
  res.files.push(file);
}

// ---------------------------------------------------------------- releases

function readReleaseIds(nodes: XNode[]): ReleaseIdentifiers {
  const ids: ReleaseIdentifiers = { icpn: null, upc: null, ean: null, grid: null, isrc: null, catalogNumber: null, proprietary: [] };
  for (const idNode of nodes) {
    ids.grid ??= kidText(idNode, 'GRid');
    const icpnNode = kid(idNode, 'ICPN');
    const icpn = txt(icpnNode);
    if (icpn !== null && ids.icpn === null) {
      ids.icpn = icpn;
      const isEan = parseBool(attr(icpnNode, 'IsEan'));
      if (isEan === true || (isEan === null && icpn.length === 13)) ids.ean = icpn;
      else if (isEan === false || (isEan === null && icpn.length === 12)) ids.upc = icpn;
    }
    ids.ean ??= kidText(idNode, 'EAN');
    ids.upc ??= kidText(idNode, 'UPC');
    ids.isrc ??= kidText(idNode, 'ISRC');
    ids.catalogNumber ??= kidText(idNode, 'CatalogNumber');
    for (const p of kids(idNode, 'ProprietaryId')) pushProprietary(ids.proprietary, p);
  }
  ids.icpn ??= ids.ean ?? ids.upc;
  return ids;
}

function emptyRelease(r: XNode, reference: string): Release {
  return {
    reference,
    isMain: parseBool(attr(r, 'IsMainRelease')) === true,
    isTrackRelease: false,
    type: null,
    declaredType: null,
    identifiers: readReleaseIds(kids(r, 'ReleaseId')),
    title: null,
    subtitle: null,
    displayArtistName: null,
    displayArtists: [],
    label: null,
    genre: null,
    subGenre: null,
    parentalWarning: null,
    pLine: null,
    cLine: null,
    releaseDate: null,
    originalReleaseDate: null,
    displayStartDate: null,
    durationMs: parseDurationMs(kidText(r, 'Duration')),
    trackList: [],
    resourceReferences: [],
    takedown: false,
    byTerritory: [],
    line: r.line,
  };
}

function pendingOf(rel: Release, ctx: Ctx): PendingRelease {
  const p: PendingRelease = { items: [], refs: [], visibility: null };
  ctx.pendingReleases.set(rel, p);
  return p;
}

/** The track list when the release has no ResourceGroup: its resource references in order. */
function itemsFromReferences(pending: PendingRelease): void {
  for (const u of pending.refs) pending.items.push({ ref: u.ref, line: u.line, element: u.element, disc: 1, groupTitle: null });
}

function isTrackReleaseNode(r: XNode, ctx: Ctx): boolean {
  if (r.name === 'TrackRelease') return true;
  if (parseBool(attr(r, 'IsMainRelease')) === true) return false;
  const type = kid(r, 'ReleaseType');
  return ctx.family === 3 && txt(type) === 'TrackRelease';
}

/** A TrackRelease in summary mode: identity and references only, so refusals match a full read. */
function releaseLite(r: XNode, ctx: Ctx): Release {
  const rel = emptyRelease(r, kidText(r, 'ReleaseReference') ?? `line-${r.line}`);
  rel.isTrackRelease = true;
  rel.type = 'TrackRelease';
  rel.declaredType = txt(kid(r, 'ReleaseType')) ?? r.name;
  const pending = pendingOf(rel, ctx);
  for (const ref of kids(r, 'ReleaseResourceReference')) pending.refs.push(use(ref));
  for (const ref of kids(kid(r, 'ReleaseResourceReferenceList'), 'ReleaseResourceReference')) pending.refs.push(use(ref));
  const group = kid(r, 'ResourceGroup') ?? variantsOf(r, 'DetailsByTerritory').map((v) => kid(v, 'ResourceGroup')).find((g) => g) ?? null;
  if (group) readGroups(group, pending);
  else itemsFromReferences(pending);
  const visibility = kid(r, 'ReleaseVisibilityReference');
  if (visibility && txt(visibility) !== null) pending.visibility = use(visibility);
  if (ctx.family === 4) {
    for (const da of kids(r, 'DisplayArtist')) deferParty(kid(da, 'ArtistPartyReference'), ctx, NOOP);
    for (const l of kids(r, 'ReleaseLabelReference')) deferParty(l, ctx, NOOP);
  }
  return rel;
}

function release3(r: XNode, ctx: Ctx): Release {
  const rel = emptyRelease(r, kidText(r, 'ReleaseReference') ?? `line-${r.line}`);
  const typeNode = kid(r, 'ReleaseType');
  rel.declaredType = txt(typeNode);
  rel.type = avsValue(typeNode);
  rel.isTrackRelease = rel.type === 'TrackRelease';
  const variants = variantsOf(r, 'DetailsByTerritory');
  const def = defaultVariant(variants);
  const titleNode = fromVariants(def, variants, titleNode3);
  const refTitle = kid(r, 'ReferenceTitle');
  rel.title = kidText(titleNode, 'TitleText') ?? kidText(refTitle, 'TitleText');
  rel.subtitle = kidText(titleNode, 'SubTitle') ?? kidText(refTitle, 'SubTitle');
  rel.displayArtists = def ? readDisplayArtists(def, ctx) : [];
  rel.displayArtistName = fromVariants(def, variants, (v) => kidText(v, 'DisplayArtistName'));
  rel.label = fromVariants(def, variants, (v) => kidText(v, 'LabelName'));
  const genre = readGenre(fromVariants(def, variants, (v) => kid(v, 'Genre')));
  rel.genre = genre.genre;
  rel.subGenre = genre.subGenre;
  rel.parentalWarning = fromVariants(def, variants, (v) => avsValue(kid(v, 'ParentalWarningType')));
  rel.pLine = readLine(kid(r, 'PLine') ?? fromVariants(def, variants, (v) => kid(v, 'PLine')), 'PLineText');
  rel.cLine = readLine(kid(r, 'CLine') ?? fromVariants(def, variants, (v) => kid(v, 'CLine')), 'CLineText');
  rel.releaseDate = normalizeDate(fromVariants(def, variants, (v) => kidText(v, 'ReleaseDate')) ?? kidText(r, 'GlobalReleaseDate'));
  rel.originalReleaseDate = normalizeDate(fromVariants(def, variants, (v) => kidText(v, 'OriginalReleaseDate')) ?? kidText(r, 'GlobalOriginalReleaseDate'));
  const pending = pendingOf(rel, ctx);
  for (const ref of kids(kid(r, 'ReleaseResourceReferenceList'), 'ReleaseResourceReference')) pending.refs.push(use(ref));
  const group = fromVariants(def, variants, (v) => kid(v, 'ResourceGroup'));
  if (group) readGroups(group, pending);
  else itemsFromReferences(pending);
  for (const v of variants) if (v !== def) rel.byTerritory.push(variant3(v, ctx));
  return rel;
}

function release4(r: XNode, ctx: Ctx): Release {
  const rel = emptyRelease(r, kidText(r, 'ReleaseReference') ?? `line-${r.line}`);
  const typeNode = choose(kids(r, 'ReleaseType'));
  rel.declaredType = txt(typeNode) ?? (r.name === 'TrackRelease' ? 'TrackRelease' : null);
  rel.type = avsValue(typeNode) ?? rel.declaredType;
  rel.isTrackRelease = r.name === 'TrackRelease' || rel.type === 'TrackRelease';
  const title = choose(kids(r, 'DisplayTitle'));
  const refTitle = kid(r, 'ReferenceTitle');
  rel.title = txt(choose(kids(r, 'DisplayTitleText'))) ?? kidText(title, 'TitleText') ?? kidText(refTitle, 'TitleText');
  rel.subtitle = kidText(title, 'SubTitle') ?? kidText(refTitle, 'SubTitle');
  rel.displayArtists = readDisplayArtists(r, ctx);
  rel.displayArtistName = txt(choose(kids(r, 'DisplayArtistName')));
  rel.label = kidText(r, 'LabelName');
  deferParty(choose(kids(r, 'ReleaseLabelReference')), ctx, (p) => {
    rel.label = p.name;
  });
  const genre = readGenre(choose(kids(r, 'Genre')));
  rel.genre = genre.genre;
  rel.subGenre = genre.subGenre;
  rel.parentalWarning = avsValue(choose(kids(r, 'ParentalWarningType')));
  rel.pLine = readLine(choose(kids(r, 'PLine')), 'PLineText');
  rel.cLine = readLine(choose(kids(r, 'CLine')), 'CLineText');
  rel.releaseDate = normalizeDate(txt(choose(kids(r, 'ReleaseDate'))));
  rel.originalReleaseDate = normalizeDate(txt(choose(kids(r, 'OriginalReleaseDate'))));
  const pending = pendingOf(rel, ctx);
  const visibility = kid(r, 'ReleaseVisibilityReference');
  if (visibility && txt(visibility) !== null) pending.visibility = use(visibility);
  const group = kid(r, 'ResourceGroup');
  if (group) readGroups(group, pending);
  else {
    for (const ref of kids(r, 'ReleaseResourceReference')) pending.refs.push(use(ref));
    for (const ref of kids(kid(r, 'ReleaseResourceReferenceList'), 'ReleaseResourceReference')) pending.refs.push(use(ref));
    itemsFromReferences(pending);
  }
  rel.byTerritory = variants4(r, ctx);
  return rel;
}

function isTrackKind(kind: ResourceKind): boolean {
  return kind === 'sound_recording' || kind === 'video';
}

interface GroupChild {
  node: XNode;
  sequence: number | null;
}

/** Children of a ResourceGroup (sub-groups and items) in SequenceNumber order, document order for ties. */
function orderedGroupChildren(group: XNode): GroupChild[] {
  const out: GroupChild[] = [];
  const ch = group.children;
  if (!ch) return out;
  for (const c of ch) {
    if (c.name !== 'ResourceGroup' && c.name !== 'ResourceGroupContentItem') continue;
    out.push({ node: c, sequence: parseInteger(kidText(c, 'SequenceNumber') ?? attr(c, 'SequenceNumber')) });
  }
  return sortBySequence(out);
}

function groupTitle(group: XNode): string | null {
  const t = kid(group, 'Title') ?? kid(group, 'AdditionalTitle') ?? choose(kids(group, 'DisplayTitle'));
  return kidText(t, 'TitleText') ?? txt(choose(kids(group, 'DisplayTitleText')));
}

/**
 * Disc and track numbers from nested ResourceGroups: the release's group holds one group per
 * disc (its SequenceNumber is the disc number); deeper groups (sides, parts) only order tracks.
 * Track numbers are counted per disc once resource kinds are known, so cover images and
 * booklets listed in the groups don't shift them.
 */
function readGroups(top: XNode, pending: PendingRelease): void {
  const addRefs = (node: XNode, disc: number | null, title: string | null) => {
    const ch = node.children;
    if (!ch) return;
    for (const k of ch) {
      if (k.name === 'ReleaseResourceReference') {
        const u = use(k);
        pending.refs.push(u);
        if (disc !== null) pending.items.push({ ref: u.ref, line: u.line, element: u.element, disc, groupTitle: title });
      } else if (k.name === 'LinkedReleaseResourceReference') pending.refs.push(use(k));
    }
  };
  const walkGroup = (group: XNode, disc: number, title: string | null) => {
    for (const c of orderedGroupChildren(group)) {
      if (c.node.name === 'ResourceGroup') walkGroup(c.node, disc, title);
      else addRefs(c.node, disc, title);
    }
    addRefs(group, null, null); // the group's own linked resources (cover art) after its tracks
  };
  const children = orderedGroupChildren(top);
  const isDisc = (c: GroupChild) => c.node.name === 'ResourceGroup' && !isWorkGroup(c.node);
  const hasDiscs = children.some(isDisc);
  let discOrdinal = 0;
  for (const c of children) {
    if (isDisc(c)) {
      discOrdinal++;
      walkGroup(c.node, c.sequence ?? discOrdinal, groupTitle(c.node));
    } else if (c.node.name === 'ResourceGroup') walkGroup(c.node, 1, hasDiscs ? null : groupTitle(top));
    else addRefs(c.node, 1, hasDiscs ? null : groupTitle(top));
  }
  addRefs(top, null, null);
}

/**
 * ResourceGroupType="MultiWorkPart" groups the movements of one work (classical profiles): such a
 * group directly under the release's group is part of the running order, not a disc.
 */
function isWorkGroup(group: XNode): boolean {
  return (attr(group, 'ResourceGroupType') ?? kidText(group, 'ResourceGroupType')) === 'MultiWorkPart';
}

function sumDurations(rel: Release, ctx: Ctx): number | null {
  let total = 0;
  let known = false;
  for (const t of rel.trackList) {
    const d = ctx.resources.get(t.resourceReference)?.durationMs;
    if (d != null) {
      total += d;
      known = true;
    }
  }
  return known ? total : null;
}

function pickMainRelease(releases: Release[], family: 3 | 4): number {
  if (releases.length === 0) return -1;
  const flagged = releases.findIndex((r) => r.isMain);
  if (flagged >= 0) return flagged;
  const notTrack = releases.findIndex((r) => !r.isTrackRelease && r.type !== 'ResourceRelease');
  if (notTrack >= 0) return notTrack;
  return family === 4 ? releases.findIndex((r) => !r.isTrackRelease) : 0;
}

// ---------------------------------------------------------------- deals

function firstDate(...values: (string | null)[]): string | null {
  for (const v of values) if (v !== null) return v;
  return null;
}

/**
 * A ReleaseVisibility, or (4.2+) a TrackReleaseVisibility, which TrackReleases reference the same way
 * but which carries only preview dates: it registers the reference with no display start date.
 */
function readVisibility(v: XNode, ctx: Ctx): void {
  const ref = kidText(v, 'VisibilityReference');
  if (ref) ctx.visibility.set(ref, normalizeDate(kidText(v, 'ReleaseDisplayStartDateTime') ?? kidText(v, 'ReleaseDisplayStartDate')));
}

function readReleaseDeal(rd: XNode, ctx: Ctx): void {
  for (const v of kids(rd, 'ReleaseVisibility')) readVisibility(v, ctx);
  for (const v of kids(rd, 'TrackReleaseVisibility')) readVisibility(v, ctx);
  const refs = kids(rd, 'DealReleaseReference').map(use);
  for (const u of refs) ctx.dealRefs.push(u);
  // Deals still here are those that closed before any DealReleaseReference was seen.
  const deals = kids(rd, 'Deal');
  for (const d of deals) readDeal(d, refs, ctx);
  // Some generators drop the Deal wrapper and put DealTerms straight into the ReleaseDeal.
  if (deals.length === 0 && kid(rd, 'DealTerms') !== null) readDeal(rd, refs, ctx);
}

function readDeal(d: XNode, refs: RefUse[], ctx: Ctx): void {
  const terms = kid(d, 'DealTerms') ?? d;
  // One pass over DealTerms: real messages carry hundreds of deals, one per territory.
  const useTypes: string[] = [];
  const commercialModels: string[] = [];
  const territoriesIncluded: string[] = [];
  const territoriesExcluded: string[] = [];
  let period: XNode | null = null;
  let price: XNode | null = null;
  let visRef: XNode | null = null;
  let takedown = false;
  let displayStart: string | null = null;
  // Dates some senders write straight into DealTerms (or Deal) instead of a ValidityPeriod.
  let looseStart: string | null = null;
  let looseEnd: string | null = null;
  for (const c of terms.children ?? []) {
    switch (c.name) {
      case 'TerritoryCode':
        pushText(territoriesIncluded, c);
        break;
      case 'ExcludedTerritoryCode':
        pushText(territoriesExcluded, c);
        break;
      case 'UseType':
        pushValue(useTypes, avsValue(c));
        break;
      case 'Usage':
        for (const u of kids(c, 'UseType')) pushValue(useTypes, avsValue(u));
        break;
      case 'CommercialModelType':
        pushValue(commercialModels, avsValue(c));
        break;
      case 'ValidityPeriod':
        period ??= c;
        break;
      case 'PriceInformation':
        price ??= c;
        break;
      case 'ReleaseVisibilityReference':
        visRef = c;
        break;
      case 'TakeDown':
      case 'AllDealsCancelled':
        if (parseBool(txt(c)) === true) takedown = true;
        break;
      case 'ReleaseDisplayStartDate':
      case 'ReleaseDisplayStartDateTime':
        displayStart ??= normalizeDate(txt(c));
        break;
      case 'StartDate':
      case 'StartDateTime':
        looseStart ??= txt(c);
        break;
      case 'EndDate':
      case 'EndDateTime':
        looseEnd ??= txt(c);
        break;
    }
  }
  const validFrom = period ? firstDate(kidText(period, 'StartDate'), kidText(period, 'StartDateTime')) : looseStart;
  const validTo = period ? firstDate(kidText(period, 'EndDate'), kidText(period, 'EndDateTime')) : looseEnd;
  const endDay = normalizeDate(validTo);
  const dealReference = kidText(d, 'DealReference');
  const priceTier = price
    ? (kidText(price, 'PriceCode') ?? avsValue(kid(price, 'PriceRangeType')) ?? avsValue(kid(price, 'PriceType')) ?? kidText(price, 'WholesalePricePerUnit'))
    : null;
  for (const u of refs) {
    const deal: Deal = {
      releaseReference: u.ref,
      dealReference,
      useTypes,
      commercialModels,
      territoriesIncluded,
      territoriesExcluded,
      validFrom,
      validTo,
      takedown,
      ended: endDay !== null && endDay < ctx.today,
      priceTier,
      displayStartDate: displayStart,
    };
    ctx.deals.push(deal);
    if (visRef && txt(visRef) !== null) ctx.dealVisibility.push({ deal, use: use(visRef) });
  }
}

function pushText(list: string[], node: XNode): void {
  const t = txt(node);
  if (t !== null) list.push(t);
}

function pushValue(list: string[], v: string | null): void {
  if (v !== null && !list.includes(v)) list.push(v);
}

/** Takedown and display start of each release from its deals. */
function applyDeals(releases: Release[], deals: Deal[], ctx: Ctx): void {
  const byRelease = new Map<string, Deal[]>();
  for (const d of deals) {
    let list = byRelease.get(d.releaseReference);
    if (!list) byRelease.set(d.releaseReference, (list = []));
    list.push(d);
  }
  for (const rel of releases) {
    const own = byRelease.get(rel.reference) ?? [];
    if (own.length === 0) {
      // 4.x: a release the message offers under no deal is not available anywhere.
      // 3.x: a missing DealList means the deals are not restated (metadata-only), not a takedown.
      rel.takedown = ctx.family === 4;
      continue;
    }
    rel.takedown = own.every((d) => d.takedown || d.ended);
    let display: string | null = null;
    let earliestStart: string | null = null;
    for (const d of own) {
      if (d.displayStartDate && (display === null || d.displayStartDate < display)) display = d.displayStartDate;
      const start = normalizeDate(d.validFrom);
      if (start && !d.takedown && (earliestStart === null || start < earliestStart)) earliestStart = start;
    }
    rel.displayStartDate = rel.displayStartDate ?? display ?? earliestStart;
  }
}

// ---------------------------------------------------------------- purge and choreography

function purgeMessage(base: ErnMessage, root: XNode): ErnMessage {
  const purged = kids(root, 'PurgedRelease');
  let n = 0;
  for (const p of purged) {
    n++;
    const rel = emptyRelease(p, `PurgedRelease${n}`);
    const titleNode = kid(p, 'Title') ?? kid(p, 'ReferenceTitle') ?? choose(kids(p, 'DisplayTitle'));
    rel.title = kidText(titleNode, 'TitleText') ?? txt(choose(kids(p, 'DisplayTitleText')));
    rel.displayArtistName = txt(choose(kids(p, 'DisplayArtistName')));
    rel.takedown = true;
    rel.isMain = n === 1;
    base.releases.push(rel);
    base.purgedReleaseIds.push(rel.identifiers);
  }
  base.mainReleaseIndex = base.releases.length > 0 ? 0 : -1;
  base.mainRelease = base.releases[0] ?? null;
  base.isTakedown = true;
  base.isMetadataOnly = true;
  return base;
}

function choreographyMessage(kind: MessageKind, root: XNode, namespace: string | null, header: MessageHeader): ErnMessage {
  let manifest: ErnMessage['manifest'] = null;
  if (kind === 'ManifestMessage') {
    const messages: ManifestEntry[] = [];
    for (const m of kids(root, 'MessageInBatch')) {
      const releaseIds: string[] = [];
      for (const idNode of kids(m, 'IncludedReleaseId')) {
        for (const c of idNode.children ?? []) {
          const t = txt(c);
          if (t) releaseIds.push(t);
        }
      }
      const hashNode = kid(m, 'HashSum');
      messages.push({
        messageId: kidText(m, 'MessageId'),
        messageType: kidText(m, 'MessageType'),
        url: kidText(m, 'URL'),
        releaseIds,
        hash: kidText(hashNode, 'HashSum') ?? kidText(hashNode, 'HashSumValue'),
        hashAlgorithm: kidText(hashNode, 'HashSumAlgorithmType') ?? kidText(hashNode, 'Algorithm'),
      });
    }
    manifest = { numberOfMessages: parseInteger(kidText(root, 'NumberOfMessages')), messages };
  }
  return {
    kind,
    rootElement: root.name,
    ernVersion: null,
    family: null,
    namespace,
    header,
    parties: [],
    releases: [],
    resources: [],
    deals: [],
    mainReleaseIndex: -1,
    mainRelease: null,
    isTakedown: false,
    isMetadataOnly: true,
    dealListAbsent: true,
    purgedReleaseIds: [],
    manifest,
  };
}

