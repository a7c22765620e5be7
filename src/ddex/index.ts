// The DDEX engine's public surface: read, summarise, recognise and validate ERN messages.
// Pure code: no database, no network. See docs/ddex-engine.md for the model and the rules.

export { parseErn, summarize, summaryOf, detectMessageKind } from './parse';
export type { MessageKindInfo } from './parse';
export { validateErn } from './validate';
export type { ValidateOptions } from './validate';
export { parseDurationMs, normalizeDate, normalizeDateTime } from './values';
export { ERN_VERSIONS } from './versions';
export type * from './types';
