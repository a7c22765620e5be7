import { Link, useParams } from 'react-router';
import { ArrowLeft, UserRound } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PageHeader } from '@/web/components/ui/page-header';

export function ArtistDetailPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-3 -ml-2">
        <Link to="/artists">
          <ArrowLeft aria-hidden />
          Back
        </Link>
      </Button>
      <PageHeader title="Artist" subtitle={id ? `Artist ${id}` : undefined} />
      <EmptyState icon={<UserRound />} title="Artist details are not available yet" />
    </>
  );
}
