import { Link, useNavigate } from 'react-router';
import { Download, Eye, FileSearch, MoreHorizontal, RotateCw, Trash2 } from 'lucide-react';
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  notify,
  SimpleTooltip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  TableSkeletonRows,
} from '@/web/components/ui';
import { formatDate, formatDuration } from '@/web/lib/format';
import { DELIVERY_TYPE_LABELS, isImportable, type DdexFileRow } from './data';
import { DISPLAY_STATUS_LABELS, DISPLAY_STATUS_TONES, displayStatus } from './status';

export interface FileRowActions {
  onImport(row: DdexFileRow): void;
  onViewAssets(row: DdexFileRow): void;
  onDelete(row: DdexFileRow): void;
  onRescan(row: DdexFileRow): void;
}

const COLUMNS = ['Release Title', 'Artist', 'UPC', 'ISRC', 'Duration', 'Release Date', 'Delivery', 'Assets', 'Status', 'Actions'];

function ArtistCell({ row }: { row: DdexFileRow }) {
  if (!row.artist_name) return <span className="text-muted-foreground">—</span>;
  if (row.artist_id) {
    return (
      <Link to={`/artists/${row.artist_id}`} className="font-medium text-primary hover:underline">
        {row.artist_name}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="text-left font-medium text-primary hover:underline focus-ring rounded-sm"
      onClick={() => notify.error("This artist hasn't been imported yet.", 'Artist not found')}
    >
      {row.artist_name}
    </button>
  );
}

function StatusCell({ row }: { row: DdexFileRow }) {
  const status = displayStatus(row);
  const badge = (
    <Badge variant={DISPLAY_STATUS_TONES[status]} tabIndex={row.error ? 0 : undefined} data-status={status}>
      {DISPLAY_STATUS_LABELS[status]}
    </Badge>
  );
  return row.error ? <SimpleTooltip content={row.error}>{badge}</SimpleTooltip> : badge;
}

function DeliveryCell({ row }: { row: DdexFileRow }) {
  return (
    // May wrap ('Metadata Update' on one line, '#2' on the next) so the table fits laptop widths.
    <span className="inline-block min-w-20">
      {DELIVERY_TYPE_LABELS[row.delivery_type] ?? row.delivery_type}
      {row.delivery_sequence !== null && <span className="ml-1 text-xs whitespace-nowrap text-muted-foreground tabular">#{row.delivery_sequence}</span>}
    </span>
  );
}

function ActionsCell({ row, actions }: { row: DdexFileRow; actions: FileRowActions }) {
  const navigate = useNavigate();
  const imported = Boolean(row.imported_at);
  const canImport = imported || isImportable(row);
  return (
    <div className="flex items-center justify-end gap-1">
      {canImport && (
        // Icon only below 2xl, so Status stays readable beside the pinned actions on a laptop.
        <SimpleTooltip content={imported ? 'Re-import' : 'Import'}>
          <Button size="sm" variant={imported ? 'outline' : 'default'} aria-label={imported ? 'Re-import' : 'Import'} onClick={() => actions.onImport(row)}>
            <Download aria-hidden />
            <span className="hidden 2xl:inline">{imported ? 'Re-import' : 'Import'}</span>
          </Button>
        </SimpleTooltip>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon-sm" variant="ghost" aria-label={`Actions for ${row.release_title ?? row.source_path}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void navigate(`/ddex-media/releases?fileId=${row.id}`)}>
            <Eye aria-hidden />
            View imported releases
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.onViewAssets(row)}>
            <FileSearch aria-hidden />
            View assets
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.onRescan(row)}>
            <RotateCw aria-hidden />
            Rescan metadata
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(row)}>
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

export function FilesTable({
  rows,
  loading,
  actions,
  emptyMessage,
}: {
  rows: DdexFileRow[];
  loading: boolean;
  actions: FileRowActions;
  emptyMessage: string;
}) {
  return (
    // Ten columns: tighter cell padding, and Actions pinned to the right edge, so on a narrow screen
    // the table scrolls under the actions instead of hiding them.
    <Table aria-label="DDEX files" className="[&_td]:px-2 [&_th]:px-2 [&_th]:leading-tight [&_th]:whitespace-normal">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableHead key={column} className={column === 'Actions' ? 'text-right' : undefined} pinRight={column === 'Actions'}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          <TableSkeletonRows rows={8} columns={COLUMNS.length} />
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS.length}>{emptyMessage}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <TableRow key={row.id} data-file-id={row.id}>
              <TableCell className="max-w-52 min-w-36">
                <div className="truncate font-medium" title={row.release_title ?? undefined}>
                  {row.release_title ?? <span className="text-muted-foreground">Untitled</span>}
                </div>
                <div className="truncate font-mono text-[11px] text-muted-foreground" title={row.source_path}>
                  {row.source_path}
                </div>
              </TableCell>
              <TableCell className="max-w-36 truncate">
                <ArtistCell row={row} />
              </TableCell>
              <TableCell className="font-mono text-[11px]">{row.upc ?? '—'}</TableCell>
              <TableCell className="font-mono text-[11px]">{row.isrc ?? '—'}</TableCell>
              <TableCell className="tabular">{formatDuration(row.duration_ms)}</TableCell>
              <TableCell className="whitespace-nowrap tabular">{formatDate(row.release_date)}</TableCell>
              <TableCell>
                <DeliveryCell row={row} />
              </TableCell>
              <TableCell>
                <Button size="sm" variant="ghost" className="tabular" aria-label={`${row.asset_count} assets`} onClick={() => actions.onViewAssets(row)}>
                  {row.asset_count}
                </Button>
              </TableCell>
              <TableCell>
                <StatusCell row={row} />
              </TableCell>
              <TableCell pinRight>
                <ActionsCell row={row} actions={actions} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
