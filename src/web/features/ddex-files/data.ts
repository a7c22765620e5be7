import { api, type ListResponse } from '@/web/lib/api';
import type { DisplayStatus } from './status';

export interface PartnerRef {
  id: string;
  name: string;
  slug: string;
}

/** A row of GET /api/ddex-files (snake_case, like the table). */
export interface DdexFileRow {
  id: string;
  source_id: string;
  source_path: string;
  source_bucket: string | null;
  partner_id: string | null;
  partner: PartnerRef | null;
  message_id: string | null;
  message_thread_id: string | null;
  artist_name: string | null;
  release_title: string | null;
  upc: string | null;
  isrc: string | null;
  release_date: string | null;
  duration_ms: number | null;
  status: string;
  import_eligible: boolean;
  imported_at: string | null;
  error: string | null;
  delivery_type: 'initial' | 'metadata_update' | 'redelivery';
  delivery_sequence: number | null;
  is_latest_in_thread: boolean;
  asset_count: number;
  artist_id: string | null;
  created_at: string;
}

export interface DdexFileAsset {
  id: string;
  kind: string;
  key: string;
  bucket: string;
  md5: string | null;
  mime_type: string | null;
  file_size: number | null;
  is_primary: boolean;
  superseded_by: string | null;
  superseded_at: string | null;
  resource_id: number | null;
  resource_title: string | null;
  reused: boolean;
  previous_asset_id: string | null;
}

export interface DdexFileDetail extends DdexFileRow {
  resources: Array<{ id: number; title: string | null; media_type: string; isrc: string | null; duration_ms: number | null }>;
  assets: DdexFileAsset[];
  history: Array<{ id: string; asset_id: string; reused: boolean; previous_asset_id: string | null; created_at: string }>;
}

export interface SourceCardData {
  id: string;
  name: string;
  storage_type: string;
  storage_zone: string;
  status: string;
  files_count: number;
  last_scanned_at: string | null;
}

export type DdexFileSort = 'latest' | 'release_date_desc' | 'release_date_asc';

export interface DdexFileFilters {
  search: string;
  status: Exclude<DisplayStatus, 'unknown'> | 'all';
  partnerId: string;
  sort: DdexFileSort;
  showRejected: boolean;
  hideSuperseded: boolean;
}

export const DEFAULT_FILTERS: DdexFileFilters = {
  search: '',
  status: 'all',
  partnerId: 'all',
  sort: 'latest',
  showRejected: false,
  hideSuperseded: false,
};

export const PAGE_SIZE = 50;

export const SORT_OPTIONS: Array<{ value: DdexFileSort; label: string }> = [
  { value: 'latest', label: 'Latest First' },
  { value: 'release_date_desc', label: 'Release Date Newest' },
  { value: 'release_date_asc', label: 'Release Date Oldest' },
];

export const DELIVERY_TYPE_LABELS: Record<DdexFileRow['delivery_type'], string> = {
  initial: 'Initial',
  metadata_update: 'Metadata Update',
  redelivery: 'Redelivery',
};

export function filesQuery(filters: DdexFileFilters, page: number, pageSize = PAGE_SIZE) {
  return {
    page,
    pageSize,
    search: filters.search.trim(),
    status: filters.status === 'all' ? undefined : filters.status,
    partner_id: filters.partnerId === 'all' ? undefined : filters.partnerId,
    sort: filters.sort,
    show_rejected: filters.showRejected ? 1 : 0,
    hide_superseded: filters.hideSuperseded ? 1 : 0,
  };
}

export const fetchFiles = (filters: DdexFileFilters, page: number) =>
  api.get<ListResponse<DdexFileRow> & { page: number }>('/api/ddex-files', { query: filesQuery(filters, page) });

export const fetchSummary = () => api.get<{ sources: SourceCardData[] }>('/api/ddex-files/summary');
export const fetchPartners = () => api.get<ListResponse<PartnerRef>>('/api/partners');
export const fetchFileDetail = (id: string) => api.get<DdexFileDetail>(`/api/ddex-files/${id}`);

export const isImportable = (row: Pick<DdexFileRow, 'import_eligible' | 'imported_at' | 'error'>) =>
  row.import_eligible && !row.imported_at && !row.error;

export const startImport = (fileIds: string[]) => api.post<unknown>('/api/import-jobs', { file_ids: fileIds });
