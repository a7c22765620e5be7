import * as React from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clapperboard, Music2, Search, Trash2, Video } from 'lucide-react';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Input,
  PageHeader,
  Pagination,
  SimpleSelect,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
  notify,
} from '@/web/components/ui';
import { useAuth } from '@/web/app/auth/auth-context';
import { errorMessage } from '@/web/lib/api';
import { useDebounced, useFailureToast } from '@/web/lib/hooks';
import { EMPTY_VALUE, formatCount, formatDate, formatDuration } from '@/web/lib/format';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { MEDIA_KEY, MEDIA_PAGE_SIZE, fetchMedia, purgeAllMedia, type MediaRow, type MediaTypeFilter } from './media-api';

const COLUMNS = 7;
const TYPE_OPTIONS = [
  { value: 'all', label: 'All media' },
  { value: 'audio', label: 'Audio' },
  { value: 'video', label: 'Video' },
];

/** /ddex-media: the imported audio and video tracks with the release each belongs to. */
export function MediaPage() {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = React.useState('');
  const search = useDebounced(searchText, 300);
  const [mediaType, setMediaType] = React.useState<MediaTypeFilter>('all');
  const [page, setPage] = React.useState(1);
  const [purgeOpen, setPurgeOpen] = React.useState(false);

  React.useEffect(() => setPage(1), [search, mediaType]);

  const filters = { page, search, mediaType };
  const media = useQuery({ queryKey: [...MEDIA_KEY, filters], queryFn: () => fetchMedia(filters), placeholderData: keepPreviousData });
  // Imports write many rows: refresh at most every 2 s.
  useLiveInvalidate(['resource', 'release'], MEDIA_KEY, { coalesceMs: 2000 });

  useFailureToast(media.isError, 'Failed to fetch DDEX media from database.');

  const rows = media.data?.rows ?? [];
  const total = media.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE));

  async function purge() {
    try {
      const result = await purgeAllMedia();
      notify.success('Data Purged', result.message);
      await queryClient.invalidateQueries();
    } catch (error) {
      notify.error(errorMessage(error), 'Purge Failed');
      throw error;
    }
  }

  function open(row: MediaRow) {
    if (row.parent_release_id !== null) void navigate(`/releases/${row.parent_release_id}`);
  }

  return (
    <>
      <PageHeader
        title="DDEX Media"
        subtitle="Audio and video tracks and the releases they belong to"
        actions={
          isAdmin && (
            <Button variant="destructive" onClick={() => setPurgeOpen(true)}>
              <Trash2 aria-hidden />
              Purge All Data
            </Button>
          )
        }
      />

      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="relative min-w-64 flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search media"
            placeholder="Search title, artist, ISRC, release or UPC"
            className="pl-8"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <SimpleSelect aria-label="Media type" className="w-40" value={mediaType} onValueChange={(value) => setMediaType(value as MediaTypeFilter)} options={TYPE_OPTIONS} />
        <span className="ml-auto text-sm text-muted-foreground" aria-live="polite">
          {media.data ? `${formatCount(total)} ${total === 1 ? 'item' : 'items'}` : ''}
        </span>
      </div>

      {media.isError && !media.data ? (
        <ErrorState title="Failed to fetch DDEX media from database." message={errorMessage(media.error)} onRetry={() => void media.refetch()} />
      ) : media.data && total === 0 ? (
        <EmptyState
          icon={<Clapperboard />}
          title={search || mediaType !== 'all' ? 'No media matches these filters' : 'No media yet'}
          description={search || mediaType !== 'all' ? 'Try another search or media type.' : 'Imported tracks and videos appear here.'}
        />
      ) : (
        <>
          <Table aria-label="DDEX media" aria-busy={media.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Artist</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>ISRC</TableHead>
                <TableHead>Duration</TableHead>
                <TableHead>Release</TableHead>
                <TableHead>Added</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {media.isPending ? (
                <TableSkeletonRows columns={COLUMNS} rows={8} />
              ) : (
                rows.map((row) => (
                  <TableRow
                    key={row.id}
                    onClick={row.parent_release_id !== null ? () => open(row) : undefined}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') open(row);
                    }}
                    tabIndex={row.parent_release_id !== null ? 0 : undefined}
                    aria-label={`${row.title ?? 'Untitled'}${row.parent_release_title ? `, on ${row.parent_release_title}` : ''}`}
                  >
                    <TableCell className="max-w-72 truncate font-medium">{row.title ?? 'Untitled'}</TableCell>
                    <TableCell className="max-w-48 truncate">{row.display_artist ?? EMPTY_VALUE}</TableCell>
                    <TableCell>
                      <Badge variant={row.media_type === 'video' ? 'accent' : 'info'}>
                        {row.media_type === 'video' ? <Video aria-hidden className="size-3" /> : <Music2 aria-hidden className="size-3" />}
                        {row.media_type === 'video' ? 'Video' : 'Audio'}
                      </Badge>
                    </TableCell>
                    <TableCell className="font-mono text-xs">{row.isrc ?? EMPTY_VALUE}</TableCell>
                    <TableCell className="tabular-nums">{formatDuration(row.duration_ms)}</TableCell>
                    <TableCell className="max-w-64 truncate">
                      {row.parent_release_title ?? <span className="text-muted-foreground">No release</span>}
                      {row.parent_release_upc && <span className="ml-1 font-mono text-xs text-muted-foreground">{row.parent_release_upc}</span>}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(row.created_at)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          {pageCount > 1 && <Pagination className="mt-3" page={page} pageCount={pageCount} onPageChange={setPage} disabled={media.isFetching} />}
        </>
      )}

      <ConfirmDialog
        open={purgeOpen}
        onOpenChange={setPurgeOpen}
        title="Purge all imported data?"
        description="This deletes the whole imported catalogue and cannot be undone."
        confirmLabel="Purge All Data"
        destructive
        onConfirm={purge}
      >
        <div className="space-y-2 text-sm">
          <p className="font-medium">Deleted:</p>
          <ul className="list-disc space-y-0.5 pl-5 text-muted-foreground">
            <li>every release, with its identifiers, contributors, tracks, deals and territories, schedule, geo rules, import states and delivery jobs</li>
            <li>every resource (tracks, videos, images), with its identifiers, credits, technical details, rights and asset records</li>
          </ul>
          <p className="font-medium">Kept:</p>
          <ul className="list-disc space-y-0.5 pl-5 text-muted-foreground">
            <li>DDEX files stay listed and are marked not imported, so they can be imported again</li>
            <li>sources, artists and their screening, scan and import job history</li>
            <li>the delivered files in storage: nothing is deleted there</li>
          </ul>
          <p className="text-muted-foreground">The purge is recorded in the audit log.</p>
        </div>
      </ConfirmDialog>
    </>
  );
}
