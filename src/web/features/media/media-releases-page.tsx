import * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Disc3, Image as ImageIcon } from 'lucide-react';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
  notify,
} from '@/web/components/ui';
import { errorMessage } from '@/web/lib/api';
import { EMPTY_VALUE, formatDate } from '@/web/lib/format';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { fetchFileReleases, type FileReleaseRow } from './media-api';

const COLUMNS = 6;

/** /ddex-media/releases?fileId={id}: the releases imported from one DDEX file. */
export function MediaReleasesPage() {
  const [searchParams] = useSearchParams();
  const fileId = searchParams.get('fileId')?.trim() ?? '';
  const releases = useQuery({ queryKey: ['file-releases', fileId], queryFn: () => fetchFileReleases(fileId), enabled: fileId !== '' });
  useLiveInvalidate(['release'], ['file-releases', fileId], { enabled: fileId !== '', coalesceMs: 1000 });

  const failed = releases.isError;
  React.useEffect(() => {
    if (failed) notify.error('Failed to fetch DDEX media from database.');
  }, [failed]);

  const rows = releases.data?.rows ?? [];
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-3 -ml-2">
        <Link to="/ddex-files">
          <ArrowLeft aria-hidden />
          Back to DDEX Files
        </Link>
      </Button>
      <PageHeader title="Imported Releases" subtitle={fileId ? <>Releases imported from DDEX file <span className="font-mono text-xs">{fileId}</span></> : undefined} />
      {fileId === '' ? (
        <ErrorState title="No DDEX file selected" message="This page needs a fileId in its address, e.g. /ddex-media/releases?fileId=123. Open it from the DDEX Files list." />
      ) : releases.isError ? (
        <ErrorState title="Failed to fetch DDEX media from database." message={errorMessage(releases.error)} onRetry={() => void releases.refetch()} />
      ) : releases.data && rows.length === 0 ? (
        <EmptyState
          icon={<Disc3 />}
          title="No releases imported from this file yet"
          description="Import the file from the DDEX Files list; its releases appear here."
        />
      ) : (
        <Table aria-label="Imported releases">
          <TableHeader>
            <TableRow>
              <TableHead className="w-14">
                <span className="sr-only">Cover</span>
              </TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Artist</TableHead>
              <TableHead>UPC</TableHead>
              <TableHead>Tracks</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>{releases.isPending ? <TableSkeletonRows columns={COLUMNS} rows={3} /> : rows.map((row) => <ReleaseRow key={row.id} row={row} />)}</TableBody>
        </Table>
      )}
    </>
  );
}

function ReleaseRow({ row }: { row: FileReleaseRow }) {
  const [imageFailed, setImageFailed] = React.useState(false);
  return (
    <TableRow>
      <TableCell>
        <div className="relative flex size-10 items-center justify-center overflow-hidden rounded border bg-muted text-muted-foreground">
          <ImageIcon aria-hidden className="size-4" />
          {row.cover_url && !imageFailed && (
            <img src={row.cover_url} alt={`Cover of ${row.title}`} loading="lazy" className="absolute inset-0 size-full object-cover" onError={() => setImageFailed(true)} />
          )}
        </div>
      </TableCell>
      <TableCell className="font-medium">
        <Link to={`/releases/${row.id}`} className="hover:underline">
          {row.title}
        </Link>
        {row.is_taken_down && (
          <Badge variant="destructive" className="ml-2">
            Taken down
          </Badge>
        )}
        {row.original_release_date && <p className="text-xs text-muted-foreground">{formatDate(row.original_release_date)}</p>}
      </TableCell>
      <TableCell>
        <Badge variant="outline">{row.type}</Badge>
      </TableCell>
      <TableCell>{row.artist ?? EMPTY_VALUE}</TableCell>
      <TableCell className="font-mono text-xs">{row.upc ?? EMPTY_VALUE}</TableCell>
      <TableCell className="tabular-nums">{row.track_count}</TableCell>
    </TableRow>
  );
}
