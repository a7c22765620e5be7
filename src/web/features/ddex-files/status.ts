/**
 * The pure rules of the DDEX Files screen (spec section 4). The server imports the
 * same definitions to turn a display-status filter into SQL, so the badge and the filter can never
 * disagree.
 */

export const DISPLAY_STATUSES = [
  'error',
  'waiting_for_initial',
  'imported',
  'ready',
  'superseded',
  'awaiting_approval',
  'discovered',
  'unknown',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** What the status filter offers (Unknown is a fallback badge, not something to filter on). */
export const FILTERABLE_DISPLAY_STATUSES = DISPLAY_STATUSES.filter((status) => status !== 'unknown') as Exclude<DisplayStatus, 'unknown'>[];

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  error: 'Error',
  waiting_for_initial: 'Waiting for Initial',
  imported: 'Imported',
  ready: 'Ready to Import',
  superseded: 'Superseded',
  awaiting_approval: 'Awaiting Approval',
  discovered: 'Discovered',
  unknown: 'Unknown',
};

export interface DisplayStatusInput {
  status: string | null;
  error: string | null;
  imported_at: string | Date | null;
  import_eligible: boolean | null;
  /** Whether the file is the latest delivery of its message thread. */
  is_latest_in_thread: boolean | null;
}

const WAITING_STATUSES = new Set(['waiting_for_initial', 'waiting_for_initial_delivery']);

/**
 * First match wins (spec section 4). Where the stored status itself says 'error', 'imported' or
 * 'superseded' without the column the spec looks at, the badge follows the stored status rather
 * than falling through to 'Unknown'.
 */
export function displayStatus(file: DisplayStatusInput): DisplayStatus {
  const scanned = file.status === 'metadata_scanned';
  if ((file.error !== null && file.error !== '') || file.status === 'error') return 'error';
  if (file.status !== null && WAITING_STATUSES.has(file.status)) return 'waiting_for_initial';
  if (file.imported_at !== null && file.imported_at !== '') return 'imported';
  if (file.status === 'imported') return 'imported';
  if (scanned && file.import_eligible) return 'ready';
  if (scanned && !file.import_eligible && file.is_latest_in_thread === false) return 'superseded';
  if (file.status === 'superseded') return 'superseded';
  if (scanned && !file.import_eligible) return 'awaiting_approval';
  if (file.status === 'discovered') return 'discovered';
  return 'unknown';
}

export type BadgeTone = 'default' | 'secondary' | 'outline' | 'destructive' | 'success' | 'warning' | 'info' | 'accent';

export const DISPLAY_STATUS_TONES: Record<DisplayStatus, BadgeTone> = {
  error: 'destructive',
  waiting_for_initial: 'warning',
  imported: 'success',
  ready: 'info',
  superseded: 'secondary',
  awaiting_approval: 'accent',
  discovered: 'outline',
  unknown: 'outline',
};

export type AssetBadge = 'superseded' | 'reused' | 'changed' | 'new';

export const ASSET_BADGE_LABELS: Record<AssetBadge, string> = {
  superseded: 'Superseded',
  reused: 'Reused',
  changed: 'Changed',
  new: 'New',
};

export interface AssetBadgeInput {
  superseded_by: string | null;
  /** From the asset_delivery_history row of this file; null when there is none. */
  reused: boolean | null;
  previous_asset_id: string | null;
}

/** Spec: Superseded if replaced; Reused; Changed (has a previous asset); otherwise New. */
export function assetBadge(asset: AssetBadgeInput): AssetBadge {
  if (asset.superseded_by) return 'superseded';
  if (asset.reused) return 'reused';
  if (asset.previous_asset_id) return 'changed';
  return 'new';
}
