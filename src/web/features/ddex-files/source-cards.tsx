import { useState } from 'react';
import { RefreshCw, ScanSearch, Trash2 } from 'lucide-react';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog, notify } from '@/web/components/ui';
import { api, errorMessage } from '@/web/lib/api';
import { formatCount, formatDateTime } from '@/web/lib/format';
import type { SourceCardData } from './data';

/** Spec: Purge shows only on the cards of the sources named FUGA and 'source'. */
export const isPurgeableSource = (name: string) => name === 'FUGA' || name === 'source';

const STORAGE_LABELS: Record<string, string> = {
  bunny_cdn: 'Bunny CDN',
  google_cloud: 'Google Cloud',
  local: 'Local folder',
  s3: 'S3',
};

function SourceCard({ source, isAdmin, onChanged }: { source: SourceCardData; isAdmin: boolean; onChanged: () => void }) {
  const [busy, setBusy] = useState<'scan' | 'full' | null>(null);
  const [confirmPurge, setConfirmPurge] = useState(false);

  async function scan(fullScan: boolean) {
    setBusy(fullScan ? 'full' : 'scan');
    try {
      await api.post('/api/scan-jobs', { source_id: source.id, full_scan: fullScan });
      notify.success('Scan Started', `Scanning ${source.name}...`);
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error, `Failed to start scan for ${source.name}.`), 'Failed to Create Scan Job');
    } finally {
      setBusy(null);
    }
  }

  async function purge() {
    try {
      const result =
        source.name === 'FUGA'
          ? await api.post<{ message: string }>('/api/fn/purge-fuga-data')
          : await api.post<{ message: string }>('/api/fn/purge-source-data', { sourceId: source.id });
      notify.success('Data Purged', result.message);
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error), 'Purge Failed');
      throw error;
    }
  }

  return (
    <Card data-testid={`source-card-${source.name}`}>
      <CardHeader className="pb-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle className="truncate text-sm">{source.name}</CardTitle>
            <p className="truncate font-mono text-xs text-muted-foreground" title={source.storage_zone}>
              {source.storage_zone}
            </p>
          </div>
          <Badge variant="outline">{STORAGE_LABELS[source.storage_type] ?? source.storage_type}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Files</dt>
            <dd className="text-base font-semibold tabular">{formatCount(source.files_count)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last scan</dt>
            <dd className="font-medium">{source.last_scanned_at ? formatDateTime(source.last_scanned_at) : 'Never'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" loading={busy === 'scan'} disabled={busy !== null} onClick={() => void scan(false)}>
            <ScanSearch aria-hidden />
            Scan
          </Button>
          <Button size="sm" variant="outline" loading={busy === 'full'} disabled={busy !== null} onClick={() => void scan(true)}>
            <RefreshCw aria-hidden />
            Full Rescan
          </Button>
          {isAdmin && isPurgeableSource(source.name) && (
            <Button size="sm" variant="destructive-outline" onClick={() => setConfirmPurge(true)}>
              <Trash2 aria-hidden />
              Purge
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirmPurge}
        onOpenChange={setConfirmPurge}
        title={`Purge ${source.name}?`}
        description="This deletes every DDEX file row and the scan history of this source, and resets its last scan time. Imported releases and the stored files stay. This action cannot be undone."
        confirmLabel="Purge"
        destructive
        onConfirm={purge}
      />
    </Card>
  );
}

export function SourceCards({ sources, isAdmin, onChanged }: { sources: SourceCardData[]; isAdmin: boolean; onChanged: () => void }) {
  if (sources.length === 0) return null;
  return (
    <section aria-label="Sources" className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {sources.map((source) => (
        <SourceCard key={source.id} source={source} isAdmin={isAdmin} onChanged={onChanged} />
      ))}
    </section>
  );
}
