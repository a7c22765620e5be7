import { api, buildQueryString } from '@/web/lib/api';
import type { ArtistTier } from '@/db/schema';
import type { ArtistFile, ArtistPatch, ArtistRow, ArtistTab } from '@/features/artists/service';

// Row shapes come from the server (type-only imports: nothing of it reaches the bundle).
export type { ArtistStatus, ArtistTier, TriState } from '@/db/schema';
export type { ArtistFile, ArtistPatch, ArtistRow, ArtistTab } from '@/features/artists/service';

export interface ArtistDetail extends ArtistRow {
  files: ArtistFile[];
  files_count: number;
  eligible_files_count: number;
  imported_files_count: number;
  releases_count: number;
}

export type TabCounts = Record<ArtistTab, number>;

export interface ArtistList {
  rows: ArtistRow[];
  total: number;
  counts: TabCounts;
  page: number;
  pageSize: number;
}

export interface UpdateResult extends ArtistDetail {
  import_job: { id: string; total_files: number } | null;
  import_error: string | null;
}

export const TABS: { value: ArtistTab; label: string }[] = [
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'ignored', label: 'Ignored' },
  { value: 'all', label: 'All Artists' },
];

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export const SORT_OPTIONS = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
];

export const TIER_NAMES: Record<ArtistTier, string> = {
  A: 'Top Tier',
  B: 'Established',
  C: 'Emerging',
  D: 'Low Engagement',
};

export interface ArtistQuery {
  tab: ArtistTab;
  page: number;
  pageSize: number;
  sort: string;
  search: string;
}

function listParams(query: Omit<ArtistQuery, 'page' | 'pageSize'>) {
  const [sort, dir] = query.sort.split(':');
  return { tab: query.tab, sort, dir, search: query.search.trim() || undefined };
}

export function fetchArtists(query: ArtistQuery): Promise<ArtistList> {
  return api.get<ArtistList>('/api/artists', { query: { ...listParams(query), page: query.page, pageSize: query.pageSize } });
}

/** The CSV of what the list shows (same tab, search and sort; every page). */
export function exportUrl(query: Omit<ArtistQuery, 'page' | 'pageSize'>): string {
  return `/api/artists/export${buildQueryString(listParams(query))}`;
}

export function fetchArtist(id: string): Promise<ArtistDetail> {
  return api.get<ArtistDetail>(`/api/artists/${encodeURIComponent(id)}`);
}

export function updateArtist(id: string, patch: ArtistPatch): Promise<UpdateResult> {
  return api.patch<UpdateResult>(`/api/artists/${encodeURIComponent(id)}`, patch);
}

export function rescreenArtist(id: string): Promise<ArtistDetail> {
  return api.post<ArtistDetail>(`/api/artists/${encodeURIComponent(id)}/screen`);
}

export interface ImportApprovedResult {
  count: number;
  totalFiles: number;
  batchSize: number;
  message: string;
  imported: number;
  failed: number;
}

export function importApprovedArtists(): Promise<ImportApprovedResult> {
  return api.post<ImportApprovedResult>('/api/fn/import-approved-artists', { batchSize: 50 });
}

/** The status changes a person may make from here (spec section 4), as the actions to offer. */
export function allowedActions(artist: Pick<ArtistRow, 'status' | 'always_ignore'>): Array<'approve' | 'reject' | 'ignore' | 'unignore'> {
  const actions: Array<'approve' | 'reject' | 'ignore' | 'unignore'> = [];
  if (artist.status === 'pending' || artist.status === 'rejected') actions.push('approve');
  if (artist.status === 'pending' || artist.status === 'approved') actions.push('reject');
  if (artist.status === 'pending' && !artist.always_ignore) actions.push('ignore');
  if (artist.always_ignore) actions.push('unignore');
  return actions;
}

/** Confidence badge (spec 9): 80% or more default, 60% or more secondary, otherwise destructive. */
export function confidenceVariant(score: number): 'default' | 'secondary' | 'destructive' {
  if (score >= 0.8) return 'default';
  if (score >= 0.6) return 'secondary';
  return 'destructive';
}

export const SCREENING_SOURCE_LABELS: Record<string, string> = {
  heuristic: 'Built-in screener',
  llm: 'AI model',
  heuristic_fallback: 'Built-in screener (AI model unavailable)',
};
