import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  ErrorState,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  type BadgeVariant,
} from '@/web/components/ui';
import { errorMessage } from '@/web/lib/api';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { fetchFileDetail, type DdexFileRow } from './data';
import { ASSET_BADGE_LABELS, assetBadge, type AssetBadge } from './status';

const BADGE_VARIANTS: Record<AssetBadge, BadgeVariant> = {
  superseded: 'secondary',
  reused: 'info',
  changed: 'warning',
  new: 'success',
};

function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file's assets with their delivery badges (spec: Superseded / Reused / Changed / New). */
export function AssetsDialog({ file, onOpenChange }: { file: DdexFileRow | null; onOpenChange: (open: boolean) => void }) {
  const open = file !== null;
  const detail = useQuery({
    queryKey: ['ddex-file-detail', file?.id],
    queryFn: () => fetchFileDetail(file!.id),
    enabled: open,
  });
  // Imports add assets while the dialog is open.
  useLiveInvalidate(['asset', 'ddex_file'], ['ddex-file-detail', file?.id], { enabled: open });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Assets</DialogTitle>
          <DialogDescription>
            {file?.release_title ?? 'Untitled release'} <span className="font-mono text-xs">{file?.source_path}</span>
          </DialogDescription>
        </DialogHeader>
        {detail.isPending && open ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading assets" />
          </div>
        ) : detail.isError ? (
          <ErrorState title="Failed to load the assets." message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
        ) : (
          <Table aria-label="File assets">
            <TableHeader>
              <TableRow>
                <TableHead>Kind</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Resource</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Size</TableHead>
                <TableHead>MD5</TableHead>
                <TableHead>Badge</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(detail.data?.assets ?? []).length === 0 ? (
                <TableMessageRow colSpan={7}>No assets yet: they are recorded when the file is imported.</TableMessageRow>
              ) : (
                detail.data!.assets.map((asset) => {
                  const badge = assetBadge(asset);
                  return (
                    <TableRow key={asset.id}>
                      <TableCell className="capitalize">
                        {asset.kind}
                        {asset.is_primary && <span className="ml-1 text-xs text-muted-foreground">(primary)</span>}
                      </TableCell>
                      <TableCell className="max-w-80 font-mono text-xs break-all">
                        {asset.key}
                      </TableCell>
                      <TableCell>{asset.resource_title ?? '—'}</TableCell>
                      <TableCell className="text-xs">{asset.mime_type ?? '—'}</TableCell>
                      <TableCell className="text-xs whitespace-nowrap tabular">{formatBytes(asset.file_size)}</TableCell>
                      <TableCell className="font-mono text-xs">{asset.md5 ? asset.md5.slice(0, 12) : '—'}</TableCell>
                      <TableCell>
                        <Badge variant={BADGE_VARIANTS[badge]}>{ASSET_BADGE_LABELS[badge]}</Badge>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}
