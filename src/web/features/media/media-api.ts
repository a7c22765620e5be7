import { api, type ListResponse } from '@/web/lib/api';
import type { FileReleaseRow, MediaRow, PurgeResult } from '@/features/media/service';

export type { FileReleaseRow, MediaRow, PurgeResult };

/** Spec 9: the media list shows 100 rows a page. */
export const MEDIA_PAGE_SIZE = 100;
export type MediaTypeFilter = 'all' | 'audio' | 'video';

export interface MediaFilters {
  page: number;
  search: string;
  mediaType: MediaTypeFilter;
}

export const MEDIA_KEY = ['media'] as const;

export function fetchMedia(filters: MediaFilters) {
  return api.get<ListResponse<MediaRow> & { page: number; pageSize: number }>('/api/resources', {
    query: {
      page: filters.page,
      pageSize: MEDIA_PAGE_SIZE,
      search: filters.search.trim(),
      media_type: filters.mediaType === 'all' ? undefined : filters.mediaType,
    },
  });
}

export function fetchFileReleases(fileId: string) {
  return api.get<ListResponse<FileReleaseRow>>('/api/releases', { query: { ddex_file_id: fileId, pageSize: 500 } });
}

export function purgeAllMedia() {
  return api.post<PurgeResult>('/api/fn/purge-ddex-media');
}
