// Which message a root element is, and which ERN version its namespace declares.
// Only namespaces we know are accepted: an unknown one is reported, never guessed.

import type { MessageKind } from './types';

const ERN_NAMESPACE_PREFIX = 'http://ddex.net/xml/ern/';
const CHOREOGRAPHY_PREFIX = 'http://ddex.net/xml/ern-c/';

/** Namespace suffix → version, for every ERN version this engine reads. */
export const ERN_VERSIONS: Record<string, string> = {
  '34': '3.4',
  '341': '3.4.1',
  '35': '3.5',
  '351': '3.5.1',
  '36': '3.6',
  '37': '3.7',
  '371': '3.7.1',
  '38': '3.8',
  '381': '3.8.1',
  '382': '3.8.2',
  '383': '3.8.3',
  '41': '4.1',
  '411': '4.1.1',
  '42': '4.2',
  '43': '4.3',
  '431': '4.3.1',
  '432': '4.3.2',
};

export const SUPPORTED_VERSIONS_TEXT = '3.4 to 3.8.3 and 4.1 to 4.3.2';

/**
 * "382" → "3.8.2". A DDEX draft suffix ("37D2": ERN 3.7 draft 2, still written by some label
 * systems years after 3.7 was final) reads as its base version: the drafts differ from the final
 * schema in details this reader does not depend on.
 */
function versionFromDigits(suffix: string): string | null {
  const exact = ERN_VERSIONS[suffix];
  if (exact !== undefined) return exact;
  const draft = /^(\d+)D\d+$/i.exec(suffix);
  return draft ? (ERN_VERSIONS[draft[1]] ?? null) : null;
}

export function ernVersionFromNamespace(ns: string | null): string | null {
  if (!ns || !ns.startsWith(ERN_NAMESPACE_PREFIX)) return null;
  const suffix = ns.slice(ERN_NAMESPACE_PREFIX.length).replace(/\/$/, '');
  return versionFromDigits(suffix);
}

/** MessageSchemaVersionId="ern/382" (or "/ern/382", "ern/3.8.2", "ern/37D2") → "3.8.2". */
export function ernVersionFromSchemaVersionId(id: string | null): string | null {
  if (!id) return null;
  const m = /ern\/?([0-9.]+(?:D\d+)?)$/i.exec(id.trim());
  if (!m) return null;
  return versionFromDigits(m[1].replace(/\./g, ''));
}

export function isChoreographyNamespace(ns: string | null): boolean {
  return !!ns && ns.startsWith(CHOREOGRAPHY_PREFIX);
}

export function isDdexNamespace(ns: string | null): boolean {
  return !!ns && /^https?:\/\/(service\.)?ddex\.net\/xml\//.test(ns);
}

const ACK_ROOTS = new Set([
  'FtpAcknowledgementMessage',
  'AcknowledgementMessage',
  'ErnAcknowledgementMessage',
  'NewReleaseMessageAcknowledgement',
  'SupplyChainStatusMessage',
]);

export function kindOfRoot(localName: string): MessageKind {
  if (localName === 'NewReleaseMessage' || localName === 'PurgeReleaseMessage' || localName === 'ManifestMessage') return localName;
  if (ACK_ROOTS.has(localName) || localName.endsWith('AcknowledgementMessage')) return 'Acknowledgement';
  return 'other';
}

/** The namespace bound to a qualified name's prefix, from the root's own declarations. */
export function namespaceOf(qname: string, attrs: Record<string, string>): string | null {
  const colon = qname.indexOf(':');
  const key = colon < 0 ? 'xmlns' : `xmlns:${qname.slice(0, colon)}`;
  const v = attrs[key];
  return v === undefined ? null : v.trim();
}
