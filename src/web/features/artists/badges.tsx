import { Check, CircleHelp, X } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { TIER_NAMES, confidenceVariant, type ArtistRow, type ArtistTier, type TriState } from './data';

const TRI_LABEL: Record<TriState, string> = { true: 'Yes', false: 'No', unknown: 'Unknown' };

/** One screening criterion as a compact badge: green tick, red cross or grey question mark. */
export function CriterionBadge({ label, value, title }: { label: string; value: TriState; title: string }) {
  const variant = value === 'true' ? 'success' : value === 'false' ? 'destructive' : 'outline';
  const Icon = value === 'true' ? Check : value === 'false' ? X : CircleHelp;
  return (
    <Badge variant={variant} title={`${title}: ${TRI_LABEL[value]}`} aria-label={`${title}: ${TRI_LABEL[value]}`} className={value === 'unknown' ? 'text-muted-foreground' : undefined}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}

export function CriteriaBadges({ artist }: { artist: Pick<ArtistRow, 'benelux_roots' | 'performs_in_dutch' | 'benelux_audience'> }) {
  return (
    <div className="flex flex-wrap gap-1">
      <CriterionBadge label="Benelux" title="Benelux roots" value={artist.benelux_roots} />
      <CriterionBadge label="Dutch" title="Performs in Dutch" value={artist.performs_in_dutch} />
      <CriterionBadge label="Audience" title="Benelux audience" value={artist.benelux_audience} />
    </div>
  );
}

export function TriStateBadge({ value }: { value: TriState }) {
  const variant = value === 'true' ? 'success' : value === 'false' ? 'destructive' : 'outline';
  return <Badge variant={variant}>{TRI_LABEL[value]}</Badge>;
}

/** The status badge; 'Ignored' when always_ignore is set, whatever the status. */
export function ArtistStatusBadge({ artist }: { artist: Pick<ArtistRow, 'status' | 'always_ignore'> }) {
  if (artist.always_ignore) return <Badge variant="secondary">Ignored</Badge>;
  if (artist.status === 'approved') return <Badge variant="success">Approved</Badge>;
  if (artist.status === 'rejected') return <Badge variant="destructive">Rejected</Badge>;
  return <Badge variant="warning">Pending</Badge>;
}

export function TierBadge({ tier }: { tier: ArtistTier | null }) {
  if (!tier) return <span className="text-xs text-muted-foreground">No tier</span>;
  return (
    <Badge variant="accent" title={`${tier} ${TIER_NAMES[tier]}`}>
      {tier} · {TIER_NAMES[tier]}
    </Badge>
  );
}

export function ConfidenceBadge({ score }: { score: number }) {
  return <Badge variant={confidenceVariant(score)}>{Math.round(score * 100)}% confidence</Badge>;
}
