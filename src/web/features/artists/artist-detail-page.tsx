import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bot, Check, Eye, EyeOff, FileCode2, Plus, RefreshCw, Tag, UserRound, X } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardHeaderRow,
  CardTitle,
  EmptyState,
  ErrorState,
  Input,
  LoadingScreen,
  notify,
  PageHeader,
  SimpleSelect,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from '@/web/components/ui';
import { ApiError, errorMessage } from '@/web/lib/api';
import { formatCount, formatDate, formatDateTime } from '@/web/lib/format';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { DISPLAY_STATUS_LABELS, DISPLAY_STATUS_TONES, displayStatus } from '@/web/features/ddex-files/status';
import { ArtistStatusBadge, ConfidenceBadge, TriStateBadge } from './badges';
import {
  SCREENING_SOURCE_LABELS,
  TIER_NAMES,
  allowedActions,
  fetchArtist,
  rescreenArtist,
  updateArtist,
  type ArtistDetail,
  type ArtistPatch,
  type ArtistTier,
} from './data';

const DELIVERY_TYPE_LABELS: Record<string, string> = { initial: 'Initial', metadata_update: 'Metadata update', redelivery: 'Redelivery' };

function BackButton() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-3 -ml-2">
      <Link to="/artists">
        <ArrowLeft aria-hidden />
        Back
      </Link>
    </Button>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right">{children}</span>
    </div>
  );
}

export function ArtistDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const queryClient = useQueryClient();
  const artist = useQuery({
    queryKey: ['artists', 'detail', id],
    queryFn: () => fetchArtist(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  useLiveInvalidate(['artist', 'ddex_file'], ['artists', 'detail', id]);

  const notFound = artist.error instanceof ApiError && artist.error.status === 404;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (artist.error && !notFound && artist.error !== reported.current) {
      reported.current = artist.error;
      notify.error(errorMessage(artist.error), 'Failed to load artist');
    }
  }, [artist.error, notFound]);

  if (artist.isPending) return <LoadingScreen />;
  if (notFound) {
    return (
      <>
        <BackButton />
        <EmptyState icon={<UserRound />} title="Artist not found" description="This artist does not exist, or it was removed." />
      </>
    );
  }
  if (artist.isError || !artist.data) {
    return (
      <>
        <BackButton />
        <ErrorState title="Failed to load artist" message={errorMessage(artist.error)} onRetry={() => void artist.refetch()} />
      </>
    );
  }
  return <ArtistDetailView artist={artist.data} onChanged={(next) => queryClient.setQueryData(['artists', 'detail', id], next)} />;
}

function ArtistDetailView({ artist, onChanged }: { artist: ArtistDetail; onChanged: (next: ArtistDetail) => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  async function save(key: string, patch: ArtistPatch, failure: string, success?: (next: ArtistDetail) => [string, string?]) {
    setBusy(key);
    try {
      const next = await updateArtist(artist.id, patch);
      onChanged(next);
      void queryClient.invalidateQueries({ queryKey: ['artists', 'list'] });
      if (success) {
        const [title, message] = success(next);
        notify.success(title, message);
      }
      if (next.import_job) notify.info('Autopush Import Started', `Importing ${formatCount(next.import_job.total_files)} eligible file(s) of ${artist.name}.`);
      if (next.import_error) notify.warning('Autopush Import Not Started', next.import_error);
      return true;
    } catch (error) {
      notify.error(errorMessage(error), failure);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const actions = allowedActions(artist);

  async function rescreen() {
    setBusy('screen');
    try {
      const next = await rescreenArtist(artist.id);
      onChanged({ ...artist, ...next });
      notify.success('Screening Updated', `${artist.name} was screened again.`);
    } catch (error) {
      notify.error(errorMessage(error), 'Screening failed');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <BackButton />
      <PageHeader
        icon={<UserRound />}
        title={artist.name}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <ArtistStatusBadge artist={artist} />
            {artist.tier && <span>Tier {artist.tier} · {TIER_NAMES[artist.tier]}</span>}
          </span>
        }
        actions={
          <>
            {actions.includes('approve') && (
              <Button loading={busy === 'approve'} disabled={busy !== null} onClick={() => void save('approve', { status: 'approved' }, 'Failed to update status', () => ['Artist Approved', 'Autopush is on.'])}>
                <Check aria-hidden />
                Approve
              </Button>
            )}
            {actions.includes('reject') && (
              <Button
                variant="destructive-outline"
                loading={busy === 'reject'}
                disabled={busy !== null}
                onClick={() => void save('reject', { status: 'rejected' }, 'Failed to update status', () => ['Artist Rejected', 'Autopush is off.'])}
              >
                <X aria-hidden />
                Reject
              </Button>
            )}
            {actions.includes('ignore') && (
              <Button variant="outline" loading={busy === 'ignore'} disabled={busy !== null} onClick={() => void save('ignore', { always_ignore: true }, 'Failed to ignore artist', () => ['Artist Ignored'])}>
                <EyeOff aria-hidden />
                Ignore
              </Button>
            )}
            {actions.includes('unignore') && (
              <Button variant="outline" loading={busy === 'unignore'} disabled={busy !== null} onClick={() => void save('unignore', { always_ignore: false }, 'Failed to update status', () => ['Artist Restored'])}>
                <Eye aria-hidden />
                Unignore
              </Button>
            )}
          </>
        }
      />

      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Status</CardTitle>
          </CardHeader>
          <CardContent className="divide-y">
            <Field label="Status">
              <ArtistStatusBadge artist={artist} />
            </Field>
            <Field label="Autopush">
              <Switch
                aria-label="Autopush"
                checked={artist.autopush}
                disabled={busy === 'autopush' || (artist.status === 'rejected' && !artist.autopush)}
                title={artist.status === 'rejected' ? 'Approve the artist to turn autopush on' : undefined}
                onCheckedChange={(checked) => void save('autopush', { autopush: checked }, 'Failed to update autopush', () => [checked ? 'Autopush On' : 'Autopush Off'])}
              />
            </Field>
            <Field label="Main artist">{artist.is_main_artist ? 'Yes' : 'No'}</Field>
            <Field label="Last reviewed">{artist.last_reviewed_at ? formatDateTime(artist.last_reviewed_at) : 'Never'}</Field>
            <Field label="Added">{formatDate(artist.created_at)}</Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Tier</CardTitle>
            <CardDescription>How much attention this artist gets.</CardDescription>
          </CardHeader>
          <CardContent>
            <SimpleSelect
              aria-label="Tier"
              value={artist.tier ?? 'none'}
              disabled={busy === 'tier'}
              options={[{ value: 'none', label: 'No tier' }, ...(['A', 'B', 'C', 'D'] as const).map((t) => ({ value: t, label: `${t} · ${TIER_NAMES[t]}` }))]}
              onValueChange={(value) =>
                void save('tier', { tier: value === 'none' ? null : (value as ArtistTier) }, 'Failed to update tier', (next) => ['Tier Updated', next.tier ? `${next.tier} · ${TIER_NAMES[next.tier]}` : 'No tier'])
              }
            />
            <ul className="mt-3 space-y-1 text-xs text-muted-foreground">
              {(['A', 'B', 'C', 'D'] as const).map((t) => (
                <li key={t} className={t === artist.tier ? 'font-medium text-foreground' : undefined}>
                  {t} · {TIER_NAMES[t]}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <LabelsCard artist={artist} busy={busy === 'labels'} onSave={(labels, failure, title) => save('labels', { labels }, failure, () => [title])} />

        <Card>
          <CardHeader>
            <CardTitle>Screening Criteria</CardTitle>
          </CardHeader>
          <CardContent className="divide-y">
            <Field label="Benelux roots">
              <TriStateBadge value={artist.benelux_roots} />
            </Field>
            <Field label="Performs in Dutch">
              <TriStateBadge value={artist.performs_in_dutch} />
            </Field>
            <Field label="Benelux audience">
              <TriStateBadge value={artist.benelux_audience} />
            </Field>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardHeaderRow>
              <div>
                <CardTitle className="flex items-center gap-2">
                  <Bot aria-hidden className="size-4" />
                  AI Assessment
                </CardTitle>
                <CardDescription>
                  {artist.screened_at
                    ? `${SCREENING_SOURCE_LABELS[artist.screening_source ?? ''] ?? 'Screened'} · ${formatDateTime(artist.screened_at)}`
                    : 'Not screened yet.'}
                </CardDescription>
              </div>
              <div className="flex items-center gap-2">
                {artist.ai_confidence_score !== null && <ConfidenceBadge score={artist.ai_confidence_score} />}
                <Button size="sm" variant="outline" loading={busy === 'screen'} disabled={busy !== null} onClick={() => void rescreen()}>
                  <RefreshCw aria-hidden />
                  Re-screen
                </Button>
              </div>
            </CardHeaderRow>
          </CardHeader>
          <CardContent>
            {artist.ai_reasoning ? (
              <p className="text-sm leading-6 whitespace-pre-wrap" data-testid="ai-reasoning">
                {artist.ai_reasoning}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">No assessment yet. Screening runs when the artist is discovered; use Re-screen to run it now.</p>
            )}
          </CardContent>
        </Card>
      </div>

      <Card className="mt-4">
        <CardHeader>
          <CardHeaderRow>
            <div>
              <CardTitle className="flex items-center gap-2">
                <FileCode2 aria-hidden className="size-4" />
                DDEX Files
              </CardTitle>
              <CardDescription>
                {formatCount(artist.files_count)} file{artist.files_count === 1 ? '' : 's'} · {formatCount(artist.eligible_files_count)} ready to import ·{' '}
                {formatCount(artist.imported_files_count)} imported · {formatCount(artist.releases_count)} release{artist.releases_count === 1 ? '' : 's'} in the catalogue
              </CardDescription>
            </div>
            <Button asChild size="sm" variant="outline">
              <Link to="/ddex-files">Open DDEX Files</Link>
            </Button>
          </CardHeaderRow>
        </CardHeader>
        <CardContent>
          <Table aria-label="DDEX files of this artist">
            <TableHeader>
              <TableRow>
                <TableHead>Release Title</TableHead>
                <TableHead>Partner</TableHead>
                <TableHead>Delivery</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Imported releases</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {artist.files.length === 0 ? (
                <TableMessageRow colSpan={5}>No DDEX files name this artist.</TableMessageRow>
              ) : (
                artist.files.map((file) => {
                  const status = displayStatus(file);
                  return (
                    <TableRow key={file.id}>
                      <TableCell>
                        <div className="font-medium">{file.release_title ?? 'Untitled'}</div>
                        <div className="font-mono text-xs break-all text-muted-foreground">{file.source_path}</div>
                      </TableCell>
                      <TableCell>{file.partner_name ?? '—'}</TableCell>
                      <TableCell>{DELIVERY_TYPE_LABELS[file.delivery_type] ?? file.delivery_type}</TableCell>
                      <TableCell>
                        <Badge variant={DISPLAY_STATUS_TONES[status]}>{DISPLAY_STATUS_LABELS[status]}</Badge>
                      </TableCell>
                      <TableCell className="text-right">
                        {file.imported_at ? (
                          <Link className="text-sm text-primary hover:underline" to={`/ddex-media/releases?fileId=${file.id}`}>
                            View releases
                          </Link>
                        ) : (
                          <span className="text-xs text-muted-foreground">Not imported</span>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}

function LabelsCard({
  artist,
  busy,
  onSave,
}: {
  artist: ArtistDetail;
  busy: boolean;
  onSave: (labels: string[], failure: string, title: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState('');
  async function add(event: FormEvent) {
    event.preventDefault();
    const label = draft.trim();
    if (!label) return; // spec 5: an empty or whitespace-only label is ignored
    if (artist.labels.some((l) => l.toLowerCase() === label.toLowerCase())) {
      notify.error('Label already exists');
      return;
    }
    if (await onSave([...artist.labels, label], 'Failed to add label', 'Label Added')) setDraft('');
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Tag aria-hidden className="size-4" />
          Labels
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="mb-3 flex min-h-7 flex-wrap gap-1.5" aria-label="Labels">
          {artist.labels.length === 0 ? (
            <span className="text-sm text-muted-foreground">No labels yet.</span>
          ) : (
            artist.labels.map((label) => (
              <Badge key={label} variant="outline" className="gap-1 pr-1">
                {label}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-muted"
                  aria-label={`Remove label ${label}`}
                  disabled={busy}
                  onClick={() => void onSave(artist.labels.filter((l) => l !== label), 'Failed to remove label', 'Label Removed')}
                >
                  <X aria-hidden />
                </button>
              </Badge>
            ))
          )}
        </div>
        <form className="flex gap-2" onSubmit={(event) => void add(event)}>
          <Input aria-label="New label" placeholder="Add a label" value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
          <Button type="submit" variant="outline" loading={busy}>
            <Plus aria-hidden />
            Add
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
